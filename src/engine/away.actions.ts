// Away seats: a person's seat the server plays for now, taking it back, and nudging a stalled turn.
import { done, fail, type MoveContext } from './action-support';
import type { ActionResult } from './commands';
import {
  activeSeats,
  currentRound,
  everyHumanAway,
  nudgeDeadline,
  playedByServer,
  seatOf,
  tableOptions,
  turnStartedAt,
  waitingSince,
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
/** How long a game waits with every person in play away before it ends (seconds; ALL_AWAY_END_SECONDS). */
export const DEFAULT_ALL_AWAY_END_SECONDS = 600;

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
  if (waitingSince(state) !== null && isByBot(state, seat, byBot))
    return violation('GAME_NOT_IN_PROGRESS', 'the game waits for a person to return: nobody moves for them');
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
  resumeIfWaiting(t, seat);
  t.step();
}

/** A person came back to a game that waited for one: it goes on (GAME_RESUMED, in their return's step). */
function resumeIfWaiting(t: Transition, seat: number): void {
  if (waitingSince(t.state) === null) return;
  t.emit({ type: 'GAME_RESUMED', seat, playerId: t.state.seats[seat]!.playerId });
}

/**
 * After an accepted action: when it left every person in play away, the game waits, a step of its own
 * (GAME_WAITING); null when it does not.
 */
export function waitIfEveryoneAway(state: GameState, at: string): Transition | null {
  if (waitingSince(state) !== null || !everyHumanAway(state)) return null;
  const t = new Transition(state, at);
  t.emit({ type: 'GAME_WAITING' });
  return t;
}

/**
 * The server ends a game that has waited `endSeconds` with every person in play away: an open round is
 * voided, the bots still in play take the first places and the away people the next, each by dice held
 * (ties in seat order); the game is unrated.
 */
export function endAllAway(state: GameState, endSeconds: number, ctx: MoveContext): ActionResult {
  const since = waitingSince(state);
  if (state.status !== 'IN_PROGRESS' || since === null)
    return fail(violation('GAME_NOT_IN_PROGRESS', 'the game is not waiting for a person to return'));
  if (epochMillis(since) + endSeconds * 1000 > epochMillis(ctx.at))
    return fail(violation('GAME_NOT_IN_PROGRESS', `the game has not waited ${endSeconds} s yet`));
  const t = new Transition(state, ctx.at);
  if (currentRound(state)) t.emit({ type: 'ROUND_ENDED', number: state.rounds.length, outcome: null });
  const byDice = (a: number, b: number) => state.seats[b]!.diceCount - state.seats[a]!.diceCount;
  // Stable sorts keep equal dice in seat order.
  const inPlay = activeSeats(state);
  const standings = [
    ...inPlay.filter((seat) => state.seats[seat]!.bot).sort(byDice),
    ...inPlay.filter((seat) => !state.seats[seat]!.bot).sort(byDice),
  ];
  t.emit({ type: 'GAME_FINISHED', winner: standings[0]!, allAway: true, standings });
  return done(t);
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
  resumeIfWaiting(t, seat);
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
