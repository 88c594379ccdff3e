// The deletion of idempotency records past their retention period (the SQL the idempotency janitor runs).
import type { Pool } from 'pg';

/**
 * How long an idempotency key is remembered: a retry within this time replays the first response, a later
 * one is a new request. IdempotencyRecords ignores older records whether or not the janitor has run yet.
 */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyExpiryOptions {
  /** Records older than this are deleted. Defaults to IDEMPOTENCY_RETENTION_MS (24 hours). */
  readonly retentionMs?: number;
  /** Rows deleted per statement. Defaults to 5000. */
  readonly batchSize?: number;
}

// One short statement per batch, so a large backlog never holds a long transaction or many locks. SKIP LOCKED
// lets several processes sweep at once, each taking rows the others have not; ordering by age walks the
// created_at index instead of rescanning the dead rows of earlier batches. `= ANY(ARRAY(...))` keeps the
// outer delete a TID scan (an IN subquery may be planned as a join over the whole table). The records of
// game mutations, of registrations and of token rotations expire alike and are swept by the same statement,
// one batch of each (rotations are counted with the registrations).
const expiredBatch = (name: string, table: string): string => `${name} AS (
    DELETE FROM ${table}
     WHERE ctid = ANY(ARRAY(
       SELECT ctid FROM ${table} WHERE created_at < $1
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED))
    RETURNING 1)`;

const DELETE_BATCH = `WITH ${expiredBatch('mutations', 'idempotency_records')},
  ${expiredBatch('registrations', 'registration_records')},
  ${expiredBatch('rotations', 'token_rotations')}
  SELECT (SELECT count(*) FROM mutations)::int AS mutations,
         (SELECT count(*) FROM registrations)::int + (SELECT count(*) FROM rotations)::int AS registrations`;

/**
 * Deletes idempotency records (of game mutations and of registrations) older than the retention period, in
 * bounded batches. Safe to run in every API process at once (IdempotencyJanitor, in
 * src/timers/idempotency-janitor.job.ts, runs it periodically). The records are stamped, and replays decide their age (IdempotencyRecords.replayIfRecorded,
 * PlayerRepository.registerWithKey), by the database's clock; the cutoff is taken from it too, so that an API
 * process whose clock runs ahead never deletes a record a retry could still replay.
 */
export class IdempotencyExpiryQueries {
  private readonly retentionMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly pool: Pool,
    /** The clock of the cutoff; by default the database's, which also stamps the records (tests pass one). */
    private readonly now: (() => Date) | null = null,
    options: IdempotencyExpiryOptions = {},
  ) {
    this.retentionMs = options.retentionMs ?? IDEMPOTENCY_RETENTION_MS;
    this.batchSize = options.batchSize ?? 5000;
  }

  /**
   * Deletes every record older than the retention at the clock's time, batch by batch; resolves to how many.
   * Ends after the current batch once `halt` is aborted. Rejects when the database does.
   */
  async deleteExpired(halt?: AbortSignal): Promise<number> {
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
      if (Math.max(mutations, registrations) < this.batchSize || halt?.aborted) return deleted;
    }
  }
}
