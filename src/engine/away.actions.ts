// Away seats: a person's seat the server plays for now, taking it back, and nudging a stalled turn.
import { done, fail, type MoveContext } from './action-support';
import type { ActionResult } from './commands';
import {
  currentRound,
  nudgeDeadline,
  playedByServer,
  seatOf,
  tableOptions,
  turnStartedAt,
  type GameState,
  type PlayerId,
} from './state';
import { epochMillis, isoTimestamp } from './timestamps';
import { Transition } from './transition';
import { violation, type Violation } from './violations';

/** How old a turn of an untimed game must be before it may be nudged (seconds). */
export const NUDGE_AFTER_SECONDS = 120;
/** How long a nudged player has to move before their seat becomes away (seconds). */
export const NUDGE_SECONDS = 60;

function notInProgress(state: GameState): Violation | null {
  if (state.status === 'IN_PROGRESS') return null;
  return violation(
    'GAME_NOT_IN_PROGRESS',
    state.status === 'LOBBY' ? 'the game has not started' : 'the game is over',
  );
}

/**
 * Why a move the server makes for `seat` (`byBot`) may not be made: the seat is neither a bot's nor away, so
 * only its player moves for it. Null when it may.
 */
export function serverMoveRefusal(state: GameState, seat: number, byBot: boolean): Violation | null {
  if (!byBot || playedByServer(state.seats[seat]!)) return null;
  return violation('NOT_AWAY', `seat ${seat} is played by its player, not by the server`);
}

/** Whether a move made for `seat` is marked as the server's: asked as such, or a bot player's. */
export function isByBot(state: GameState, seat: number, byBot: boolean | undefined): boolean {
  return byBot === true || state.seats[seat]!.bot !== undefined;
}

/**
 * Before a person's own move from an away seat: they are back, a change of its own (SEAT_RETURNED), and the
 * move is the next step.
 */
export function returnBeforeOwnMove(t: Transition, seat: number, byBot: boolean): void {
  const s = t.state.seats[seat]!;
  if (byBot || s.away !== true) return;
  t.emit({ type: 'SEAT_RETURNED', seat, playerId: s.playerId });
  t.step();
}

/** The player takes their away seat back. */
export function returnToGame(state: GameState, playerId: PlayerId, ctx: MoveContext): ActionResult {
  const refused = notInProgress(state);
  if (refused) return fail(refused);
  const seat = seatOf(state, playerId);
  if (seat < 0) return fail(violation('NOT_SEATED', 'you have no seat in this game'));
  if (state.seats[seat]!.away !== true)
    return fail(violation('NOT_AWAY', 'your seat is not away: you are playing it'));
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'SEAT_RETURNED', seat, playerId });
  return done(t);
}

/**
 * A player in play, not on turn, nudges the person on turn of an untimed game once the turn is
 * NUDGE_AFTER_SECONDS old: the turn then has NUDGE_SECONDS. A nudge while one runs changes nothing.
 */
export function nudge(state: GameState, playerId: PlayerId, ctx: MoveContext): ActionResult {
  const refused = notInProgress(state);
  if (refused) return fail(refused);
  const round = currentRound(state);
  const seat = seatOf(state, playerId);
  const turn = round?.turn ?? null;
  if (seat < 0 || state.seats[seat]!.diceCount === 0 || turn === null || turn === seat) {
    return fail(
      violation('NOT_IN_GAME', 'only a player in play who is not on turn can nudge the player on turn'),
    );
  }
  const onTurn = state.seats[turn]!;
  if (state.turnSeconds !== null)
    return fail(violation('NUDGE_NOT_ALLOWED', 'turns of this game are timed: the timer moves it on'));
  if (playedByServer(onTurn))
    return fail(violation('NUDGE_NOT_ALLOWED', `seat ${turn} is played by the server: it moves on its own`));
  const now = epochMillis(ctx.at);
  const age = now - epochMillis(turnStartedAt(state)!);
  if (age < NUDGE_AFTER_SECONDS * 1000) {
    const wait = Math.ceil((NUDGE_AFTER_SECONDS * 1000 - age) / 1000);
    return fail(
      violation(
        'NUDGE_TOO_EARLY',
        `a turn may be nudged once it is ${NUDGE_AFTER_SECONDS} s old: try again in ${wait} s`,
      ),
    );
  }
  // Nudged already: that nudge's clock runs (or has just run out and the seat is about to go away).
  if (nudgeDeadline(state) !== null) return { ok: true, state, events: [] };
  const t = new Transition(state, ctx.at);
  const deadline = isoTimestamp(now + NUDGE_SECONDS * 1000);
  t.emit({ type: 'PLAYER_NUDGED', seat: turn, playerId: onTurn.playerId, by: playerId, deadline });
  return done(t);
}

/**
 * The server takes over the person on turn in `seat`: a nudge on this turn ran out (checked here), or they
 * stayed disconnected for the table's disconnectSeconds (which the server checks: presence is not state).
 */
export function markAway(
  state: GameState,
  seat: number,
  reason: 'NUDGE' | 'DISCONNECTED',
  ctx: MoveContext,
): ActionResult {
  const refused = notInProgress(state);
  if (refused) return fail(refused);
  const round = currentRound(state);
  if (!round || round.turn !== seat) return fail(violation('NOT_YOUR_TURN', `it is not seat ${seat}'s turn`));
  const s = state.seats[seat]!;
  if (playedByServer(s)) return fail(violation('NUDGE_NOT_ALLOWED', `seat ${seat} is played by the server`));
  if (reason === 'NUDGE') {
    const deadline = nudgeDeadline(state);
    if (deadline === null || deadline > epochMillis(ctx.at))
      return fail(violation('NUDGE_TOO_EARLY', `no nudge on seat ${seat}'s turn has run out`));
  } else if (state.turnSeconds !== null || tableOptions(state).disconnectSeconds === null) {
    return fail(violation('NUDGE_NOT_ALLOWED', 'this game does not take disconnected players over'));
  }
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'SEAT_AWAY', seat, playerId: s.playerId, reason });
  return done(t);
}
