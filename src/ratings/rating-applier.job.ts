// Keeps ratings up to date: rates a game as soon as it ends here, and every interval whatever ended anywhere.
import { PeriodicJob } from '../clock/periodic-job';
import type { RatingsRepository } from './ratings.repository';

export interface RatingApplierOptions {
  /** Time between two runs (the safety net for games whose process stopped before rating them). Defaults to 10 s. */
  readonly intervalMs?: number;
  /**
   * How far before the rating cursor the first run looks for games that finished but were not rated (a crash
   * may have left them behind a cursor another process moved on). Defaults to a day.
   */
  readonly startWindowMs?: number;
}

/**
 * Runs the ratings repository's applier in the background. Every process runs one: they take turns on the
 * cursor's lock, so each game is rated once, and a game that ended while no applier ran (a crash between
 * the end and its rating) is rated at the next run of any process.
 */
export class RatingApplier extends PeriodicJob {
  /** Games that ended here since the last run looked (database ids). */
  private finished: string[] = [];
  private first = true;
  private failed = false;

  constructor(
    private readonly ratings: RatingsRepository,
    log: (message: unknown) => void,
    private readonly settings: RatingApplierOptions = {},
  ) {
    // Rates at start, then every interval, without keeping the process alive. A failed run leaves everything
    // as it was: the same games are rated at a later run.
    super({
      name: 'rating applier',
      run: (stopping) => this.drain(stopping),
      intervalMs: settings.intervalMs ?? 10_000,
      runAtStart: true,
      unref: true,
      log,
    });
  }

  /** A game ended in this process (committed): rate it now, or right after the run in flight. */
  gameFinished(gameId: string): void {
    if (this.stopped) return;
    this.finished.push(gameId);
    void this.runNow().then(() => {
      // The run in flight had finished looking before this game ended (a failed run leaves it to the next).
      if (this.finished.includes(gameId) && !this.failed) void this.runNow();
    });
  }

  private async drain(stopping: AbortSignal): Promise<number> {
    let passed = 0;
    const lateWindowMs = this.first ? (this.settings.startWindowMs ?? 24 * 60 * 60 * 1000) : undefined;
    this.first = false;
    for (;;) {
      // A game that ends while a batch runs is named to the next one, so it waits for no interval.
      const gameIds = this.finished;
      this.finished = [];
      let n: number;
      try {
        n = await this.ratings.applyPending({ gameIds, ...(lateWindowMs !== undefined && { lateWindowMs }) });
      } catch (error) {
        this.finished = [...gameIds, ...this.finished];
        this.failed = true;
        throw error;
      }
      this.failed = false;
      passed += n;
      if ((n === 0 && this.finished.length === 0) || stopping.aborted) return passed;
    }
  }
}
