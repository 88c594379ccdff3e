// The change bus: committed game changes and broadcasts that reach every API process.
import type { GameChange } from './game-change';

/** Short text messages that reach every API process (the sender's own included); best effort. */
export interface Broadcast {
  /** Resolves (never rejects) once the message is handed to the database or Redis, or is dropped. */
  send(text: string): void | Promise<void>;
  onMessage(listener: (text: string) => void): () => void;
}

/** Delivers every process's committed game changes to this process, and carries its broadcasts. */
export interface ChangeBus extends Broadcast {
  /** Tells every process (this one included) of a committed move; call it after the commit, never inside. */
  publish(change: GameChange): void;
  subscribe(listener: (change: GameChange) => void): () => void;
  /** Called after the bus had to reconnect: changes may have been missed, so readers must catch up. */
  onResync(listener: () => void): () => void;
  /** Whether the bus is connected now (readiness: a process without it would miss other processes' moves). */
  connected(): boolean;
  close(): Promise<void>;
}

/** The listener bookkeeping every bus shares. */
export class Listeners {
  private readonly changes = new Set<(change: GameChange) => void>();
  private readonly resyncs = new Set<() => void>();
  private readonly messages = new Set<(text: string) => void>();

  subscribe(listener: (change: GameChange) => void): () => void {
    this.changes.add(listener);
    return () => this.changes.delete(listener);
  }

  onResync(listener: () => void): () => void {
    this.resyncs.add(listener);
    return () => this.resyncs.delete(listener);
  }

  onMessage(listener: (text: string) => void): () => void {
    this.messages.add(listener);
    return () => this.messages.delete(listener);
  }

  deliver(text: string): void {
    for (const l of this.messages) l(text);
  }

  emit(change: GameChange): void {
    for (const l of this.changes) l(change);
  }

  resync(): void {
    for (const l of this.resyncs) l();
  }
}
