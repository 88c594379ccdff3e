// Rebuilding a game's state from its complete event log.
import type { GameEvent } from './events';
import { applyEvent } from './reducer';
import type { GameState } from './state';

/** Rebuilds a game's state from its complete event log. */
export function replay(events: readonly GameEvent[]): GameState {
  let state: GameState | null = null;
  for (const event of events) state = applyEvent(state, event);
  if (!state) throw new Error('cannot replay an empty log');
  return state;
}
