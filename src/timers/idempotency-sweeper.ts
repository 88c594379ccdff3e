// Runs the idempotency janitor in the background: expired idempotency records are deleted every interval.
import type { IdempotencyJanitor } from '../store/idempotency-janitor';
import { PeriodicJob } from '../clock/periodic-job';

export interface IdempotencySweeperOptions {
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
export class IdempotencySweeper extends PeriodicJob {
  constructor(
    janitor: IdempotencyJanitor,
    log: (message: unknown) => void,
    options: IdempotencySweeperOptions = {},
  ) {
    super({
      name: 'idempotency janitor',
      run: (stopping) => janitor.deleteExpired(stopping),
      intervalMs: options.intervalMs ?? 10 * 60 * 1000,
      runAtStart: true,
      unref: true,
      log,
      onRun: options.onSweep,
    });
  }
}
