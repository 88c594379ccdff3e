// The change bus over PostgreSQL LISTEN/NOTIFY.
import { Client, type Pool } from 'pg';
import { Listeners, type ChangeBus } from './change-bus';
import { decodeChange, encodeChange, type GameChange } from './game-change';

export const PG_CHANNEL = 'perudo_game_changes';

export const LISTENER_APPLICATION_NAME = 'perudo-listener';
const BROADCAST_CHANNEL = 'perudo_broadcast';

/** How long notices are gathered before they are sent (ms): other processes hear of a move this much later. */
export const NOTICE_WINDOW_MS = 5;

/**
 * LISTEN on a dedicated PostgreSQL connection. When it drops, reconnects with backoff and asks every
 * reader to catch up from the log, so no change is lost. Notices are sent through the pool after the move's
 * commit: not in the move's own transaction, since NOTIFY takes one database-wide lock until its
 * transaction's commit is flushed, which would serialise every move of every game behind one WAL flush at a
 * time. They are gathered for `noticeWindowMs` (default NOTICE_WINDOW_MS) and sent in one statement, one
 * notice per game (its last change): under load a statement carries the moves of several games, and a game's
 * moves in one window cost one notice. This process's own subscribers do not wait for it (see GameFeeds).
 */
export class PgChangeBus extends Listeners implements ChangeBus {
  private client: Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** The changes waiting to be sent, the last one of each game. */
  private pending = new Map<string, GameChange>();

  private constructor(
    private readonly url: string,
    private readonly pool: Pool,
    private readonly log: (message: unknown) => void,
    private readonly noticeWindowMs: number,
  ) {
    super();
  }

  /** Listens on a connection of its own to `url`; notifies through `pool`. */
  static async start(
    url: string,
    pool: Pool,
    log: (message: unknown) => void,
    noticeWindowMs = NOTICE_WINDOW_MS,
  ): Promise<PgChangeBus> {
    const bus = new PgChangeBus(url, pool, log, noticeWindowMs);
    await bus.connect();
    return bus;
  }

  publish(change: GameChange): void {
    if (this.pending.size === 0) {
      if (this.noticeWindowMs > 0) setTimeout(() => this.flush(), this.noticeWindowMs);
      else setImmediate(() => this.flush());
    }
    const earlier = this.pending.get(change.gameId);
    // The last seq of the game; the lobby list changed if any of its moves changed it.
    this.pending.set(
      change.gameId,
      earlier
        ? { ...change, seq: Math.max(earlier.seq, change.seq), lobby: earlier.lobby || change.lobby }
        : change,
    );
  }

  private flush(): void {
    const batch = [...this.pending.values()].map(encodeChange);
    this.pending = new Map();
    this.pool
      .query('SELECT pg_notify($1, x) FROM unnest($2::text[]) AS x', [PG_CHANNEL, batch])
      .catch((error: unknown) =>
        this.log(`change notice not sent (the feeds' check makes it up): ${String(error)}`),
      );
  }

  private async connect(): Promise<void> {
    // close() may have run while this reconnection waited: open nothing.
    if (this.closed) return;
    const client = new Client({ connectionString: this.url, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      if (msg.channel === BROADCAST_CHANNEL) return this.deliver(msg.payload);
      const change = msg.channel === PG_CHANNEL ? decodeChange(msg.payload) : null;
      if (change) this.emit(change);
    });
    const lost = (error?: unknown): void => {
      if (this.client !== client) return;
      this.client = null;
      if (error) this.log(`change listener lost its connection: ${String(error)}`);
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      this.scheduleReconnect(50);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}; LISTEN ${BROADCAST_CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      // close() ran while this reconnection was under way.
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => this.resync(),
        (error: unknown) => {
          this.log(`change listener cannot reconnect yet: ${String(error)}`);
          this.scheduleReconnect(Math.min(delayMs * 2, 2000));
        },
      );
    }, delayMs);
  }

  connected(): boolean {
    return this.client !== null;
  }

  /** Sent on the listening connection; dropped while it reconnects. */
  send(text: string): Promise<void> {
    return (
      this.client?.query('SELECT pg_notify($1, $2)', [BROADCAST_CHANNEL, text]) ?? Promise.resolve()
    ).then(
      () => {},
      () => {},
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
