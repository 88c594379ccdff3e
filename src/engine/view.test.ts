// Tests of what views keep secret, and of the legal actions in concrete positions.
import { legalActions } from './legal-actions';
import { seededRng } from './random';
import type { GameState } from './state';
import { buildRound, deepFreeze, Table } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';
import { viewFor } from './view';

const fallback = () => new ScriptedRng([], seededRng(5));

const hands = [
  [1, 2, 3, 4, 5],
  [6, 6, 6, 6, 6],
  [2, 2, 3, 3, 4],
];

/** The same state with every hand but `keep`'s replaced in the open round. */
function withOtherDice(state: GameState, keep: number | null): GameState {
  const rounds = state.rounds.slice();
  const last = rounds[rounds.length - 1]!;
  rounds[rounds.length - 1] = {
    ...last,
    dice: last.dice.map((hand, seat) => (seat === keep ? hand : hand.map((d) => (d % 6) + 1))),
  };
  return { ...state, rounds };
}

describe('viewFor: secrecy', () => {
  it("a player sees their own dice of the open round and nobody else's", () => {
    const state = deepFreeze(buildRound({ rules: 'PUB', hands, bids: [[0, 3, 4]] }));
    for (let seat = 0; seat < 3; seat++) {
      const view = viewFor(state, { playerId: `p${seat}` });
      expect(view.viewerSeat).toBe(seat);
      expect(view.seats.map((s) => s.dice)).toEqual([0, 1, 2].map((i) => (i === seat ? hands[seat] : null)));
      expect(view.currentRound!.reveal).toBeNull();
      expect(view.rounds[0]!.reveal).toBeNull();
      expect(view.legalActions).toEqual(legalActions(state, seat));
    }
  });

  it('a spectator and a player without a seat see no dice at all', () => {
    const state = buildRound({ rules: 'PUB', hands, bids: [[0, 3, 4]] });
    for (const viewer of [null, { playerId: 'stranger' }]) {
      const view = viewFor(state, viewer);
      expect(view.viewerSeat).toBeNull();
      expect(view.legalActions).toBeNull();
      expect(view.seats.map((s) => s.dice)).toEqual([null, null, null]);
      expect(view.currentRound!.reveal).toBeNull();
    }
  });

  it("the view does not depend on other players' dice in any way", () => {
    const state = buildRound({ rules: 'CLASSIC', hands, bids: [[0, 3, 4]] });
    for (const viewer of [null, { playerId: 'p0' }, { playerId: 'p1' }, { playerId: 'p2' }]) {
      const keep = viewer ? Number(viewer.playerId.slice(1)) : null;
      expect(JSON.stringify(viewFor(withOtherDice(state, keep), viewer))).toBe(
        JSON.stringify(viewFor(state, viewer)),
      );
    }
  });

  it('the dice of a round are revealed to everyone once it has ended, the new round stays secret', () => {
    const next = [
      [5, 5, 5, 5],
      [4, 4, 4, 4, 4],
      [3, 3, 3, 3, 3],
    ];
    const t = new Table(
      buildRound({ rules: 'CLASSIC', hands, bids: [[0, 9, 4]] }),
      new ScriptedRng().pushHands(...next),
    );
    t.dudo(1);
    const spectator = viewFor(t.state, null);
    expect(spectator.rounds[0]!.reveal).toEqual([
      { seat: 0, dice: hands[0] },
      { seat: 1, dice: hands[1] },
      { seat: 2, dice: hands[2] },
    ]);
    expect(spectator.rounds[0]!.outcome).toMatchObject({ kind: 'DUDO', actualCount: 3, loser: 0 });
    expect(spectator.rounds[1]!.reveal).toBeNull();
    expect(spectator.currentRound).toEqual(spectator.rounds[1]);
    expect(spectator.seats.map((s) => s.dice)).toEqual([null, null, null]);
    expect(viewFor(t.state, { playerId: 'p0' }).seats.map((s) => s.dice)).toEqual([next[0], null, null]);
  });

  it('a voided round is revealed too, and seats out of the game have no hand in the reveal', () => {
    const t = new Table(buildRound({ rules: 'PUB', hands: [[2, 3], [], [4, 5], [6]] }), fallback());
    t.leave(3);
    const view = viewFor(t.state, { playerId: 'p1' });
    expect(view.rounds[0]).toMatchObject({ voided: true, outcome: null, ended: true });
    expect(view.rounds[0]!.reveal).toEqual([
      { seat: 0, dice: [2, 3] },
      { seat: 2, dice: [4, 5] },
      { seat: 3, dice: [6] },
    ]);
    expect(view.seats.map((s) => [s.eliminated, s.left])).toEqual([
      [false, false],
      [true, false],
      [false, false],
      [true, true],
    ]);
    expect(view.seats[1]!.dice).toEqual([]);
    expect(view.legalActions).toEqual({ canBid: false, minBids: [], canDudo: false, canExact: false });
  });

  it('a finished game shows every round revealed and no dice on the seats', () => {
    const t = new Table(
      buildRound({ rules: 'CLASSIC', hands: [[4], [2, 3]], bids: [[0, 2, 4]] }),
      fallback(),
    );
    t.dudo(1);
    const view = viewFor(t.state, { playerId: 'p1' });
    expect(view).toMatchObject({ status: 'FINISHED', winner: 1, turn: null, currentRound: null });
    expect(view.seats.map((s) => s.dice)).toEqual([null, null]);
    expect(view.rounds[0]!.reveal).toEqual([
      { seat: 0, dice: [4] },
      { seat: 1, dice: [2, 3] },
    ]);
    expect(view.legalActions).toEqual({ canBid: false, minBids: [], canDudo: false, canExact: false });
  });

  it('the lobby: nobody is eliminated, there is no turn and no round', () => {
    const t = Table.lobby('PUB', 2);
    const view = viewFor(t.state, { playerId: 'p0' });
    expect(view).toMatchObject({
      status: 'LOBBY',
      turn: null,
      currentRound: null,
      rounds: [],
      viewerSeat: 0,
      host: 'p0',
    });
    expect(view.seats).toEqual([
      {
        position: 0,
        playerId: 'p0',
        diceCount: 0,
        eliminated: false,
        left: false,
        hasBeenPalifico: false,
        timeouts: 0,
        bot: null,
        away: false,
        dice: null,
      },
      {
        position: 1,
        playerId: 'p1',
        diceCount: 0,
        eliminated: false,
        left: false,
        hasBeenPalifico: false,
        timeouts: 0,
        bot: null,
        away: false,
        dice: null,
      },
    ]);
    expect(view.legalActions).toEqual({ canBid: false, minBids: [], canDudo: false, canExact: false });
  });

  it('the public fields of a game in progress', () => {
    const state = buildRound({ rules: 'PUB', hands, bids: [[0, 3, 4]], name: 'table' });
    const view = viewFor(state, null);
    expect(view).toMatchObject({
      name: 'table',
      status: 'IN_PROGRESS',
      version: state.version,
      seq: state.seq,
      rules: state.rules,
      maxPlayers: state.maxPlayers,
      turn: 1,
      winner: null,
      rollOff: [],
    });
    expect(view.currentRound).toMatchObject({
      number: 1,
      starter: 0,
      palificoSeat: null,
      turn: 1,
      ended: false,
      voided: false,
      outcome: null,
      bids: [{ seat: 0, quantity: 3, face: 4 }],
    });
    expect(view.currentRound).not.toHaveProperty('dice');
  });

  it('changing the view does not change the state', () => {
    const state = deepFreeze(buildRound({ rules: 'PUB', hands, bids: [[0, 3, 4]] }));
    const view = viewFor(state, { playerId: 'p0' });
    (view.seats[0]!.dice as number[])[0] = 6;
    expect(state.rounds[0]!.dice[0]).toEqual(hands[0]);
  });
});

describe('legalActions for concrete positions', () => {
  const NOTHING = { canBid: false, minBids: [], canDudo: false, canExact: false };

  it('CLASSIC, 15 dice, after 7 x 2', () => {
    const state = buildRound({ rules: 'CLASSIC', hands, bids: [[0, 7, 2]] });
    expect(legalActions(state, 1)).toEqual({
      canBid: true,
      minBids: [
        { face: 1, minQuantity: 4 },
        { face: 2, minQuantity: 8 },
        { face: 3, minQuantity: 7 },
        { face: 4, minQuantity: 7 },
        { face: 5, minQuantity: 7 },
        { face: 6, minQuantity: 7 },
      ],
      canDudo: true,
      canExact: false,
    });
    expect(legalActions(state, 0)).toEqual(NOTHING);
    expect(legalActions(state, 2)).toEqual(NOTHING);
    expect(legalActions(state, 7)).toEqual(NOTHING);
  });

  it('the opening bid', () => {
    const state = buildRound({ rules: 'CLASSIC', hands });
    expect(legalActions(state, 0)).toEqual({
      canBid: true,
      minBids: [2, 3, 4, 5, 6].map((face) => ({ face, minQuantity: 1 })),
      canDudo: false,
      canExact: false,
    });
  });

  it('PUB, 16 dice, after 3 x 4: the next player bids or calls dudo, the others may call calza', () => {
    const four = [
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ];
    const state = buildRound({ rules: 'PUB', hands: four, bids: [[0, 3, 4]] });
    expect(legalActions(state, 1)).toEqual({
      canBid: true,
      minBids: [
        { face: 1, minQuantity: 2 },
        { face: 2, minQuantity: 4 },
        { face: 3, minQuantity: 4 },
        { face: 4, minQuantity: 4 },
        { face: 5, minQuantity: 3 },
        { face: 6, minQuantity: 3 },
      ],
      canDudo: true,
      canExact: false,
    });
    expect(legalActions(state, 2)).toEqual({ ...NOTHING, canExact: true });
    expect(legalActions(state, 3)).toEqual({ ...NOTHING, canExact: true });
    expect(legalActions(state, 0)).toEqual(NOTHING);
  });

  it('LIARS_DICE, 9 dice, after 4 x 5: the next player may bid, call dudo or jinto', () => {
    const three = [
      [1, 2, 3],
      [4, 5, 6],
      [2, 2, 2],
    ];
    const state = buildRound({ rules: 'LIARS_DICE', hands: three, bids: [[0, 4, 5]] });
    expect(legalActions(state, 1)).toEqual({
      canBid: true,
      minBids: [
        { face: 1, minQuantity: 2 },
        { face: 2, minQuantity: 5 },
        { face: 3, minQuantity: 5 },
        { face: 4, minQuantity: 5 },
        { face: 5, minQuantity: 5 },
        { face: 6, minQuantity: 5 },
      ],
      canDudo: true,
      canExact: true,
    });
    expect(legalActions(state, 2)).toEqual(NOTHING);
  });

  it('PERUDO with 4 dice in play: the bids run out', () => {
    const small = [
      [2, 3],
      [4, 5],
    ];
    const after = (q: number, f: number) =>
      legalActions(buildRound({ rules: 'PERUDO', hands: small, bids: [[0, q, f]] }), 1);
    expect(after(4, 5).minBids).toEqual([
      { face: 1, minQuantity: 2 },
      { face: 6, minQuantity: 4 },
    ]);
    expect(after(4, 6).minBids).toEqual([{ face: 1, minQuantity: 2 }]);
    expect(after(2, 1).minBids).toEqual([{ face: 1, minQuantity: 3 }]);
    expect(after(4, 1)).toEqual({ canBid: false, minBids: [], canDudo: true, canExact: false });
  });

  it('a palifico round: the face is locked', () => {
    const state = buildRound({
      rules: 'CLASSIC',
      palificoSeat: 0,
      hands: [[3], [2, 2], [4, 4]],
      bids: [[0, 2, 3]],
    });
    expect(legalActions(state, 1)).toEqual({
      canBid: true,
      minBids: [{ face: 3, minQuantity: 3 }],
      canDudo: true,
      canExact: false,
    });
    const opening = buildRound({ rules: 'CLASSIC', palificoSeat: 0, hands: [[3], [2, 2], [4, 4]] });
    expect(legalActions(opening, 0).minBids).toEqual(
      [1, 2, 3, 4, 5, 6].map((face) => ({ face, minQuantity: 1 })),
    );
  });
});
