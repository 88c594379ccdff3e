import type { GameState } from '../engine';
import type { GameRepository } from '../store/game.repository';
import type { ChangeBus } from './change-bus';

export interface LobbyItem {
  readonly gameId: string;
  readonly state: GameState;
}

const MAX_QUEUED = 1_000;

/** A live list of lobby changes: a game created, joined, left, started or cancelled. */
export class LobbyFeed {
  private readonly streams = new Set<LobbyStream>();
  private readonly unsubscribe: () => void;
  /** Reads run one after another, so that a game is never delivered older than it was delivered before. */
  private publishing: Promise<void> = Promise.resolve();

  constructor(
    bus: ChangeBus,
    private readonly repo: GameRepository,
    private readonly log: (m: unknown) => void,
  ) {
    this.unsubscribe = bus.subscribe((change) => {
      if (change.lobby && this.streams.size > 0) {
        this.publishing = this.publishing.then(() => this.publish(change.gameId));
      }
    });
  }

  private async publish(gameId: string): Promise<void> {
    try {
      const state = await this.repo.load(gameId);
      if (!state) return;
      for (const s of this.streams) s.push({ gameId, state });
    } catch (error) {
      this.log(error);
    }
  }

  subscribe(): LobbyStream {
    const stream = new LobbyStream((s) => this.streams.delete(s));
    this.streams.add(stream);
    return stream;
  }

  close(): void {
    this.unsubscribe();
    for (const s of this.streams) void s.return();
  }
}

export class LobbyStream implements AsyncIterableIterator<LobbyItem> {
  private readonly queue: LobbyItem[] = [];
  private waiter: ((r: IteratorResult<LobbyItem>) => void) | null = null;
  private done = false;

  constructor(private readonly release: (s: LobbyStream) => void) {}

  push(item: LobbyItem): void {
    if (this.done) return;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w({ value: item, done: false });
    } else if (this.queue.length < MAX_QUEUED) {
      this.queue.push(item);
    }
  }

  next(): Promise<IteratorResult<LobbyItem>> {
    const item = this.queue.shift();
    if (item) return Promise.resolve({ value: item, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiter = resolve));
  }

  return(): Promise<IteratorResult<LobbyItem>> {
    if (!this.done) {
      this.done = true;
      this.release(this);
      this.waiter?.({ value: undefined, done: true });
      this.waiter = null;
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<LobbyItem> {
    return this;
  }
}
