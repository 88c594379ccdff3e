// Whether a pool is serving: how long its waiters have gone without any connection being handed out.
import type { Pool } from 'pg';

export class PoolWatch {
  private lastCheckout = Date.now();

  constructor(private readonly pool: Pool) {
    pool.on('acquire', () => {
      this.lastCheckout = Date.now();
    });
  }

  /**
   * How long callers have been waiting with no connection handed out meanwhile (ms; 0 when nobody waits).
   * A waiter exists only once every connection is checked out, and each checkout is noted, so a quiet spell
   * before a burst does not count.
   */
  stalledMs(now = Date.now()): number {
    return this.pool.waitingCount > 0 ? now - this.lastCheckout : 0;
  }
}
