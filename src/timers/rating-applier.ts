// Keeps ratings up to date: rates settled finished games every interval and soon after a game ends here.
import type { RatingsRepository } from '../store/ratings.repository';

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
export class RatingApplier {
  readonly settleMs: number;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly ratings: RatingsRepository,
    private readonly log: (message: unknown) => void,
    options: RatingApplierOptions = {},
  ) {
    this.settleMs = options.settleMs ?? 5_000;
    this.intervalMs = options.intervalMs ?? 10_000;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    void this.run();
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  /** A game ended in this process: rate it as soon as it has settled. */
  gameFinished(): void {
    if (this.stopped || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      void this.run();
    }, this.settleMs + 50);
    this.soon.unref();
  }

  /** Rates every settled game not rated yet; resolves to how many this run rated. */
  run(): Promise<number> {
    this.running ??= this.drain().finally(() => (this.running = null));
    return this.running;
  }

  private async drain(): Promise<number> {
    let rated = 0;
    try {
      for (;;) {
        const n = await this.ratings.applyPending(this.settleMs);
        rated += n;
        if (n === 0 || this.stopped) break;
      }
    } catch (error) {
      // The cursor did not move: the same games are rated at a later run.
      this.log(`rating applier: ${String(error)}`);
    }
    return rated;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    this.timer = null;
    this.soon = null;
    await this.running;
  }
}
