// Readiness: whether this process can serve: its database answers, its pool hands out connections, and its
// change bus is connected.
import type { Pool } from 'pg';
import type { ChangeBus } from '../realtime/change-bus';

/** How long the database has to answer a readiness check. */
const DATABASE_CHECK_MS = 1_000;

/** How long a pool may keep every waiter waiting before the process says it cannot serve. */
export const STALLED_POOL_MS = 30_000;

/** How long the pool's waiters have gone without a connection (ms; 0 when nobody waits): database/pool-watch. */
export interface PoolStall {
  stalledMs(): number;
}

class CheckTimedOut extends Error {
  constructor() {
    super('timed out');
  }
}

/** null when ready, else the reason; draining on shutdown is the HTTP server's own to add. */
export function readiness(pool: Pool, watch: PoolStall, bus: ChangeBus): () => Promise<string | null> {
  return async () => {
    if (!bus.connected()) return 'the change bus is not connected';
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        pool.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new CheckTimedOut()), DATABASE_CHECK_MS);
        }),
      ]);
    } catch (error) {
      // A busy pool answers late but serves: only a long stall (below) takes the process out.
      if (!(error instanceof CheckTimedOut) || watch.stalledMs() === 0)
        return `the database does not answer: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      clearTimeout(timer);
    }
    const stalled = watch.stalledMs();
    if (stalled >= STALLED_POOL_MS)
      return `no database connection came free for ${Math.floor(stalled / 1000)} s`;
    return null;
  };
}
