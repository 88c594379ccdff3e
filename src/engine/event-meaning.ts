// What each kind of game event means to the layers around the engine; a new event type must be classified.
import type { GameEvent, GameEventType } from './events';

/**
 * Whether another event of the same action always follows this one: the game is then between two steps
 * (a dudo called but not yet resolved, a round ended and the next not yet started), and nobody may act on it.
 */
export function isMidAction(event: GameEvent): boolean {
  switch (event.type) {
    case 'GAME_STARTED':
    case 'DUDO_CALLED':
    case 'EXACT_CALLED':
    case 'TURN_TIMED_OUT':
    case 'ROUND_ENDED':
    case 'PLAYER_ELIMINATED':
      return true;
    case 'PLAYER_LEFT':
      return event.phase === 'IN_PROGRESS';
    case 'GAME_CREATED':
    case 'PLAYER_JOINED':
    case 'GAME_CANCELLED':
    case 'ROUND_STARTED':
    case 'BID_PLACED':
    case 'GAME_FINISHED':
    case 'REMATCH_CREATED':
    case 'PLAYER_KICKED':
    case 'HOST_CHANGED':
    case 'SEAT_AWAY':
    case 'SEAT_RETURNED':
    case 'PLAYER_NUDGED':
    case 'GAME_WAITING':
    case 'GAME_RESUMED':
      return false;
  }
}

/**
 * Whether the event belongs to the game's last round: played in it, ending it, or following from its end. A
 * leave or forfeit in play voids the open round, and an elimination follows a round's end.
 */
export function isRoundEvent(event: GameEvent): boolean {
  switch (event.type) {
    case 'ROUND_STARTED':
    case 'BID_PLACED':
    case 'DUDO_CALLED':
    case 'EXACT_CALLED':
    case 'TURN_TIMED_OUT':
    case 'ROUND_ENDED':
    case 'PLAYER_ELIMINATED':
      return true;
    case 'PLAYER_LEFT':
      return event.phase === 'IN_PROGRESS';
    case 'GAME_CREATED':
    case 'PLAYER_JOINED':
    case 'GAME_CANCELLED':
    case 'GAME_STARTED':
    case 'GAME_FINISHED':
    case 'REMATCH_CREATED':
    case 'PLAYER_KICKED':
    case 'HOST_CHANGED':
    case 'SEAT_AWAY':
    case 'SEAT_RETURNED':
    case 'PLAYER_NUDGED':
    case 'GAME_WAITING':
    case 'GAME_RESUMED':
      return false;
  }
}

// Everything up to the start is a lobby change, and so is a leave in play.
const LOBBY_EVENT: Readonly<Record<GameEventType, boolean>> = {
  GAME_CREATED: true,
  PLAYER_JOINED: true,
  PLAYER_LEFT: true,
  GAME_CANCELLED: true,
  GAME_STARTED: true,
  ROUND_STARTED: false,
  BID_PLACED: false,
  DUDO_CALLED: false,
  EXACT_CALLED: false,
  TURN_TIMED_OUT: false,
  ROUND_ENDED: false,
  PLAYER_ELIMINATED: false,
  GAME_FINISHED: false,
  REMATCH_CREATED: false,
  PLAYER_KICKED: true,
  HOST_CHANGED: true,
  SEAT_AWAY: false,
  SEAT_RETURNED: false,
  PLAYER_NUDGED: false,
  GAME_WAITING: false,
  GAME_RESUMED: false,
};

/** Whether an event of this type changes what the lobby shows of the game. */
export function isLobbyEvent(type: GameEventType): boolean {
  return LOBBY_EVENT[type];
}

/** Whether the event renumbers the seats: a join, or a leave in the lobby (later seats move up). */
export function renumbersSeats(event: GameEvent): boolean {
  switch (event.type) {
    case 'PLAYER_JOINED':
    case 'PLAYER_KICKED':
      return true;
    case 'PLAYER_LEFT':
      return event.phase === 'LOBBY';
    case 'GAME_CREATED':
    case 'GAME_CANCELLED':
    case 'GAME_STARTED':
    case 'ROUND_STARTED':
    case 'BID_PLACED':
    case 'DUDO_CALLED':
    case 'EXACT_CALLED':
    case 'TURN_TIMED_OUT':
    case 'ROUND_ENDED':
    case 'PLAYER_ELIMINATED':
    case 'GAME_FINISHED':
    case 'REMATCH_CREATED':
    case 'HOST_CHANGED':
    case 'SEAT_AWAY':
    case 'SEAT_RETURNED':
    case 'PLAYER_NUDGED':
    case 'GAME_WAITING':
    case 'GAME_RESUMED':
      return false;
  }
}

/** Whether any of the events renumbers the seats: the seating is then to be rewritten whole. */
export function changesSeating(events: readonly GameEvent[]): boolean {
  return events.some(renumbersSeats);
}
