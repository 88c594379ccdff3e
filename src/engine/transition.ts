import type { DraftEvent, GameEvent } from './events';
import { applyEvent } from './reducer';
import type { GameState } from './state';

/** Accumulates the events of one accepted action, folding each into the state as it is emitted. */
export class Transition {
  readonly events: GameEvent[] = [];
  private current: GameState | null;
  private readonly version: number;

  constructor(
    start: GameState | null,
    private readonly at: string,
  ) {
    this.current = start;
    this.version = (start?.version ?? 0) + 1;
  }

  get state(): GameState {
    if (!this.current) throw new Error('no state before the first event');
    return this.current;
  }

  emit(draft: DraftEvent): void {
    const event = {
      ...draft,
      seq: (this.current?.seq ?? 0) + 1,
      version: this.version,
      at: this.at,
    } as GameEvent;
    this.current = applyEvent(this.current, event);
    this.events.push(event);
  }
}
