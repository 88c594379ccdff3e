// One feed per followed game of this process, and the registry that creates it on its first subscriber.
import { PeriodicJob } from '../clock/periodic-job';
import { applyEvent, type GameEvent, type GameState } from '../engine';
import { EVENT_PAGE_SIZE, type EventPages, type LogSnapshots } from '../store/event-log';
import type { FeedCheckQueries } from '../store/feed-checks.queries';
import type { GameReads } from '../store/game-reads.repository';
import type { GameStateCache } from '../store/game-state-cache';
import type { ChangeBus } from './change-bus';
import { sliceSpent, yieldToLoop } from './event-loop-pacer';
import { EventStream } from './event-stream';
import { workCounts } from '../instrumentation/work-counts';
import { SequencedFeed } from './sequenced-feed';

// Defined beside the streams; exported here too for the code that knows them as the game feed's.
export { AfterSeqError, type FeedItem } from './event-stream';

/** How often followed games are checked against the log, besides the change notices. */
const CHECK_INTERVAL_MS = 2_000;

export class GameNotFoundError extends Error {}

/** What feeds and replays read: the log, a page at a time, and the states stored along it. */
export interface ReplayStore {
  readonly eventLog: EventPages & LogSnapshots;
  /** Told of each event handed out, with how many subscribers got it (metrics). */
  readonly fannedOut?: (event: GameEvent, subscribers: number) => void;
}

/**
 * Follows one game for every subscriber of this process: on each change notice it reads the new events
 * from the log once, folds them into its state, and hands each (event, state) to the subscribers.
 */
class GameFeed extends SequencedFeed<GameEvent> {
  readonly subscribers = new Set<EventStream>();

  constructor(
    readonly gameId: string,
    public state: GameState,
    private readonly cache: GameStateCache,
    private readonly store: ReplayStore,
    log: (m: unknown) => void,
  ) {
    super(log);
  }

  /** The states the engine computed for the events being handed out (advanceFolded), by event. */
  private folded: ReadonlyMap<GameEvent, GameState> | null = null;

  get last(): number {
    return this.state.seq;
  }

  /**
   * `advance` with the state right after each event as the engine computed it for the move: the feed takes
   * them rather than folding the events again (the engine is deterministic: the same state either way).
   */
  advanceFolded(events: readonly GameEvent[], states: readonly GameState[] | undefined): boolean {
    if (!states || states.length !== events.length) return this.advance(events);
    this.folded = new Map(events.map((e, i) => [e, states[i]!]));
    try {
      return this.advance(events);
    } finally {
      this.folded = null;
    }
  }

  /** Folds the event into the feed's state and hands (event, state) to every subscriber. */
  protected take(event: GameEvent): void {
    const folded = this.folded?.get(event);
    if (folded) {
      this.state = folded;
    } else {
      this.state = applyEvent(this.state, event);
      workCounts.folds++;
    }
    const item = { gameId: this.gameId, event, state: this.state };
    for (const s of this.subscribers) s.accept(item);
    this.store.fannedOut?.(event, this.subscribers.size);
  }

  protected async readAfterLast(): Promise<{ items: readonly GameEvent[]; more: boolean }> {
    const events = await this.store.eventLog.events(this.gameId, { afterSeq: this.state.seq });
    return { items: events, more: events.length >= EVENT_PAGE_SIZE };
  }

  protected override async afterPage(events: readonly GameEvent[]): Promise<void> {
    // Another process moved: the next move here then starts from the new state, not a stale guess.
    if (events.length) this.cache.cacheNewerState(this.gameId, this.state);
    if (events.length >= EVENT_PAGE_SIZE && sliceSpent()) await yieldToLoop();
  }
}

/** Where this process's own committed moves are announced (the move service). */
export interface CommittedMoves {
  onApplied(
    listener: (
      gameId: string,
      events: readonly GameEvent[],
      state: GameState,
      states?: readonly GameState[],
    ) => void,
  ): () => void;
}

/** Every followed game of this process, created on the first subscriber and dropped after the last. */
export class GameFeeds {
  private readonly feeds = new Map<string, GameFeed>();
  private readonly loading = new Map<string, Promise<GameFeed | null>>();
  private readonly unsubscribe: (() => void)[];
  private readonly recheck: PeriodicJob;

  constructor(
    bus: ChangeBus,
    moves: CommittedMoves,
    private readonly reads: GameReads,
    private readonly cache: GameStateCache,
    private readonly checks: FeedCheckQueries,
    private readonly log: (m: unknown) => void,
    private readonly store: ReplayStore,
  ) {
    this.unsubscribe = [
      // Moves made by this process reach its subscribers without waiting for the notice and a read.
      moves.onApplied((gameId, events, _state, states) => {
        const feed = this.feeds.get(gameId);
        if (feed && !feed.advanceFolded(events, states)) feed.catchUp();
      }),
      bus.subscribe((change) => {
        const feed = this.feeds.get(change.gameId);
        if (feed && change.seq > feed.state.seq) feed.catchUp();
      }),
      bus.onResync(() => {
        for (const feed of this.feeds.values()) feed.catchUp();
      }),
    ];
    // Notices are sent after commits: one lost (a process killed in between, a bus hiccup) is made up here.
    this.recheck = new PeriodicJob({
      name: 'game feeds',
      // checkFollowed logs its own errors.
      run: async () => {
        await this.checkFollowed();
        return 0;
      },
      intervalMs: CHECK_INTERVAL_MS,
      unref: true,
      log,
    });
    this.recheck.start();
  }

  /** The events of a game after `afterSeq` (null: only new ones). Throws GameNotFoundError or AfterSeqError. */
  async subscribe(gameId: string, afterSeq: number | null): Promise<EventStream> {
    let feed = await this.acquire(gameId);
    // The last subscriber of that feed may have left while it was awaited.
    const current = this.feeds.get(gameId);
    if (current) feed = current;
    else this.feeds.set(gameId, feed);
    const stream = new EventStream(
      feed,
      this.store.eventLog,
      (s) => this.releaseStream(feed, s),
      this.store.eventLog,
    );
    feed.subscribers.add(stream);
    try {
      await stream.start(afterSeq);
    } catch (error) {
      await stream.return();
      throw error;
    }
    // Changes committed while the feed was being created may have come before it listened.
    feed.catchUp();
    return stream;
  }

  get followedGames(): number {
    return this.feeds.size;
  }

  private async acquire(gameId: string): Promise<GameFeed> {
    const existing = this.feeds.get(gameId);
    if (existing) return existing;
    let loading = this.loading.get(gameId);
    if (!loading) {
      loading = this.reads.load(gameId).then((state) => {
        this.loading.delete(gameId);
        if (!state) return null;
        const feed = new GameFeed(gameId, state, this.cache, this.store, this.log);
        this.feeds.set(gameId, feed);
        return feed;
      });
      this.loading.set(gameId, loading);
    }
    const feed = await loading;
    if (!feed) throw new GameNotFoundError(`game ${gameId} does not exist`);
    return feed;
  }

  private releaseStream(feed: GameFeed, stream: EventStream): void {
    feed.subscribers.delete(stream);
    if (feed.subscribers.size === 0 && this.feeds.get(feed.gameId) === feed) this.feeds.delete(feed.gameId);
  }

  /** Catches up every followed game the log has moved past, whether or not a notice said so. */
  async checkFollowed(): Promise<void> {
    if (this.feeds.size === 0) return;
    try {
      const last = await this.checks.lastSeqs([...this.feeds.keys()]);
      for (const [gameId, seq] of last) {
        const feed = this.feeds.get(gameId);
        if (feed && seq > feed.state.seq) feed.catchUp();
      }
    } catch (error) {
      this.log(error);
    }
  }

  /** Stops following every game; resolves once a check in progress is done. */
  close(): Promise<void> {
    const stopped = this.recheck.stop();
    for (const u of this.unsubscribe) u();
    this.feeds.clear();
    return stopped;
  }
}
