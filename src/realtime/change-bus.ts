import type { GameChange } from '../store/change-notifier';

/** Delivers every process's committed game changes to this process. */
export interface ChangeBus {
  subscribe(listener: (change: GameChange) => void): () => void;
  /** Called after the bus had to reconnect: changes may have been missed, so readers must catch up. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The listener bookkeeping every bus shares. */
export class Listeners {
  private readonly changes = new Set<(change: GameChange) => void>();
  private readonly resyncs = new Set<() => void>();

  subscribe(listener: (change: GameChange) => void): () => void {
    this.changes.add(listener);
    return () => this.changes.delete(listener);
  }

  onResync(listener: () => void): () => void {
    this.resyncs.add(listener);
    return () => this.resyncs.delete(listener);
  }

  emit(change: GameChange): void {
    for (const l of this.changes) l(change);
  }

  resync(): void {
    for (const l of this.resyncs) l();
  }
}
