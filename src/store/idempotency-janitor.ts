// The deletion of idempotency records past their retention period.
import type { Pool } from 'pg';

/**
 * How long an idempotency key is remembered: a retry within this time replays the first response, a later
 * one is a new request. IdempotencyRecords ignores older records whether or not the janitor has run yet.
 */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyJanitorOptions {
  /** Records older than this are deleted. Defaults to IDEMPOTENCY_RETENTION_MS (24 hours). */
  readonly retentionMs?: number;
  /** Time between two sweeps. Defaults to 10 minutes. */
  readonly intervalMs?: number;
  /** Rows deleted per statement. Defaults to 5000. */
  readonly batchSize?: number;
  /** Called after each sweep with the records it deleted (metrics). */
  readonly onSweep?: (deleted: number) => void;
}

// One short statement per batch, so a large backlog never holds a long transaction or many locks. SKIP LOCKED
// lets several processes sweep at once, each taking rows the others have not; ordering by age walks the
// created_at index instead of rescanning the dead rows of earlier batches. `= ANY(ARRAY(...))` keeps the
// outer delete a TID scan (an IN subquery may be planned as a join over the whole table). The records of
// game mutations and of registrations expire alike and are swept by the same statement, one batch of each.
const DELETE_BATCH = `WITH mutations AS (
    DELETE FROM idempotency_records
     WHERE ctid = ANY(ARRAY(
       SELECT ctid FROM idempotency_records WHERE created_at < $1
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED))
    RETURNING 1),
  registrations AS (
    DELETE FROM registration_records
     WHERE ctid = ANY(ARRAY(
       SELECT ctid FROM registration_records WHERE created_at < $1
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED))
    RETURNING 1)
  SELECT (SELECT count(*) FROM mutations)::int AS mutations,
         (SELECT count(*) FROM registrations)::int AS registrations`;

/**
 * Deletes idempotency records (of game mutations and of registrations) older than the retention period, in
 * bounded batches, every interval. Safe to run in every API process at once. The records are stamped, and
 * replays decide their age (IdempotencyRecords.replayIfRecorded, PlayerRepository.registerWithKey), by the
 * database's clock; the cutoff is taken from it too, so that an API process whose clock runs ahead never
 * deletes a record a retry could still replay.
 */
export class IdempotencyJanitor {
  private readonly retentionMs: number;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly onSweep: (deleted: number) => void;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private started = false;
  // Set while stop() waits, so that a sweep in progress ends after its current batch.
  private halting = false;

  constructor(
    private readonly pool: Pool,
    /** The clock of the cutoff; by default the database's, which also stamps the records (tests pass one). */
    private readonly now: (() => Date) | null = null,
    private readonly log: (message: unknown) => void = console.error,
    options: IdempotencyJanitorOptions = {},
  ) {
    this.retentionMs = options.retentionMs ?? IDEMPOTENCY_RETENTION_MS;
    this.intervalMs = options.intervalMs ?? 10 * 60 * 1000;
    this.batchSize = options.batchSize ?? 5000;
    this.onSweep = options.onSweep ?? (() => {});
  }

  /** Sweeps now (so a backlog left while no process ran is cleared) and then every interval. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops the timer and waits for a sweep in progress, which ends after its current batch. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.halting = true;
    try {
      await this.running?.catch(() => {});
    } finally {
      this.halting = false;
    }
  }

  /** Deletes every record older than the retention at the clock's time, batch by batch; resolves to how many. */
  runOnce(): Promise<number> {
    this.running ??= this.sweep().finally(() => (this.running = null));
    return this.running;
  }

  private schedule(delayMs: number): void {
    // The next sweep is timed from the end of this one, so a slow sweep never overlaps the next.
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // Housekeeping must not keep the process alive.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    try {
      this.onSweep(await this.runOnce());
    } catch (error) {
      // A database outage: the expired records stay and the next sweep deletes them.
      this.log(`idempotency janitor: ${String(error)}`);
    }
    // Unless stopped, or restarted meanwhile (start() then scheduled a sweep of its own).
    if (this.started && this.timer === null) this.schedule(this.intervalMs);
  }

  private async sweep(): Promise<number> {
    // A fixed cutoff: records expiring during the sweep wait for the next one rather than prolong it.
    const cutoff = this.now
      ? new Date(this.now().getTime() - this.retentionMs)
      : (
          await this.pool.query<{ cutoff: Date }>(
            "SELECT now() - $1::float8 * interval '1 millisecond' AS cutoff",
            [this.retentionMs],
          )
        ).rows[0]!.cutoff;
    let deleted = 0;
    for (;;) {
      const { rows } = await this.pool.query<{ mutations: number; registrations: number }>(DELETE_BATCH, [
        cutoff,
        this.batchSize,
      ]);
      const { mutations, registrations } = rows[0]!;
      deleted += mutations + registrations;
      // Short batches mean nothing expired is left, or only rows another janitor is deleting right now.
      if (Math.max(mutations, registrations) < this.batchSize || this.halting) return deleted;
    }
  }
}
