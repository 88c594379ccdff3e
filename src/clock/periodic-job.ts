// One background loop: a run every interval, on demand and at an earlier wake-up, never two at once.

/** How late a wake-up fires after the time it was asked for, so that the database's clock has passed it too. */
export const WAKE_LATE_MS = 5;

export interface PeriodicJobOptions {
  /** Names the job in its log lines (`<name>: <error>`). */
  readonly name: string;
  /**
   * One run of the job; resolves to how much it did (rows deleted, moves applied...), which goes to `onRun`.
   *
   * The signal is aborted once stop() is called: a run that loops over batches should check it between
   * batches and end early, since stop() waits for it.
   *
   * - Resolving: the count is reported to `onRun` and returned by runNow().
   *
   * - Throwing or rejecting: the error is passed to `log` as `<name>: <error>`, never rethrown, so no
   * rejection goes unhandled; the run counts as one that did nothing (`onRun(0)`, runNow() resolves to 0),
   * and the next run comes at the next interval, wake-up or runNow() as usual. Work the failed run did
   * before it threw is not counted: a run that wants it counted catches its own errors.
   */
  readonly run: (signal: AbortSignal) => Promise<number>;
  /** Time between two runs started by the interval (a fixed rate: a run's length does not delay the next). */
  readonly intervalMs: number;
  /**
   * Run once as soon as start() is called, rather than an interval later (e.g. to clear a backlog left while
   * no process ran).
   *
   * @default false
   */
  readonly runAtStart?: boolean;
  /**
   * Unref the interval's timer, so that this job alone does not keep the process alive. Wake-ups are always
   * unref'd.
   *
   * @default false
   */
  readonly unref?: boolean;
  /** Where a failed run's error goes, as `<name>: <error>`. */
  readonly log: (message: unknown) => void;
  /**
   * Called after every run, failed ones included (with 0), with what it did (metrics). A throw from it is
   * logged like a failed run's, and the run's count is still returned.
   */
  readonly onRun?: (count: number) => void;
}

/**
 * Runs `run` every `intervalMs` once started, when asked to (runNow) and at earlier wake-ups (wakeAt), one
 * run at a time. Use it as is (`new PeriodicJob({ ... })`) or extend it, as the timers of src/timers do, to
 * give a loop its own name and dependencies: the constructor never calls `run`, so a subclass may pass
 * `(stopping) => this.itsRun(stopping)` to super().
 *
 * Its failure modes and edge cases:
 *
 * - A run throws: see `PeriodicJobOptions.run`. The job carries on: the interval is not stopped and nothing
 * is retried before the next interval, wake-up or runNow().
 *
 * - runNow() (or an interval, or a wake-up) while a run is in flight: no second run starts; the caller gets
 * the in-flight run's promise (the very same one) and its count. A wake-up that fires during a run is
 * therefore absorbed by it: whatever fell due after that run looked is picked up at the next interval.
 *
 * - stop() while a run is in flight: the interval and any pending wake-up are cleared at once, the signal
 * passed to `run` is aborted, and stop() resolves once that run has ended (never rejects, even when the run
 * throws). A second stop() resolves the same way.
 *
 * - stop() is final: start() and wakeAt() after it do nothing. runNow() after it still runs (a caller
 * asked for it explicitly), with the signal already aborted, so a batched run does one batch at most.
 *
 * - start() twice: the second call does nothing (one interval, one run at start at most).
 *
 * - wakeAt() before start(): the wake-up fires all the same; only the interval waits for start().
 */
export class PeriodicJob {
  readonly name: string;
  private interval: NodeJS.Timeout | null = null;
  /** The earliest pending wake-up, if any. */
  private wake: { readonly at: number; readonly timer: NodeJS.Timeout } | null = null;
  private running: Promise<number> | null = null;
  private readonly halt = new AbortController();

  constructor(private readonly options: PeriodicJobOptions) {
    this.name = options.name;
  }

  /** Whether stop() was called. */
  get stopped(): boolean {
    return this.halt.signal.aborted;
  }

  /** Starts the interval (and runs at once with `runAtStart`). Does nothing when started or stopped before. */
  start(): void {
    if (this.interval || this.stopped) return;
    this.interval = setInterval(() => void this.runNow(), this.options.intervalMs);
    if (this.options.unref) this.interval.unref();
    if (this.options.runAtStart) void this.runNow();
  }

  /**
   * Runs now, or returns the run in flight if there is one; resolves to the run's count (0 when it failed).
   * Never rejects.
   */
  runNow(): Promise<number> {
    this.running ??= this.execute().finally(() => (this.running = null));
    return this.running;
  }

  /**
   * Runs at `epochMs` (WAKE_LATE_MS late) rather than at the next interval, e.g. for a deadline this process
   * knows of. Only the earliest pending wake-up is kept: a later one than it is ignored, an earlier one
   * replaces it. Ignored once stopped.
   */
  wakeAt(epochMs: number): void {
    if (this.stopped || (this.wake && this.wake.at <= epochMs)) return;
    if (this.wake) clearTimeout(this.wake.timer);
    const timer = setTimeout(
      () => {
        this.wake = null;
        void this.runNow();
      },
      Math.max(0, epochMs - Date.now()) + WAKE_LATE_MS,
    );
    timer.unref();
    this.wake = { at: epochMs, timer };
  }

  /** Clears the interval and any wake-up, aborts the run's signal and waits for a run in flight. */
  async stop(): Promise<void> {
    this.halt.abort();
    if (this.interval) clearInterval(this.interval);
    if (this.wake) clearTimeout(this.wake.timer);
    this.interval = null;
    this.wake = null;
    await this.running;
  }

  private async execute(): Promise<number> {
    let count = 0;
    try {
      count = await this.options.run(this.halt.signal);
    } catch (error) {
      this.options.log(`${this.name}: ${String(error)}`);
    }
    try {
      this.options.onRun?.(count);
    } catch (error) {
      this.options.log(`${this.name}: ${String(error)}`);
    }
    return count;
  }
}
