// The events of one accepted action, each folded into the state as it is emitted.
import type { DraftEvent, GameEvent } from './events';
import { applyEvent } from './reducer';
import type { GameState } from './state';

/** Accumulates the events of one accepted action, folding each into the state as it is emitted. */
export class Transition {
  readonly events: GameEvent[] = [];
  /** The state right after each event, in the same order: whoever hands the events on need not fold them again. */
  readonly states: GameState[] = [];
  private current: GameState | null;
  private version: number;

  constructor(
    start: GameState | null,
    private readonly at: string,
  ) {
    this.current = start;
    this.version = (start?.version ?? 0) + 1;
  }

  /**
   * Starts the next step of the action: its later events take the next version, as a change of its own
   * (a host change after a leave, each bot a fill seats, the start that follows).
   */
  step(): void {
    this.version++;
  }

  get state(): GameState {
    if (!this.current) throw new Error('no state before the first event');
    return this.current;
  }

  /**
   * Numbers the draft and applies it. The draft must be a fresh object owned by this call (every caller
   * passes a literal): it is completed in place, which V8 does far faster than copying it with a spread.
   */
  emit(draft: DraftEvent): void {
    const numbered = draft as unknown as { seq: number; version: number; at: string };
    numbered.seq = (this.current?.seq ?? 0) + 1;
    numbered.version = this.version;
    numbered.at = this.at;
    const event = draft as unknown as GameEvent;
    this.current = applyEvent(this.current, event);
    this.events.push(event);
    this.states.push(this.current);
  }
}
