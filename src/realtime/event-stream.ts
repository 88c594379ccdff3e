// One subscription's stream of a followed game: replayed from the log (folded as it is read), then live.
import { applyEvent, type GameEvent, type GameState } from '../engine';
import {
  EVENT_PAGE_SIZE,
  foldLog,
  type EventPages,
  type LoggedEvent,
  type LogSnapshots,
} from '../store/event-log';
import { sliceSpent, yieldToLoop } from './event-loop-pacer';
import { workCounts } from '../instrumentation/work-counts';
import { Inbox } from './inbox';

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

/**
 * Replayed events a stream keeps ahead of its reader: a replay pauses once a page more than this waits to be
 * read, until no more than this does, so a replay of a long log holds a page or two.
 */
const REPLAY_AHEAD = EVENT_PAGE_SIZE;

export class AfterSeqError extends Error {}

/** The game a stream follows (its feed): its id and the newest state this process has folded. */
export interface StreamedGame {
  readonly gameId: string;
  readonly state: GameState;
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
    private readonly feed: StreamedGame,
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
