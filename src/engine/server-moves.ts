// When the server next moves in a game by itself: a timed turn running out, or a bot's move.
import { checkExact } from './bidding.actions';
import { currentRound, lastBid, turnDeadline, turnStartedAt, type GameState } from './state';
import { tableMoveDue } from './table.actions';
import { epochMillis } from './timestamps';

/** How long a bot thinks before its move by default (ms; the server's BOT_DELAY_MS). */
export const DEFAULT_BOT_DELAY_MS = 1000;

/**
 * The seats whose bot may act now: the bot whose turn it is, and the bots that may call exact out of turn
 * (where the rules allow it). Empty outside play.
 */
export function botsToAct(state: GameState): number[] {
  const round = currentRound(state);
  if (state.status !== 'IN_PROGRESS' || !round || round.turn === null) return [];
  const seats: number[] = [];
  if (state.seats[round.turn]!.bot) seats.push(round.turn);
  if (state.rules.exactCaller === 'ANY_EXCEPT_NEXT' && lastBid(round)) {
    state.seats.forEach((s, seat) => {
      if (s.bot && seat !== round.turn && s.diceCount > 0 && checkExact(state, round, seat) === null)
        seats.push(seat);
    });
  }
  return seats;
}

/**
 * When the server is next due to move in this game, in epoch milliseconds, or null: `botDelayMs` after the
 * turn began when a bot may act on it, else when a timed turn runs out. Computed from the state's own
 * timestamps, so every process agrees on it; a bot that decides not to call out of turn leaves the game
 * to its turn deadline.
 */
export function serverMoveDue(state: GameState, botDelayMs: number): number | null {
  if (state.status === 'LOBBY') return tableMoveDue(state);
  const deadline = turnDeadline(state);
  if (botsToAct(state).length === 0) return deadline;
  const started = turnStartedAt(state);
  const botDue = started === null ? null : epochMillis(started) + botDelayMs;
  if (botDue === null) return deadline;
  return deadline === null ? botDue : Math.min(deadline, botDue);
}
