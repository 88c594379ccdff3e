// The change notice a move publishes once its transaction has committed.
import { isLobbyEvent, type GameEvent } from '../engine';
import type { GameChange } from './change-notifier';

export function changeOf(gameId: string, events: readonly GameEvent[]): GameChange {
  return { gameId, seq: events[events.length - 1]!.seq, lobby: events.some((e) => isLobbyEvent(e.type)) };
}
