// What each kind of game event means to the layers around the engine; a new event type must be classified.
import type { GameEvent, GameEventType, PlayerLeftEvent } from './events';

/** The same for every event of a type, or, for a leave, true only when it happened in that phase. */
type Answer = boolean | PlayerLeftEvent['phase'];

interface Meaning {
  /**
   * Another event of the same action always follows this one: the game is then between two steps (a dudo
   * called but not yet resolved, a round ended and the next not yet started), and nobody may act on it.
   */
  readonly midAction: Answer;
  /**
   * The event belongs to the game's last round: played in it, ending it, or following from its end. A leave
   * or forfeit in play voids the open round, and an elimination follows a round's end.
   */
  readonly round: Answer;
  /** It changes what the lobby shows: everything up to the start, a kick, a host change, any leave. */
  readonly lobby: boolean;
  /** It renumbers the seats: a join, a kick, or a leave in the lobby (later seats move up). */
  readonly renumbersSeats: Answer;
}

// One row a type: the compiler refuses a new event type until it has its row.
const MEANING: Readonly<Record<GameEventType, Meaning>> = {
  GAME_CREATED: { midAction: false, round: false, lobby: true, renumbersSeats: false },
  PLAYER_JOINED: { midAction: false, round: false, lobby: true, renumbersSeats: true },
  PLAYER_LEFT: { midAction: 'IN_PROGRESS', round: 'IN_PROGRESS', lobby: true, renumbersSeats: 'LOBBY' },
  GAME_CANCELLED: { midAction: false, round: false, lobby: true, renumbersSeats: false },
  GAME_STARTED: { midAction: true, round: false, lobby: true, renumbersSeats: false },
  ROUND_STARTED: { midAction: false, round: true, lobby: false, renumbersSeats: false },
  BID_PLACED: { midAction: false, round: true, lobby: false, renumbersSeats: false },
  DUDO_CALLED: { midAction: true, round: true, lobby: false, renumbersSeats: false },
  EXACT_CALLED: { midAction: true, round: true, lobby: false, renumbersSeats: false },
  TURN_TIMED_OUT: { midAction: true, round: true, lobby: false, renumbersSeats: false },
  ROUND_ENDED: { midAction: true, round: true, lobby: false, renumbersSeats: false },
  PLAYER_ELIMINATED: { midAction: true, round: true, lobby: false, renumbersSeats: false },
  GAME_FINISHED: { midAction: false, round: false, lobby: false, renumbersSeats: false },
  REMATCH_CREATED: { midAction: false, round: false, lobby: false, renumbersSeats: false },
  PLAYER_KICKED: { midAction: false, round: false, lobby: true, renumbersSeats: true },
  HOST_CHANGED: { midAction: false, round: false, lobby: true, renumbersSeats: false },
  SEAT_AWAY: { midAction: false, round: false, lobby: false, renumbersSeats: false },
  SEAT_RETURNED: { midAction: false, round: false, lobby: false, renumbersSeats: false },
  PLAYER_NUDGED: { midAction: false, round: false, lobby: false, renumbersSeats: false },
  GAME_WAITING: { midAction: false, round: false, lobby: false, renumbersSeats: false },
  GAME_RESUMED: { midAction: false, round: false, lobby: false, renumbersSeats: false },
};

function holds(event: GameEvent, answer: Answer): boolean {
  if (typeof answer === 'boolean') return answer;
  return event.type === 'PLAYER_LEFT' && event.phase === answer;
}

/** Whether another event of the same action always follows this one (see Meaning.midAction). */
export function isMidAction(event: GameEvent): boolean {
  return holds(event, MEANING[event.type].midAction);
}

/** Whether the event belongs to the game's last round (see Meaning.round). */
export function isRoundEvent(event: GameEvent): boolean {
  return holds(event, MEANING[event.type].round);
}

/** Whether an event of this type changes what the lobby shows of the game. */
export function isLobbyEvent(type: GameEventType): boolean {
  return MEANING[type].lobby;
}

/** Whether the event renumbers the seats: a join, a kick, or a leave in the lobby (later seats move up). */
export function renumbersSeats(event: GameEvent): boolean {
  return holds(event, MEANING[event.type].renumbersSeats);
}

/** Whether any of the events renumbers the seats: the seating is then to be rewritten whole. */
export function changesSeating(events: readonly GameEvent[]): boolean {
  return events.some(renumbersSeats);
}
