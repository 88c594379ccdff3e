// Live chat for every subscriber of this process: each game's messages replayed from storage, then live, in
// seq order, exactly once, across processes (notices on the change bus, a periodic check for lost ones).
import { PeriodicJob } from '../clock/periodic-job';
import { channel, type Channel } from '../realtime/bus-channel';
import { CHAT_NOTICE, MUTE_NOTICE, type ChatNotice } from './chat-notices.codec';
import type { GameState } from '../engine';
import type { ChangeBus } from '../realtime/change-bus';
import { Inbox } from '../realtime/inbox';
import { SequencedFeed } from '../realtime/sequenced-feed';
import type { ChatRecord, ChatRepository } from './chat.repository';
import type { ChatAnnouncer, ChatGames } from './chat.service';

/** The error that ends a viewer's stream once the game, as it is now, no longer lets them read its chat. */
export type ChatRightCheck = (state: GameState) => Error | null;

/** Messages read from storage at a time. */
const PAGE = 500;
/** A subscriber's queue of live messages may not grow past this; a client that slow is disconnected. */
export const MAX_QUEUED_MESSAGES = 5_000;
/** How often followed games are checked against storage, besides the notices. */
const CHECK_INTERVAL_MS = 2_000;

export class ChatAfterSeqError extends Error {}

/** One followed game: its last message known here, and its subscribers. */
class ChatFeed extends SequencedFeed<ChatRecord> {
  readonly subscribers = new Set<ChatStream>();

  constructor(
    readonly gameId: string,
    public last: number,
    private readonly store: ChatRepository,
    log: (m: unknown) => void,
    /** Resolves once the mute changes heard so far apply to the subscribers. */
    private readonly mutesSettled: () => Promise<void>,
    private readonly games: ChatGames,
  ) {
    super(log);
  }

  /**
   * Ends the streams whose viewers may no longer read the chat, by the game as stored now: called after
   * messages were read or committed and before they are handed out, so a message sent after a viewer lost
   * the right (kicked, left, the start) never reaches them, whichever process or notice came first.
   */
  async checkRights(): Promise<void> {
    const checked = [...this.subscribers].filter((s) => s.rightCheck !== null);
    if (checked.length === 0) return;
    const state = await this.games.load(this.gameId);
    for (const s of checked) {
      const error = state ? s.rightCheck!(state) : new Error('the game no longer exists');
      if (error) s.end(error);
    }
  }

  protected take(m: ChatRecord): void {
    this.last = m.seq;
    for (const s of this.subscribers) s.accept(m);
  }

  protected async readAfterLast(): Promise<{ items: readonly ChatRecord[]; more: boolean }> {
    const page = await this.store.page(this.gameId, this.last, PAGE);
    // A mute heard before this message's notice applies to it.
    await this.mutesSettled();
    if (page.length > 0) await this.checkRights();
    return { items: page, more: page.length >= PAGE };
  }
}

/** One gameChat subscription: replay after afterSeq, then live, without the authors its viewer muted. */
export class ChatStream extends Inbox<ChatRecord> {
  private readonly out: ChatRecord[] = [];
  private buffered: ChatRecord[] = [];
  private reading = true;
  private last = 0;

  constructor(
    private readonly feed: ChatFeed,
    private readonly store: ChatRepository,
    readonly viewerId: string | null,
    public muted: ReadonlySet<string>,
    private readonly release: (s: ChatStream) => void,
    /** Checked before messages reach the viewer (null: their right cannot change). */
    readonly rightCheck: ChatRightCheck | null = null,
  ) {
    super();
  }

  /** Ends the stream with `error`: the reader's next read rejects with it, and nothing more reaches it. */
  end(error: unknown): void {
    this.fail(error);
  }

  /** Replays the messages after `afterSeq` (null: none, only new ones), then goes on live. */
  async start(afterSeq: number | null): Promise<void> {
    if (afterSeq === null) {
      this.last = this.feed.last;
      this.caughtUp();
      return;
    }
    this.last = afterSeq;
    const more = await this.readPage();
    if (this.last === afterSeq && afterSeq > 0) {
      const lastSeq = (await this.store.lastSeqs([this.feed.gameId])).get(this.feed.gameId) ?? 0;
      if (afterSeq > lastSeq) {
        throw new ChatAfterSeqError(
          `afterSeq ${afterSeq} is beyond the last message of the game (${lastSeq})`,
        );
      }
    }
    if (more) this.readRest();
    else this.caughtUp();
  }

  /** Reads one page after the stream's position; true when there may be more. */
  private async readPage(): Promise<boolean> {
    const page = await this.store.page(this.feed.gameId, this.last, PAGE);
    if (page.length > 0 && this.rightCheck) await this.feed.checkRights();
    for (const m of page) {
      if (this.done) return false;
      if (m.seq !== this.last + 1) break;
      this.last = m.seq;
      this.emit(m);
    }
    return page.length === PAGE;
  }

  private readRest(): void {
    void (async () => {
      try {
        while (!this.done && (await this.readPage()));
        this.caughtUp();
      } catch (error) {
        this.fail(error);
      }
    })();
  }

  accept(m: ChatRecord): void {
    if (this.done) return;
    if (this.reading) {
      this.buffered.push(m);
      return;
    }
    if (m.seq <= this.last) return;
    if (m.seq === this.last + 1) {
      this.last = m.seq;
      this.emit(m);
      return;
    }
    // A gap (this stream joined between two reads of the feed): fill it from storage.
    this.buffered.push(m);
    this.reading = true;
    this.readRest();
  }

  private caughtUp(): void {
    this.reading = false;
    const buffered = this.buffered;
    this.buffered = [];
    for (const m of buffered) this.accept(m);
  }

  private emit(m: ChatRecord): void {
    if (this.done || this.muted.has(m.authorId)) return;
    if (this.readerWaiting) return this.handOut(m);
    this.out.push(m);
    if (this.out.length > MAX_QUEUED_MESSAGES)
      this.fail(new Error('the subscriber is too slow: messages were not read'));
  }

  protected dequeue(): ChatRecord | undefined {
    // A mute set while messages waited applies to them too.
    for (;;) {
      const m = this.out.shift();
      if (!m || !this.muted.has(m.authorId)) return m;
    }
  }

  protected onClose(): void {
    this.out.length = 0;
    this.buffered = [];
    this.release(this);
  }
}

/** Every followed game's chat on this process; also what the chat service announces its changes to. */
export class ChatFeeds implements ChatAnnouncer {
  private readonly feeds = new Map<string, ChatFeed>();
  private readonly unsubscribe: (() => void)[];
  /** Committed messages and mute changes, told to the other processes. */
  private readonly notices: Channel<ChatNotice>;
  private readonly mutes: Channel<string>;
  private readonly check: PeriodicJob;
  /** Mute reloads under way: messages wait for them, so that a mute applies to every later message. */
  private readonly reloads = new Set<Promise<void>>();

  constructor(
    bus: ChangeBus,
    private readonly store: ChatRepository,
    private readonly log: (m: unknown) => void,
    /** The games as stored now, read when a viewer's right to a chat is checked. */
    private readonly games: ChatGames,
  ) {
    this.notices = channel(bus, 'chat', CHAT_NOTICE);
    this.mutes = channel(bus, 'chat-mute', MUTE_NOTICE);
    this.unsubscribe = [
      this.notices.onMessage((notice) => {
        const feed = this.feeds.get(notice.gameId);
        if (feed && notice.seq > feed.last) feed.catchUp();
      }),
      this.mutes.onMessage((playerId) => this.reloadMutes(playerId)),
      bus.onResync(() => {
        for (const feed of this.feeds.values()) feed.catchUp();
      }),
    ];
    this.check = new PeriodicJob({
      name: 'chat check',
      intervalMs: CHECK_INTERVAL_MS,
      unref: true,
      log,
      run: () => this.checkFollowed(),
    });
    this.check.start();
  }

  /** A message committed by this process: its subscribers here at once, the other processes by notice. */
  sent(message: ChatRecord): void {
    void this.notices.send({ gameId: message.gameId, seq: message.seq });
    const deliver = (feed: ChatFeed): void => {
      if (!feed.advance([message])) feed.catchUp();
    };
    const feed = this.feeds.get(message.gameId);
    if (!feed) return;
    if (this.reloads.size === 0 && ![...feed.subscribers].some((s) => s.rightCheck)) return deliver(feed);
    void (async () => {
      await this.mutesSettled();
      await feed.checkRights();
      deliver(feed);
    })().catch((error: unknown) => {
      this.log(error);
      feed.catchUp();
    });
  }

  muted(playerId: string): void {
    void this.mutes.send(playerId);
    this.reloadMutes(playerId);
  }

  private async mutesSettled(): Promise<void> {
    while (this.reloads.size > 0) await Promise.all(this.reloads);
  }

  /** How many messages a replay of the game's chat after `afterSeq` reads (what the replay is charged). */
  async replayLength(gameId: string, afterSeq: number): Promise<number> {
    const last = this.feeds.get(gameId)?.last ?? (await this.store.lastSeqs([gameId])).get(gameId) ?? 0;
    return Math.max(0, last - afterSeq);
  }

  /**
   * The game's chat after `afterSeq` (null: only new messages) for a viewer who mutes `muted`; `rightCheck`,
   * when given, ends the stream before any message the viewer may no longer read.
   */
  async subscribe(
    gameId: string,
    viewerId: string | null,
    afterSeq: number | null,
    rightCheck: ChatRightCheck | null = null,
  ): Promise<ChatStream> {
    const muted = viewerId ? await this.store.mutedBy(viewerId) : new Set<string>();
    let feed = this.feeds.get(gameId);
    if (!feed) {
      const last = (await this.store.lastSeqs([gameId])).get(gameId) ?? 0;
      feed =
        this.feeds.get(gameId) ??
        new ChatFeed(gameId, last, this.store, this.log, () => this.mutesSettled(), this.games);
      this.feeds.set(gameId, feed);
    }
    const owner = feed;
    const stream = new ChatStream(
      owner,
      this.store,
      viewerId,
      muted,
      (s) => this.releaseStream(owner, s),
      rightCheck,
    );
    owner.subscribers.add(stream);
    try {
      await stream.start(afterSeq);
    } catch (error) {
      await stream.return();
      throw error;
    }
    // Messages committed while the feed was being created may have come before it listened.
    owner.catchUp();
    return stream;
  }

  get followedGames(): number {
    return this.feeds.size;
  }

  private releaseStream(feed: ChatFeed, stream: ChatStream): void {
    feed.subscribers.delete(stream);
    if (feed.subscribers.size === 0 && this.feeds.get(feed.gameId) === feed) this.feeds.delete(feed.gameId);
  }

  /** Reloads whom `playerId` mutes for their streams here. */
  private reloadMutes(playerId: string): void {
    const streams = () =>
      [...this.feeds.values()].flatMap((f) => [...f.subscribers]).filter((s) => s.viewerId === playerId);
    if (streams().length === 0) return;
    const reload = this.store.mutedBy(playerId).then(
      (muted) => {
        for (const s of streams()) s.muted = muted;
      },
      (error: unknown) => this.log(error),
    );
    this.reloads.add(reload);
    void reload.finally(() => this.reloads.delete(reload));
  }

  /**
   * Catches up every followed game storage has moved past, whether or not a notice said so; resolves to how
   * many games it caught up.
   */
  async checkFollowed(): Promise<number> {
    if (this.feeds.size === 0) return 0;
    let caughtUp = 0;
    try {
      const last = await this.store.lastSeqs([...this.feeds.keys()]);
      for (const [gameId, seq] of last) {
        const feed = this.feeds.get(gameId);
        if (feed && seq > feed.last) {
          feed.catchUp();
          caughtUp++;
        }
      }
    } catch (error) {
      this.log(error);
    }
    return caughtUp;
  }

  /** Stops listening and checking; resolves once a check in flight has ended. */
  async close(): Promise<void> {
    for (const u of this.unsubscribe) u();
    this.feeds.clear();
    await this.check.stop();
  }
}
