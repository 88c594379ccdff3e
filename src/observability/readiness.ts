// Readiness: whether this process can serve: its database answers and its change bus is connected.
import type { Pool } from 'pg';
import type { ChangeBus } from '../realtime/change-bus';

/** How long the database has to answer a readiness check. */
const DATABASE_CHECK_MS = 1_000;

/** null when ready, else the reason; draining on shutdown is the HTTP server's own to add. */
export function readiness(pool: Pool, bus: ChangeBus): () => Promise<string | null> {
  return async () => {
    if (!bus.connected()) return 'the change bus is not connected';
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        pool.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), DATABASE_CHECK_MS);
        }),
      ]);
      return null;
    } catch (error) {
      return `the database does not answer: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      clearTimeout(timer);
    }
  };
}
