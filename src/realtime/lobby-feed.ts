// The live feed of lobby changes and its subscriptions.
import { PeriodicJob } from '../clock/periodic-job';
import type { GameState } from '../engine';
import type { FeedCheckQueries } from '../store/feed-checks.queries';
import type { GameCursor, GameListFilter, GameReads } from '../store/game-reads.repository';
import type { ChangeBus } from './change-bus';
import { Inbox } from './inbox';

export interface LobbyItem {
  readonly gameId: string;
  readonly state: GameState;
}

/** A subscriber's inbox may not grow past this; a client that slow is ended rather than buffered. */
export const MAX_QUEUED_LOBBY_ITEMS = 1_000;

/** How often the lobby is checked against the database, besides the change notices. */
const CHECK_INTERVAL_MS = 2_000;

/**
 * How far before the previous check a check looks for games it has not seen. A game's creation time is
 * taken by the creating process before its commit, on that process's clock: this covers the commit's delay
 * and the clocks' difference.
 */
const CREATED_SLACK_MS = 15_000;

/**
 * How long a game is still watched after it left the lobby: a late notice of a change a check already
 * delivered is then recognised. Longer than the span a check looks back over, so that a forgotten game is
 * never found again as a new one.
 */
const RETAIN_MS = 60_000;

const PAGE_SIZE = 200;

export interface LobbyFeedOptions {
  /** Items a subscriber may leave unread before its stream is ended (MAX_QUEUED_LOBBY_ITEMS). */
  readonly maxQueued?: number;
  readonly checkIntervalMs?: number;
}

/** What the feed knows of a game while it has subscribers. */
interface Known {
  /** The seq of the newest state read. */
  seq: number;
  /** The seq of the newest state handed to subscribers (0: none since the feed began watching). */
  delivered: number;
  status: GameState['status'];
  /** How many players have left the game: a leave in play is a lobby change too (its notice says so). */
  playersWhoLeft: number;
  /** When the game was first seen out of the lobby. */
  settledAt: number | null;
}

type Source = 'notice' | 'check' | 'baseline';

function countPlayersWhoLeft(state: GameState): number {
  return state.seats.filter((s) => s.left).length;
}

/**
 * A live list of lobby changes: a game created, joined, left, started or cancelled. Each change notice makes
 * the feed read the game and hand it out. A notice can be lost (it is sent after the commit, and the bus may
 * be reconnecting), so while the feed has subscribers it also checks the database every few seconds and
 * whenever the bus resyncs: the games of the lobby whose log moved, and the games created since the last
 * check. A subscriber gets each game only newer than it got it before, and a change at most once.
 */
export class LobbyFeed {
  private readonly streams = new Set<LobbyStream>();
  private readonly unsubscribe: (() => void)[];
  private readonly maxQueued: number;
  private readonly checkIntervalMs: number;
  /** Every game of the lobby, and those that left it lately; empty while nobody subscribes. */
  private readonly known = new Map<string, Known>();
  /** Games being read after a notice, and whether another notice came meanwhile. */
  private readonly reading = new Map<string, boolean>();
  /** The periodic check while the feed has subscribers (a job per watch: a stopped job does not restart). */
  private watch: PeriodicJob | null = null;
  /** The last watch's stop, which close() waits for. */
  private unwatched: Promise<void> = Promise.resolve();
  /** Changes whenever the feed starts or stops watching: reads begun before are then dropped. */
  private epoch = 0;
  /** When the last complete check began; null until the first one (the baseline) is done. */
  private checkedAt: number | null = null;
  private checking: Promise<void> | null = null;
  private again = false;

  constructor(
    bus: ChangeBus,
    private readonly reads: GameReads,
    private readonly checks: FeedCheckQueries,
    private readonly log: (m: unknown) => void,
    options: LobbyFeedOptions = {},
  ) {
    this.maxQueued = options.maxQueued ?? MAX_QUEUED_LOBBY_ITEMS;
    this.checkIntervalMs = options.checkIntervalMs ?? CHECK_INTERVAL_MS;
    this.unsubscribe = [
      bus.subscribe((change) => {
        if (!change.lobby || this.streams.size === 0) return;
        // A check may have handed out this change already.
        const known = this.known.get(change.gameId);
        if (!known || known.delivered < change.seq) this.read(change.gameId);
      }),
      // The bus reconnected: notices sent meanwhile are lost.
      bus.onResync(() => void this.check()),
    ];
  }

  get subscribers(): number {
    return this.streams.size;
  }

  subscribe(): LobbyStream {
    const stream = new LobbyStream(this.maxQueued, (s) => this.release(s));
    this.streams.add(stream);
    if (this.streams.size === 1) this.startWatching();
    return stream;
  }

  /** Ends every subscription and stops listening; resolves once a check in progress is done. */
  async close(): Promise<void> {
    for (const u of this.unsubscribe) u();
    for (const s of this.streams) void s.return();
    this.stopWatching();
    await Promise.all([this.unwatched, this.checking]);
  }

  /**
   * Checks the lobby against the database now (nothing without subscribers); resolves once a check begun
   * after this call is done. Checks run one at a time: calls during one make one more after it.
   */
  check(): Promise<void> {
    if (this.streams.size === 0) return Promise.resolve();
    if (this.checking) {
      this.again = true;
      return this.checking;
    }
    const run = (async () => {
      do {
        this.again = false;
        try {
          await this.checkOnce();
        } catch (error) {
          // The next check looks back from the last complete one: a transient error loses nothing.
          this.log(error);
        }
      } while (this.again && this.streams.size > 0);
      this.checking = null;
    })();
    this.checking = run;
    return run;
  }

  private release(stream: LobbyStream): void {
    if (this.streams.delete(stream) && this.streams.size === 0) this.stopWatching();
  }

  private startWatching(): void {
    this.epoch++;
    this.known.clear();
    this.checkedAt = null;
    // The run at start is the baseline: the lobby as it is when the first subscriber arrives, to tell later
    // changes from it. check() logs its own errors.
    this.watch = new PeriodicJob({
      name: 'lobby feed',
      run: async () => {
        await this.check();
        return 0;
      },
      intervalMs: this.checkIntervalMs,
      runAtStart: true,
      unref: true,
      log: this.log,
    });
    this.watch.start();
  }

  private stopWatching(): void {
    this.epoch++;
    if (this.watch) this.unwatched = this.watch.stop();
    this.watch = null;
    this.known.clear();
    this.checkedAt = null;
  }

  /** Reads a game after its notice; notices that come during the read make one more read after it. */
  private read(gameId: string): void {
    if (this.reading.has(gameId)) {
      this.reading.set(gameId, true);
      return;
    }
    this.reading.set(gameId, false);
    void (async () => {
      do {
        this.reading.set(gameId, false);
        const epoch = this.epoch;
        try {
          const state = await this.reads.load(gameId);
          if (state && epoch === this.epoch) this.offer(gameId, state, 'notice');
        } catch (error) {
          // The next check makes it up.
          this.log(error);
        }
      } while (this.reading.get(gameId));
      this.reading.delete(gameId);
    })();
  }

  private async checkOnce(): Promise<void> {
    const epoch = this.epoch;
    const startedAt = Date.now();
    const baseline = this.checkedAt === null;
    const found = new Map<string, GameState>();
    const keep = (id: string, state: GameState): void => {
      if ((found.get(id)?.seq ?? -1) < state.seq) found.set(id, state);
    };
    // Games created since the last check, whatever their status now (created and started in between):
    // only their ids are read; the states of those not seen yet are loaded, the others are known already.
    const horizon = (this.checkedAt ?? startedAt) - CREATED_SLACK_MS;
    const created = await this.checks.idsCreatedSince(new Date(horizon));
    const unseen = created.filter((id) => !this.known.has(id));
    if (unseen.length > 0) for (const [id, state] of await this.reads.loadMany(unseen)) keep(id, state);
    // The first check learns the whole lobby; later ones see each of its games move through its log.
    if (baseline) for (const [id, state] of await this.scan({ status: 'LOBBY' })) keep(id, state);
    const others = [...this.known.keys()].filter((id) => !found.has(id));
    if (others.length > 0) {
      const last = await this.checks.lastSeqs(others);
      const moved = others.filter((id) => (last.get(id) ?? 0) > (this.known.get(id)?.seq ?? Infinity));
      if (moved.length > 0) for (const [id, state] of await this.reads.loadMany(moved)) keep(id, state);
    }
    if (epoch !== this.epoch) return;
    // Oldest game first, as they were created.
    const states = [...found].sort(([, a], [, b]) => a.createdAt.localeCompare(b.createdAt));
    for (const [id, state] of states) this.offer(id, state, baseline ? 'baseline' : 'check');
    for (const [id, k] of this.known) {
      if (k.settledAt !== null && startedAt - k.settledAt > RETAIN_MS + this.checkIntervalMs)
        this.known.delete(id);
    }
    this.checkedAt = startedAt;
  }

  /** Every game matching `filter`, page by page. */
  private async scan(filter: GameListFilter): Promise<Map<string, GameState>> {
    const games = new Map<string, GameState>();
    let after: GameCursor | null = null;
    for (;;) {
      const page = await this.reads.list(filter, PAGE_SIZE, after);
      for (const row of page.rows) games.set(row.id, row.state);
      const last = page.rows.at(-1);
      if (!page.hasNextPage || !last) return games;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  /**
   * Takes a state read of a game and hands it to the subscribers when it is news to them: after a notice,
   * any state newer than the one they got; from a check, a newer state with a lobby change since the last
   * read, or a game not seen before. The baseline only records what it reads. Reads may complete in any
   * order: a state older than one already handed out is never handed out.
   */
  private offer(gameId: string, state: GameState, source: Source): void {
    const k = this.known.get(gameId);
    const playersWhoLeft = countPlayersWhoLeft(state);
    let deliver: boolean;
    if (source === 'notice') deliver = !k || state.seq > k.delivered;
    else if (!k) deliver = source === 'check';
    // A state of the lobby that moved is a lobby change (every event there is one); in play, only a leave.
    else deliver = state.seq > k.seq && (k.status === 'LOBBY' || playersWhoLeft !== k.playersWhoLeft);
    let entry = k;
    if (!entry || state.seq > entry.seq) {
      entry = {
        seq: state.seq,
        delivered: k?.delivered ?? 0,
        status: state.status,
        playersWhoLeft,
        settledAt: k?.settledAt ?? (state.status === 'LOBBY' ? null : Date.now()),
      };
      this.known.set(gameId, entry);
    }
    if (!deliver) return;
    entry.delivered = state.seq;
    for (const s of this.streams) s.push({ gameId, state });
  }
}

/**
 * The async iterator of one lobbyEvents subscription. A subscriber that leaves more than `maxQueued` items
 * unread is ended like a slow gameEvents subscriber (EventStream): its unread items are dropped and its next
 * read fails with "the subscriber is too slow", which graphql-ws sends to the client as the subscription's
 * error, ending it. The client has missed changes: it reloads the lobby and subscribes again.
 */
export class LobbyStream extends Inbox<LobbyItem> {
  private readonly queue: LobbyItem[] = [];

  constructor(
    private readonly maxQueued: number,
    private readonly release: (s: LobbyStream) => void,
  ) {
    super();
  }

  push(item: LobbyItem): void {
    if (this.done) return;
    if (this.readerWaiting) return this.handOut(item);
    this.queue.push(item);
    if (this.queue.length > this.maxQueued)
      this.fail(new Error('the subscriber is too slow: lobby changes were not read'));
  }

  protected dequeue(): LobbyItem | undefined {
    return this.queue.shift();
  }

  protected onClose(): void {
    this.queue.length = 0;
    this.release(this);
  }
}
