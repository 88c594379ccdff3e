// Keeps ratings up to date: rates settled finished games every interval and soon after a game ends here.
import type { RatingsRepository } from '../store/ratings.repository';
import { PeriodicJob } from './periodic-job';

export interface RatingApplierOptions {
  /** How old a game's finishedAt must be before it is rated (see RatingsRepository). Defaults to 5 s. */
  readonly settleMs?: number;
  /** Time between two runs. Defaults to 10 s. */
  readonly intervalMs?: number;
}

/**
 * Runs the ratings repository's applier in the background. Every process runs one: they take turns on the
 * cursor's lock, so each game is rated once, and a game that ended while no applier ran (a crash between
 * the end and its rating) is rated at the next run of any process.
 */
export class RatingApplier extends PeriodicJob {
  readonly settleMs: number;

  constructor(
    private readonly ratings: RatingsRepository,
    log: (message: unknown) => void,
    options: RatingApplierOptions = {},
  ) {
    // Rates at start, then every interval, without keeping the process alive. A failed run leaves the cursor
    // where it was: the same games are rated at a later run.
    super({
      name: 'rating applier',
      run: (stopping) => this.drain(stopping),
      intervalMs: options.intervalMs ?? 10_000,
      runAtStart: true,
      unref: true,
      log,
    });
    this.settleMs = options.settleMs ?? 5_000;
  }

  /** A game ended in this process: rate it as soon as it has settled. */
  gameFinished(): void {
    this.wakeAt(Date.now() + this.settleMs + 50);
  }

  /** Rates every settled game not rated yet; resolves to how many this run rated. */
  run(): Promise<number> {
    return this.runNow();
  }

  private async drain(stopping: AbortSignal): Promise<number> {
    let rated = 0;
    for (;;) {
      const n = await this.ratings.applyPending(this.settleMs);
      rated += n;
      if (n === 0 || stopping.aborted) return rated;
    }
  }
}
