// Checking a connection out of the pool for a transaction, without letting a lost connection end the process.
import type { Pool, PoolClient } from 'pg';

function ignore(): void {}

/**
 * Runs `work` on a connection of its own. pg-pool stops listening for a connection's errors while it is
 * checked out, so a connection lost mid-transaction (PostgreSQL restarting) would emit an 'error' nobody
 * handles and end the process; the query in flight rejects with the same error anyway, so the event itself
 * is ignored here. On release the pool discards a connection that is no longer usable.
 */
export async function withConnection<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  client.on('error', ignore);
  try {
    return await work(client);
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}

/** Runs `work` in one transaction on a connection of its own: committed when it resolves, rolled back when it throws. */
export function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return withConnection(pool, async (client) => {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });
}
