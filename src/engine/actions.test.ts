// Tests of playing a game: dudo, turns, elimination, winning, immutability and the round limit.
import { applyCommand } from './actions';
import type { ActionResult, Command } from './commands';
import { seededRng } from './random';
import { MAX_ROUNDS, type GameState } from './state';
import { AT, buildRound, deepFreeze, pid, Table, types } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';

const fallback = () => new ScriptedRng([], seededRng(99));

describe('RULES §1: dudo', () => {
  const hands = [
    [3, 3, 1, 5, 6],
    [3, 1, 2, 4, 6],
    [3, 1, 5, 5, 6],
  ]; // 3s: 4, aces: 3 -> a bid on 3s counts 7

  it('count below the bid: the bidder loses a die and starts', () => {
    const t = new Table(buildRound({ rules: 'CLASSIC', hands, bids: [[0, 8, 3]] }), fallback());
    const bid = t.round.bids[0]!;
    const events = t.dudo(1);
    expect(types(events)).toEqual(['DUDO_CALLED', 'ROUND_ENDED', 'ROUND_STARTED']);
    expect(events[0]).toMatchObject({ type: 'DUDO_CALLED', seat: 1 });
    expect(events[1]).toMatchObject({
      type: 'ROUND_ENDED',
      number: 1,
      outcome: { kind: 'DUDO', caller: 1, bid, actualCount: 7, loser: 0, gainer: null },
    });
    expect(t.counts).toEqual([4, 5, 5]);
    expect(t.round).toMatchObject({ number: 2, starter: 0, turn: 0, palificoSeat: null, bids: [] });
  });

  it('count equal to the bid: the challenger loses', () => {
    const t = new Table(buildRound({ rules: 'CLASSIC', hands, bids: [[0, 7, 3]] }), fallback());
    t.dudo(1);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ actualCount: 7, loser: 1 });
    expect(t.counts).toEqual([5, 4, 5]);
    expect(t.round.starter).toBe(1);
  });

  it('count above the bid: the challenger loses', () => {
    const t = new Table(buildRound({ rules: 'PUB', hands, bids: [[0, 5, 3]] }), fallback());
    t.dudo(1);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ actualCount: 7, loser: 1 });
  });

  it('a bid on aces counts only aces', () => {
    const t = new Table(
      buildRound({
        rules: 'PERUDO',
        hands,
        bids: [
          [0, 6, 3],
          [1, 4, 1],
        ],
      }),
      fallback(),
    );
    t.dudo(2);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ actualCount: 3, loser: 1, caller: 2 });
  });

  it('the new round rolls the dice of every player still in the game', () => {
    const rng = new ScriptedRng().pushHands([2, 2, 2, 2], [3, 3, 3, 3, 3], [4, 4, 4, 4, 4]);
    const t = new Table(buildRound({ rules: 'CLASSIC', hands, bids: [[0, 8, 3]] }), rng);
    const events = t.dudo(1);
    expect(events[2]).toEqual({
      type: 'ROUND_STARTED',
      number: 2,
      starter: 0,
      palificoSeat: null,
      dice: [
        [2, 2, 2, 2],
        [3, 3, 3, 3, 3],
        [4, 4, 4, 4, 4],
      ],
      seq: t.state.seq,
      version: t.state.version,
      at: AT,
    });
    expect(rng.remaining).toBe(0);
  });

  it('is impossible before the first bid', () => {
    const t = new Table(buildRound({ rules: 'CLASSIC', hands }), fallback());
    expect(t.refuseDudo(0)).toEqual({
      code: 'NO_BID_TO_CHALLENGE',
      message: 'there is no bid to challenge yet: open the bidding',
    });
  });

  it('only the player whose turn it is may call it', () => {
    const t = new Table(buildRound({ rules: 'PUB', hands, bids: [[0, 2, 3]] }), fallback());
    expect(t.refuseDudo(2)).toEqual({ code: 'NOT_YOUR_TURN', message: "it is seat 1's turn" });
    expect(t.refuseDudo(0).code).toBe('NOT_YOUR_TURN');
  });

  it('all events of one action share the new version and have consecutive seqs', () => {
    const t = new Table(buildRound({ rules: 'CLASSIC', hands, bids: [[0, 8, 3]] }), fallback());
    const { version, seq } = t.state;
    const events = t.dudo(1);
    expect(events.map((e) => e.version)).toEqual([version + 1, version + 1, version + 1]);
    expect(events.map((e) => e.seq)).toEqual([seq + 1, seq + 2, seq + 3]);
    expect(t.state.version).toBe(version + 1);
    expect(t.state.seq).toBe(seq + 3);
  });
});

describe('RULES §1: who may act', () => {
  it('a player without a seat', () => {
    const t = new Table(buildRound({ rules: 'CLASSIC', hands: [[2], [3]] }), fallback());
    expect(t.refuse({ type: 'BID', playerId: 'nobody', quantity: 1, face: 2 })).toEqual({
      code: 'NOT_IN_GAME',
      message: 'you have no seat in this game',
    });
  });

  it('a player who is out of the game', () => {
    const t = new Table(
      buildRound({ rules: 'PUB', hands: [[2], [], [3], [4]], bids: [[0, 1, 2]] }),
      fallback(),
    );
    expect(t.refuseBid(1, 2, 2)).toEqual({ code: 'NOT_IN_GAME', message: 'you are out of this game' });
    expect(t.refuseDudo(1).code).toBe('NOT_IN_GAME');
    expect(t.refuseExact(1).code).toBe('NOT_IN_GAME');
  });

  it('nothing can be played in the lobby', () => {
    const t = Table.lobby('CLASSIC', 2);
    for (const command of [
      { type: 'BID', playerId: 'p0', quantity: 1, face: 2 },
      { type: 'DUDO', playerId: 'p0' },
      { type: 'EXACT', playerId: 'p1' },
    ] as Command[]) {
      expect(t.refuse(command)).toEqual({
        code: 'GAME_NOT_IN_PROGRESS',
        message: 'the game has not started',
      });
    }
  });
});

describe('RULES §1: losing the last die, and winning', () => {
  it('a player who loses the last die is out; the next to the left starts (LOSER)', () => {
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        hands: [[3], [2, 2], [4, 4, 6]],
        bids: [[0, 3, 5]],
      }),
      fallback(),
    );
    const events = t.dudo(1);
    expect(types(events)).toEqual(['DUDO_CALLED', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'ROUND_STARTED']);
    expect(events[2]).toMatchObject({ type: 'PLAYER_ELIMINATED', seat: 0, playerId: 'p0' });
    expect(t.counts).toEqual([0, 2, 3]);
    expect(t.round.starter).toBe(1);
    expect(t.round.dice[0]).toEqual([]);
    expect(t.round.dice.map((h) => h.length)).toEqual([0, 2, 3]);
  });

  it('the next to the left wraps around and skips players already out', () => {
    const t = new Table(
      buildRound({
        rules: 'PUB',
        hands: [[], [2, 2], [3, 3], [5]],
        bids: [
          [1, 1, 4],
          [2, 2, 4],
          [3, 3, 6],
        ],
      }),
      fallback(),
    );
    t.dudo(1);
    expect(t.counts).toEqual([0, 2, 2, 0]);
    expect(t.round.starter).toBe(1);
    expect(t.round.turn).toBe(1);
  });

  it('the last player with dice wins', () => {
    const t = new Table(
      buildRound({ rules: 'CLASSIC', hands: [[4], [2, 3]], bids: [[0, 2, 4]] }),
      fallback(),
    );
    const events = t.dudo(1);
    expect(types(events)).toEqual(['DUDO_CALLED', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'GAME_FINISHED']);
    expect(events[3]).toMatchObject({ type: 'GAME_FINISHED', winner: 1 });
    expect(t.state).toMatchObject({ status: 'FINISHED', winner: 1, finishedAt: AT });
    expect(t.lastRound.ended).toBe(true);
    expect(t.state.rounds).toHaveLength(1);
    expect(t.refuseBid(1, 1, 2)).toEqual({ code: 'GAME_NOT_IN_PROGRESS', message: 'the game is over' });
    expect(t.refuse({ type: 'LEAVE', playerId: 'p1' })).toEqual({
      code: 'GAME_NOT_IN_PROGRESS',
      message: 'the game is over',
    });
  });
});

describe('the input state is never mutated', () => {
  it('a frozen state survives accepted and refused commands of every kind', () => {
    const state = deepFreeze(
      buildRound({
        rules: 'PUB',
        hands: [
          [1, 2, 3],
          [4, 5, 6],
          [2, 2, 2],
          [3, 3, 1],
        ],
        bids: [[0, 3, 2]],
      }),
    );
    const snapshot = JSON.stringify(state);
    const commands: Command[] = [
      { type: 'BID', playerId: 'p1', quantity: 4, face: 2 },
      { type: 'BID', playerId: 'p1', quantity: 2, face: 2 },
      { type: 'BID', playerId: 'p2', quantity: 9, face: 6 },
      { type: 'DUDO', playerId: 'p1' },
      { type: 'DUDO', playerId: 'p3' },
      { type: 'EXACT', playerId: 'p2' },
      { type: 'EXACT', playerId: 'p1' },
      { type: 'LEAVE', playerId: 'p3' },
      { type: 'JOIN', playerId: 'p9' },
      { type: 'START', playerId: 'p0' },
    ];
    for (const command of commands) {
      applyCommand(state, command, { rng: seededRng(1), at: AT });
      expect(JSON.stringify(state)).toBe(snapshot);
    }
  });

  it('a refused command returns the violation only', () => {
    const state = deepFreeze(buildRound({ rules: 'CLASSIC', hands: [[2], [3]] }));
    const result = applyCommand(state, { type: 'DUDO', playerId: pid(0) }, { rng: seededRng(1), at: AT });
    expect(result).toEqual({
      ok: false,
      violation: {
        code: 'NO_BID_TO_CHALLENGE',
        message: 'there is no bid to challenge yet: open the bidding',
      },
    });
  });
});

describe('the round limit', () => {
  function ok(r: ActionResult): Extract<ActionResult, { ok: true }> {
    if (!r.ok) throw new Error(r.violation.message);
    return r;
  }

  /** A game whose open round is round `number`, with the rounds before it ended. */
  function atRound(number: number, hands: number[][], bids: [number, number, number][]): GameState {
    const base = buildRound({ rules: 'LIARS_DICE', hands, bids });
    const open = base.rounds[0]!;
    const earlier = Array.from({ length: number - 1 }, (_, i) => ({
      ...open,
      number: i + 1,
      bids: [],
      turn: null,
      ended: true,
      voided: true,
    }));
    return { ...base, rounds: [...earlier, { ...open, number }] };
  }

  it('ends the game after round MAX_ROUNDS: the player with the most dice wins', () => {
    expect(MAX_ROUNDS).toBe(1000);
    // Seat 1 bids three 5s; seat 2 calls a right jinto and takes a die from seat 1.
    const state = atRound(
      MAX_ROUNDS,
      [
        [2, 2],
        [5, 5, 3],
        [5, 6, 4],
      ],
      [[1, 3, 5]],
    );
    const r = ok(
      applyCommand(deepFreeze(state), { type: 'EXACT', playerId: 'p2' }, { rng: seededRng(1), at: AT }),
    );
    expect(types(r.events)).toEqual(['EXACT_CALLED', 'ROUND_ENDED', 'GAME_FINISHED']);
    expect(r.events[2]).toMatchObject({ type: 'GAME_FINISHED', winner: 2, roundLimit: true });
    expect(r.state).toMatchObject({ status: 'FINISHED', winner: 2, finishedAt: AT });
    expect(r.state.seats.map((s) => s.diceCount)).toEqual([2, 2, 4]);
    expect(r.state.rounds).toHaveLength(MAX_ROUNDS);
  });

  it('breaks a tie in turn order from the player who would have started the next round', () => {
    // A dudo on a true bid: the caller, seat 2, loses a die; LIARS_DICE's winner (seat 1) would start.
    const state = atRound(
      MAX_ROUNDS,
      [
        [2, 2, 2],
        [5, 5, 3],
        [5, 6, 1],
      ],
      [[1, 2, 5]],
    );
    const r = ok(applyCommand(state, { type: 'DUDO', playerId: 'p2' }, { rng: seededRng(1), at: AT }));
    expect(r.state.seats.map((s) => s.diceCount)).toEqual([3, 3, 2]);
    expect(r.events.at(-1)).toMatchObject({
      type: 'GAME_FINISHED',
      winner: 1,
      roundLimit: true,
      // Seats 1 and 0 tie on 3 dice: in turn order from seat 1. Seat 2 has 2.
      standings: [1, 0, 2],
    });
  });

  it('plays round MAX_ROUNDS itself', () => {
    const state = atRound(
      MAX_ROUNDS - 1,
      [
        [2, 2],
        [5, 5, 3],
        [5, 6, 1],
      ],
      [[1, 3, 5]],
    );
    const r = ok(applyCommand(state, { type: 'DUDO', playerId: 'p2' }, { rng: seededRng(1), at: AT }));
    expect(r.events.at(-1)).toMatchObject({ type: 'ROUND_STARTED', number: MAX_ROUNDS });
    expect(r.state.status).toBe('IN_PROGRESS');
  });
});
