// The change bus over PostgreSQL LISTEN/NOTIFY.
import { Client } from 'pg';
import { decodeChange, PG_CHANNEL } from '../store/change-notifier';
import { Listeners, type ChangeBus } from './change-bus';

export const LISTENER_APPLICATION_NAME = 'perudo-listener';
const BROADCAST_CHANNEL = 'perudo_broadcast';

/**
 * LISTEN on a dedicated PostgreSQL connection. When it drops, reconnects with backoff and asks every
 * reader to catch up from the log, so no change is lost.
 */
export class PgChangeBus extends Listeners implements ChangeBus {
  private client: Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  private constructor(
    private readonly url: string,
    private readonly log: (message: unknown) => void,
  ) {
    super();
  }

  static async start(url: string, log: (message: unknown) => void): Promise<PgChangeBus> {
    const bus = new PgChangeBus(url, log);
    await bus.connect();
    return bus;
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
  send(text: string): void {
    this.client?.query('SELECT pg_notify($1, $2)', [BROADCAST_CHANNEL, text]).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
