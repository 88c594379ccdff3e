// Tests of the default move: what the server plays for a seat that must move and does not.
import { applyCommand } from './actions';
import { defaultMove, defaultMoveCommand, type DefaultMove } from './default-move';
import { legalActions } from './legal-actions';
import { seededRng } from './random';
import { PRESET_NAMES } from './rules';
import { currentRound, type GameState } from './state';
import { AT, buildRound, pid, rulesFor, Table } from './testing/builders';
import { randomCommand } from './testing/random-player';

const threeSeats = [
  [2, 2],
  [3, 3],
  [4, 4],
];

describe('defaultMove', () => {
  it('opens a normal round with 1 x 2 when aces may not open', () => {
    const state = buildRound({ rules: 'CLASSIC', hands: threeSeats });
    expect(defaultMove(state, 0)).toEqual({ kind: 'BID', quantity: 1, face: 2 });
  });

  it('opens with 1 x aces where aces may open', () => {
    const state = buildRound({ rules: rulesFor('CLASSIC', { openingAces: true }), hands: threeSeats });
    expect(defaultMove(state, 0)).toEqual({ kind: 'BID', quantity: 1, face: 1 });
  });

  it('opens a palifico round with 1 x aces', () => {
    const state = buildRound({ rules: 'CLASSIC', hands: [[3], [2, 2], [4, 4]], palificoSeat: 0 });
    expect(defaultMove(state, 0)).toEqual({ kind: 'BID', quantity: 1, face: 1 });
  });

  it('calls dudo on a standing bid, whether or not a higher bid is possible', () => {
    const raisable = buildRound({ rules: 'CLASSIC', hands: threeSeats, bids: [[0, 3, 2]] });
    expect(defaultMove(raisable, 1)).toEqual({ kind: 'DUDO' });
    const topped = buildRound({ rules: 'CLASSIC', hands: threeSeats, bids: [[0, 6, 1]] });
    expect(legalActions(topped, 1).canBid).toBe(false);
    expect(defaultMove(topped, 1)).toEqual({ kind: 'DUDO' });
  });

  it('is null for a seat not on turn, a seat that does not exist, and outside play', () => {
    const state = buildRound({ rules: 'CLASSIC', hands: threeSeats, bids: [[0, 3, 2]] });
    expect(defaultMove(state, 0)).toBeNull();
    expect(defaultMove(state, 2)).toBeNull();
    expect(defaultMove(state, 7)).toBeNull();
    expect(defaultMove(Table.lobby('CLASSIC', 3).state, 0)).toBeNull();
    expect(defaultMove({ ...state, status: 'FINISHED', winner: 0 }, 1)).toBeNull();
    const ended = { ...state, rounds: [{ ...currentRound(state)!, ended: true, turn: null }] };
    expect(defaultMove(ended, 1)).toBeNull();
  });
});

describe('defaultMoveCommand', () => {
  it('makes the move as the given player', () => {
    expect(defaultMoveCommand({ kind: 'DUDO' }, 'p4')).toEqual({ type: 'DUDO', playerId: 'p4' });
    expect(defaultMoveCommand({ kind: 'BID', quantity: 1, face: 2 }, 'p4')).toEqual({
      type: 'BID',
      playerId: 'p4',
      quantity: 1,
      face: 2,
    });
  });
});

/** The fallback written from legal actions: dudo when it may be called or nothing may be bid, else the first smallest bid. */
function fromLegalActions(state: GameState, seat: number): DefaultMove {
  const legal = legalActions(state, seat);
  const smallest = legal.minBids[0];
  return legal.canDudo || !smallest
    ? { kind: 'DUDO' }
    : { kind: 'BID', quantity: smallest.minQuantity, face: smallest.face };
}

describe('defaultMove over random games of every preset', () => {
  it('is legal for the seat on turn, matches the fallback from legal actions, and is what a timeout plays', () => {
    let checked = 0;
    for (const preset of PRESET_NAMES) {
      for (let game = 0; game < 5; game++) {
        const rng = seededRng(1000 * game + preset.length);
        const table = Table.started(preset, 2 + (game % 5), rng);
        for (let step = 0; step < 2000 && table.state.status === 'IN_PROGRESS'; step++) {
          const state = table.state;
          const seat = currentRound(state)!.turn!;
          const move = defaultMove(state, seat);
          expect(move).not.toBeNull();
          expect(move).toEqual(fromLegalActions(state, seat));
          const command = defaultMoveCommand(move!, pid(seat));
          expect(applyCommand(state, command, { rng: seededRng(1), at: AT }).ok).toBe(true);
          const timed = applyCommand(
            { ...state, turnSeconds: 30 },
            { type: 'TIMEOUT', seat },
            { rng: seededRng(1), at: AT },
          );
          if (!timed.ok) throw new Error(timed.violation.message);
          const played = timed.events[1]!;
          expect(played.type).toBe(move!.kind === 'DUDO' ? 'DUDO_CALLED' : 'BID_PLACED');
          if (move!.kind === 'BID')
            expect(played).toMatchObject({ quantity: move!.quantity, face: move!.face });
          checked++;
          table.act(randomCommand(state, rng)!);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
