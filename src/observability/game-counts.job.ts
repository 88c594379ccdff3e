// The games-by-status gauge, counted every interval while metrics are served.
import { PeriodicJob } from '../clock/periodic-job';
import type { Metrics } from './metrics';

export interface GameCountsOptions {
  /** How many games are in each status now. */
  readonly countByStatus: () => Promise<Map<string, number>>;
  readonly metrics: Metrics;
  readonly log: (message: unknown) => void;
  /** Default 15 s. */
  readonly intervalMs?: number;
}

/** Counts at start, then every interval; unref'd, so that it alone does not keep the process alive. */
export function gameCountsJob(options: GameCountsOptions): PeriodicJob {
  return new PeriodicJob({
    name: 'game counts',
    intervalMs: options.intervalMs ?? 15_000,
    runAtStart: true,
    unref: true,
    log: options.log,
    run: async () => {
      options.metrics.gamesCounted(await options.countByStatus());
      return 1;
    },
  });
}
