// Which events change the lobby or renumber the seats, and the change notice a move publishes.
import type { GameEvent } from '../engine';
import type { GameChange } from './change-notifier';

const LOBBY_EVENTS = new Set<GameEvent['type']>([
  'GAME_CREATED',
  'PLAYER_JOINED',
  'PLAYER_LEFT',
  'GAME_CANCELLED',
  'GAME_STARTED',
]);

/** Whether the seats were renumbered (a join, or a leave in the lobby): they are then rewritten whole. */
export function movesSeats(events: readonly GameEvent[]): boolean {
  return events.some((e) => e.type === 'PLAYER_JOINED' || (e.type === 'PLAYER_LEFT' && e.phase === 'LOBBY'));
}

export function changeOf(gameId: string, events: readonly GameEvent[]): GameChange {
  return { gameId, seq: events[events.length - 1]!.seq, lobby: events.some((e) => LOBBY_EVENTS.has(e.type)) };
}
