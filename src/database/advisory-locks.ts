// Session advisory locks held on a connection of their own, so that work run under a lock can use the pool
// freely: a holder never keeps a pooled connection while it waits for another one.
import { Client } from 'pg';
import { CONNECTION_WAIT_MS } from './connection-wait';

/** How long a waiter sleeps between two attempts at a lock another process holds (ms; jittered). */
const RETRY_MS = 4;

/** How long a caller may wait for a lock before it is told to come back later. */
export const LOCK_WAIT_MS = 10_000;

/** A lock was not free within LOCK_WAIT_MS: the server is too busy to take the call now. */
export class LockWaitTimeout extends Error {
  constructor(readonly key: string) {
    super(`lock ${key} not free within ${LOCK_WAIT_MS} ms`);
    this.name = 'LockWaitTimeout';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The process's advisory locks, all on one dedicated connection. PostgreSQL lets a session take a lock it
 * holds again, so callers of one process queue per key here first; only the head of each key's queue asks
 * the database, with a non-blocking try, so the shared connection never waits on another process. If the
 * connection is lost its locks go with it; the next call opens a new one.
 */
export class AdvisoryLocks {
  private client: Promise<Client> | null = null;
  /** Per key, the end of the queue of this process's callers. */
  private readonly tails = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly url: string) {}

  /** Runs `work` holding the lock named `key`, held by no other caller on any process meanwhile. */
  async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    const previous = this.tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    try {
      await previous;
      await this.acquire(key, deadline);
      try {
        return await work();
      } finally {
        await this.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => {});
      }
    } finally {
      done();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    if (client) await client.then((c) => c.end()).catch(() => {});
  }

  private async acquire(key: string, deadline: number): Promise<void> {
    for (;;) {
      const { rows } = await this.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
        [key],
      );
      if (rows[0]!.locked) return;
      if (Date.now() >= deadline) throw new LockWaitTimeout(key);
      await sleep(RETRY_MS + Math.random() * RETRY_MS);
    }
  }

  private async query<R extends object>(text: string, values: unknown[]): Promise<{ rows: R[] }> {
    const opened = this.connection();
    const client = await opened;
    try {
      return await client.query<R>(text, values);
    } catch (error) {
      // A statement that failed or timed out may leave a lock behind (an unlock that never ran): the
      // connection goes, and every lock on it with it.
      if (this.client === opened) this.client = null;
      await client.end().catch(() => {});
      throw error;
    }
  }

  private connection(): Promise<Client> {
    if (this.closed) return Promise.reject(new Error('the advisory locks are closed'));
    if (this.client) return this.client;
    // Its statements never wait on anything (tries only), so one slower than a connection wait means the
    // connection is gone.
    const client = new Client({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECTION_WAIT_MS,
      query_timeout: CONNECTION_WAIT_MS,
    });
    const opened = client.connect().then(() => client);
    this.client = opened;
    const forget = (): void => {
      if (this.client === opened) this.client = null;
    };
    // A lost connection must not end the process: its locks are gone, and the next call reconnects.
    client.on('error', forget);
    client.on('end', forget);
    opened.catch(forget);
    return opened;
  }
}
