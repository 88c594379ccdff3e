// The idempotency janitor: deletes expired idempotency records in the background, every interval.
import type { IdempotencyExpiryQueries } from '../store/idempotency-expiry.queries';
import { PeriodicJob } from '../clock/periodic-job';

export interface IdempotencyJanitorOptions {
  /** Time between two sweeps. Defaults to 10 minutes. */
  readonly intervalMs?: number;
  /** Called after each sweep with the records it deleted (metrics). */
  readonly onSweep?: (deleted: number) => void;
}

/**
 * Sweeps at start (so a backlog left while no process ran is cleared) and then every interval. Housekeeping:
 * its timer does not keep the process alive. A failed sweep (a database outage) is logged, and the expired
 * records it left are deleted by a later one.
 */
export class IdempotencyJanitor extends PeriodicJob {
  constructor(
    expiry: IdempotencyExpiryQueries,
    log: (message: unknown) => void,
    options: IdempotencyJanitorOptions = {},
  ) {
    super({
      name: 'idempotency janitor',
      run: (stopping) => expiry.deleteExpired(stopping),
      intervalMs: options.intervalMs ?? 10 * 60 * 1000,
      runAtStart: true,
      unref: true,
      log,
      onRun: options.onSweep,
    });
  }
}
