// One feed per followed game, and each subscription's stream of it: replayed from the log, then live.
import { PeriodicJob } from '../clock/periodic-job';
import { applyEvent, type GameEvent, type GameState } from '../engine';
import {
  EVENT_PAGE_SIZE,
  foldLog,
  type EventPages,
  type LoggedEvent,
  type LogSnapshots,
} from '../store/event-log';
import type { FeedCheckQueries } from '../store/feed-checks.queries';
import type { GameReads } from '../store/game-reads.repository';
import type { GameStateCache } from '../store/game-state-cache';
import type { ChangeBus } from './change-bus';
import { sliceSpent, yieldToLoop } from './event-loop-pacer';
import { workCounts } from '../instrumentation/work-counts';
import { Inbox } from './inbox';
import { SequencedFeed } from './sequenced-feed';

/** One event with the game's state right after it (so each viewer's view can be built as of that event). */
export interface FeedItem extends LoggedEvent {
  readonly gameId: string;
  /**
   * The state GameEvent.game shows, when newer than `state`: a stream never shows a game older than one it
   * has shown, so a replayed event shows the newest state the stream knows (a client that writes every
   * event's game into a normalized cache never sees its game go back).
   */
  readonly shown?: GameState;
}

/** A subscriber's inbox may not grow past this; a client that slow is disconnected rather than buffered. */
export const MAX_QUEUED_EVENTS = 5_000;

/** How often followed games are checked against the log, besides the change notices. */
const CHECK_INTERVAL_MS = 2_000;

/**
 * Replayed events a stream keeps ahead of its reader: a replay pauses once a page more than this waits to be
 * read, until no more than this does, so a replay of a long log holds a page or two.
 */
const REPLAY_AHEAD = EVENT_PAGE_SIZE;

export class GameNotFoundError extends Error {}
export class AfterSeqError extends Error {}

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

/** The async iterator of one subscription: backfill from the log, then live, in seq order, exactly once. */
export class EventStream extends Inbox<FeedItem> {
  /**
   * Items not yet read. A live item is queued as it is (the same object for every stream of the game, which
   * lets spectators share one execution); a replayed event is queued without its state, which is folded
   * when it is read: a replay then holds one state at a time, not one per event of the game.
   */
  private readonly out: (FeedItem | { readonly replayed: GameEvent })[] = [];
  /** The state of the last item handed out: the base the next queued replay entry is folded on. */
  private cursor: GameState | null = null;
  /** Live items that arrived while the stream was reading the log. */
  private buffered: FeedItem[] = [];
  private reading = true;
  /** Replayed items waiting in `out`. */
  private replayQueued = 0;
  private state: GameState | null = null;
  private last = 0;
  /** The newest state handed out as the game shown (FeedItem.shown). */
  private newestShown: GameState | null = null;
  /** The replay waiting for its reader to take queued entries before it folds more of the log. */
  private drain: (() => void) | null = null;
  /** The log being folded from the stream's position, while it is read (null when it is not). */
  private replay: AsyncGenerator<LoggedEvent, void, undefined> | null = null;

  constructor(
    private readonly feed: GameFeed,
    private readonly pages: EventPages,
    private readonly release: (s: EventStream) => void,
    private readonly snapshots: LogSnapshots | null = null,
  ) {
    super();
  }

  /** Starts after `afterSeq`, or after the latest event when it is null. */
  async start(afterSeq: number | null): Promise<void> {
    const current = this.feed.state;
    if (afterSeq === null || afterSeq === current.seq) {
      this.state = current;
      this.cursor = current;
      this.last = current.seq;
      this.reading = false;
      return;
    }
    // Each event needs the state right after it, so the log is folded from the nearest stored state at or
    // before afterSeq. The log, not the feed, decides whether afterSeq is too far: the feed may not have
    // read a change another process made.
    const base = (await this.snapshots?.atOrBefore(this.feed.gameId, afterSeq)) ?? null;
    if (base) {
      this.state = base;
      this.cursor = base;
      this.last = base.seq;
    }
    const more = await this.fold(afterSeq, afterSeq);
    if (afterSeq > this.last) {
      throw new AfterSeqError(`afterSeq ${afterSeq} is beyond the last event of the game (${this.last})`);
    }
    // The rest of the log is read as the reader takes it: the subscription starts now.
    if (more) this.readRest(afterSeq);
    else this.caughtUp();
  }

  accept(item: FeedItem): void {
    if (this.done) return;
    if (this.reading) {
      this.buffered.push(item);
      return;
    }
    const seq = item.event.seq;
    if (seq <= this.last) return;
    if (seq === this.last + 1) {
      this.state = item.state;
      this.last = seq;
      this.emit(item);
      return;
    }
    // A gap (this stream joined between two reads of the feed): fill it from the log.
    this.buffered.push(item);
    this.reading = true;
    this.readRest(this.last);
  }

  /** Reads the log to its end in the background, emitting events after `emitAfter`, then goes on live. */
  private readRest(emitAfter: number): void {
    this.fold(emitAfter).then(
      () => this.caughtUp(),
      (error: unknown) => this.fail(error),
    );
  }

  /**
   * Folds the log after the stream's position (read a page at a time, see foldLog), emitting the events
   * after `emitAfter`, until the end of the log or a gap (false), or until the position reaches `until`
   * (true: the rest is folded by the next call). It reads one page at least, so a subscription the database
   * cannot serve is refused when it starts. The loop gets its turn every few milliseconds, and the fold
   * pauses while a page more than REPLAY_AHEAD replayed entries waits for the reader.
   */
  private async fold(emitAfter: number, until = Infinity): Promise<boolean> {
    const replay = (this.replay ??= foldLog(this.pages, this.feed.gameId, this.state));
    for (;;) {
      if (this.replayQueued >= REPLAY_AHEAD + EVENT_PAGE_SIZE) await this.drained();
      if (this.done) return false;
      const next = await replay.next();
      if (this.done) return false;
      if (next.done) {
        this.replay = null;
        return false;
      }
      const { event, state } = next.value;
      this.state = state;
      this.last = event.seq;
      if (event.seq > emitAfter) this.emitReplayed(event, state);
      // Skipped (at or before afterSeq): nothing is queued yet, so the next entry folds on this state.
      else this.cursor = state;
      if (this.last >= until) return true;
      if (sliceSpent()) await yieldToLoop();
    }
  }

  /** Resolves once the replayed entries waiting for the reader are at most REPLAY_AHEAD (or it left). */
  private async drained(): Promise<void> {
    while (this.replayQueued > REPLAY_AHEAD && !this.done) {
      await new Promise<void>((resolve) => (this.drain = resolve));
    }
  }

  /** The replay is done: live items go out as they come, starting with those that came during it. */
  private caughtUp(): void {
    this.reading = false;
    const buffered = this.buffered;
    this.buffered = [];
    for (const item of buffered) this.accept(item);
  }

  /**
   * Hands an item to the reader or queues it. Only live items count against the limit: a replay of the log
   * is as long as the game, and a reader that keeps up with it is not slow.
   */
  private emit(item: FeedItem): void {
    if (this.done) return;
    if (this.readerWaiting) return this.handOut(this.present(item, false));
    this.out.push(item);
    if (this.out.length - this.replayQueued > MAX_QUEUED_EVENTS)
      this.fail(new Error('the subscriber is too slow: events were not read'));
  }

  /** A replayed event, with the state after it (kept only if a reader is waiting for it now). */
  private emitReplayed(event: GameEvent, state: GameState): void {
    if (this.done) return;
    if (this.readerWaiting)
      return this.handOut(this.present({ gameId: this.feed.gameId, event, state }, true));
    this.out.push({ replayed: event });
    this.replayQueued++;
  }

  protected override handOut(item: FeedItem): void {
    this.cursor = item.state;
    super.handOut(item);
  }

  protected dequeue(): FeedItem | undefined {
    const entry = this.out.shift();
    if (!entry) return undefined;
    let item: FeedItem;
    if ('replayed' in entry) {
      this.replayQueued--;
      if (this.drain && this.replayQueued <= REPLAY_AHEAD) this.wakeReplay();
      const event = entry.replayed;
      workCounts.folds++;
      item = this.present({ gameId: this.feed.gameId, event, state: applyEvent(this.cursor, event) }, true);
    } else {
      item = this.present(entry, false);
    }
    this.cursor = item.state;
    return item;
  }

  /**
   * The item with the game it shows: a live one shows the state right after it (the same object for every
   * stream) unless this stream has already shown a newer one; a replayed one shows the newest state known
   * here (the feed's, the replay's, or one already shown), so a replay never takes a client's game back.
   */
  private present(item: FeedItem, replayed: boolean): FeedItem {
    let newest = newer(item.state, this.newestShown);
    if (replayed) newest = newer(newer(newest, this.state), this.feed.state);
    this.newestShown = newest;
    return newest === item.state ? item : { ...item, shown: newest };
  }

  private wakeReplay(): void {
    const drain = this.drain;
    this.drain = null;
    drain?.();
  }

  protected onClose(): void {
    this.out.length = 0;
    this.replayQueued = 0;
    this.buffered = [];
    this.wakeReplay();
    this.release(this);
  }
}

/** The later of two states of one game (by seq), `a` on a tie. */
function newer(a: GameState, b: GameState | null): GameState {
  return b !== null && b.seq > a.seq ? b : a;
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
