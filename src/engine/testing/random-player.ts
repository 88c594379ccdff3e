// A random player for tests and benchmarks: legal moves, arbitrary attempts and leaves.
/**
 * For tests and benchmarks only: picks a random command for a game position, either a legal move (chosen
 * from `legalActions`) or an arbitrary attempt that is usually illegal (wrong turn, bad bids, calls nobody
 * may make, unknown players). Not used by the engine itself.
 */
import type { Command } from '../commands';
import { legalActions } from '../legal-actions';
import type { Rng } from '../random';
import { currentRound, totalDice, type GameState } from '../state';

export interface RandomPlayOptions {
  /** Probability of an arbitrary (mostly illegal) attempt instead of a legal move. Default 0. */
  readonly illegalRate?: number;
  /** Probability that a random player still in the game leaves instead. Default 0. */
  readonly leaveRate?: number;
  /** Probability of challenging (dudo, or exact where allowed) when the player could bid instead. Default 0.3. */
  readonly challengeRate?: number;
  /** Probability that a challenge is an exact call when one is allowed. Default 0.3. */
  readonly exactRate?: number;
}

function chance(rng: Rng, p: number): boolean {
  return p > 0 && rng.int(1_000_000) < p * 1_000_000;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(items.length)]!;
}

/** A random seat that still has dice. */
function randomActiveSeat(state: GameState, rng: Rng): number {
  const active: number[] = [];
  state.seats.forEach((s, i) => {
    if (s.diceCount > 0) active.push(i);
  });
  return pick(rng, active);
}

/**
 * A random legal move of the game in progress: the player whose turn it is bids (near the minimum), calls
 * dudo or calls exact, or another player calls exact out of turn where the rules allow it. Null when the game
 * is not in progress.
 */
export function randomLegalCommand(
  state: GameState,
  rng: Rng,
  options: RandomPlayOptions = {},
): Command | null {
  const round = currentRound(state);
  if (state.status !== 'IN_PROGRESS' || !round || round.turn === null) return null;
  const challengeRate = options.challengeRate ?? 0.3;
  const exactRate = options.exactRate ?? 0.3;
  const rules = state.rules;
  if (rules.exact !== 'NONE' && rules.exactCaller === 'ANY_EXCEPT_NEXT' && round.bids.length > 0) {
    const other = randomActiveSeat(state, rng);
    if (
      other !== round.turn &&
      chance(rng, exactRate * challengeRate) &&
      legalActions(state, other).canExact
    ) {
      return { type: 'EXACT', playerId: state.seats[other]!.playerId };
    }
  }
  const seat = round.turn;
  const playerId = state.seats[seat]!.playerId;
  const legal = legalActions(state, seat);
  if (legal.canDudo && (!legal.canBid || chance(rng, challengeRate))) {
    if (legal.canExact && chance(rng, exactRate)) return { type: 'EXACT', playerId };
    return { type: 'DUDO', playerId };
  }
  const option = pick(rng, legal.minBids);
  const total = totalDice(state);
  // Mostly the minimum, sometimes a jump.
  const jump = rng.int(4) === 0 ? rng.int(3) + 1 : 0;
  const quantity = Math.min(total, option.minQuantity + jump);
  return { type: 'BID', playerId, quantity, face: option.face };
}

/**
 * An arbitrary attempt by anyone (seated or not, in turn or not, with dice or not): bids with random
 * quantities and faces, dudo and exact calls, joins and starts. It may happen to be legal.
 */
export function randomAnyCommand(state: GameState, rng: Rng): Command {
  const seats = state.seats;
  const playerId =
    rng.int(10) === 0 || seats.length === 0 ? `stranger${rng.int(3)}` : pick(rng, seats).playerId;
  const total = totalDice(state);
  switch (rng.int(8)) {
    case 0:
    case 1:
    case 2: {
      const quantity =
        rng.int(10) === 0 ? pick(rng, [0, -1, 1.5, total + 1, Number.NaN]) : 1 + rng.int(total + 2);
      const face = rng.int(10) === 0 ? pick(rng, [0, 7, 2.5, -1]) : 1 + rng.int(6);
      return { type: 'BID', playerId, quantity, face };
    }
    case 3:
    case 4:
      return { type: 'DUDO', playerId };
    case 5:
    case 6:
      return { type: 'EXACT', playerId };
    default:
      return rng.int(2) === 0 ? { type: 'JOIN', playerId } : { type: 'START', playerId };
  }
}

/** What kind of attempt a random move is. */
export type MoveIntent = 'legal' | 'arbitrary' | 'leave';

/**
 * A random move for a game in progress: a leave (with `leaveRate`), an arbitrary attempt (with
 * `illegalRate`), else a legal move. Null when the game is not in progress.
 */
export function randomMove(
  state: GameState,
  rng: Rng,
  options: RandomPlayOptions = {},
): { readonly command: Command; readonly intent: MoveIntent } | null {
  if (state.status !== 'IN_PROGRESS') return null;
  if (chance(rng, options.leaveRate ?? 0)) {
    return {
      command: { type: 'LEAVE', playerId: state.seats[randomActiveSeat(state, rng)]!.playerId },
      intent: 'leave',
    };
  }
  if (chance(rng, options.illegalRate ?? 0))
    return { command: randomAnyCommand(state, rng), intent: 'arbitrary' };
  const command = randomLegalCommand(state, rng, options);
  return command && { command, intent: 'legal' };
}

/** The command of `randomMove`. */
export function randomCommand(state: GameState, rng: Rng, options: RandomPlayOptions = {}): Command | null {
  return randomMove(state, rng, options)?.command ?? null;
}
