// When the server next moves in a game by itself: a timed turn running out, a bot's move, or the end of a
// game that waited too long for a person to return.
import { DEFAULT_ALL_AWAY_END_SECONDS } from './away.actions';
import { checkExact } from './bid-checks';
import {
  currentRound,
  lastBid,
  playedByServer,
  tableOptions,
  turnDeadline,
  turnStartedAt,
  waitingSince,
  type GameState,
} from './state';
import { tableMoveDue } from './table.actions';
import { epochMillis } from './timestamps';

/** How long a bot thinks before its move by default (ms; the server's BOT_DELAY_MS). */
export const DEFAULT_BOT_DELAY_MS = 1000;

/**
 * The seats the server plays (bots, and away seats) that may act now: the one whose turn it is, and those
 * that may call exact out of turn (where the rules allow it). Empty outside play.
 */
export function botsToAct(state: GameState): number[] {
  const round = currentRound(state);
  if (state.status !== 'IN_PROGRESS' || !round || round.turn === null) return [];
  if (waitingSince(state) !== null) return [];
  const seats: number[] = [];
  if (playedByServer(state.seats[round.turn]!)) seats.push(round.turn);
  if (state.rules.exactCaller === 'ANY_EXCEPT_NEXT' && lastBid(round)) {
    state.seats.forEach((s, seat) => {
      if (
        playedByServer(s) &&
        seat !== round.turn &&
        s.diceCount > 0 &&
        checkExact(state, round, seat) === null
      )
        seats.push(seat);
    });
  }
  return seats;
}

/**
 * When the server is next due to move in this game, in epoch milliseconds, or null: `botDelayMs` after the
 * turn began when a bot may act on it, else when a timed turn runs out; in a game that waits for a person
 * to return, only its end, `allAwayEndSeconds` after the wait began. Computed from the state's own
 * timestamps, so every process agrees on it; a bot that decides not to call out of turn leaves the game
 * to its turn deadline.
 */
export function serverMoveDue(
  state: GameState,
  botDelayMs: number,
  allAwayEndSeconds = DEFAULT_ALL_AWAY_END_SECONDS,
): number | null {
  if (state.status === 'LOBBY') return tableMoveDue(state);
  const waiting = waitingSince(state);
  if (waiting !== null && state.status === 'IN_PROGRESS')
    return epochMillis(waiting) + allAwayEndSeconds * 1000;
  const deadline = earliest(turnDeadline(state), disconnectCheckDue(state));
  if (botsToAct(state).length === 0) return deadline;
  const started = turnStartedAt(state);
  const botDue = started === null ? null : epochMillis(started) + botDelayMs;
  return earliest(deadline, botDue);
}

/** The earlier of two instants, either of which may be absent (null). */
export function earliest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}

/**
 * In an untimed game with disconnectSeconds, when the person on turn may first be taken over for being
 * disconnected: disconnectSeconds after the turn began (their last disconnection, if later, is the
 * server's to read: presence is not state). Null when that does not apply.
 */
export function disconnectCheckDue(state: GameState): number | null {
  const seconds = tableOptions(state).disconnectSeconds;
  const turn = currentRound(state)?.turn ?? null;
  if (state.status !== 'IN_PROGRESS' || state.turnSeconds !== null || seconds === null || turn === null)
    return null;
  if (playedByServer(state.seats[turn]!)) return null;
  return epochMillis(turnStartedAt(state)!) + seconds * 1000;
}
