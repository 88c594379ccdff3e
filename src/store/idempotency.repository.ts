// Idempotency records of moves: what a key was first answered with, found and written in SQL.
import type { Pool } from 'pg';
import { IDEMPOTENCY_RETENTION_MS } from './idempotency-expiry.queries';

/** A refusal as recorded: its contract code, message and the input field it is about. */
export interface RecordedError {
  readonly code: string;
  readonly message: string;
  readonly field?: readonly string[];
}

/** What an idempotency record keeps: enough to answer a retry exactly like the first time. */
export interface RecordedResponse {
  readonly requestHash: string;
  readonly gameId: string | null;
  readonly version: number | null;
  readonly error: RecordedError | null;
}

/** A live record: the operation the key was used for and its response. */
export interface IdempotencyRecord {
  readonly operation: string;
  readonly response: RecordedResponse;
}

/** Parameters of a record to write: the player's key, the operation and the response to replay. */
export interface IdempotencyWrite {
  readonly playerId: string;
  readonly key: string;
  readonly operation: string;
  readonly response: RecordedResponse;
}

export class IdempotencyRecords {
  constructor(private readonly pool: Pool) {}

  /** Records a refused move under its key; false when another request took the key first. */
  async recordRefusal(record: IdempotencyWrite): Promise<boolean> {
    // A conflict is a live record of a concurrent request (find deleted an expired one).
    const { rowCount } = await this.pool.query(
      `INSERT INTO idempotency_records (player_id, key, operation, response) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT DO NOTHING`,
      [record.playerId, record.key, record.operation, JSON.stringify(record.response)],
    );
    return rowCount === 1;
  }

  /**
   * The record of a key younger than the retention period, if there is one. An older record is ignored
   * whether or not the janitor has deleted it yet, and deleted here in the same statement, so that this
   * request's own record can take its (player, key) instead of conflicting with it on every attempt. Both
   * conditions use the statement's one now().
   */
  async find(playerId: string, key: string): Promise<IdempotencyRecord | null> {
    const { rows } = await this.pool.query<IdempotencyRecord>(
      `WITH expired AS (
         DELETE FROM idempotency_records
          WHERE player_id = $1 AND key = $2 AND created_at < now() - $3::float8 * interval '1 millisecond')
       SELECT operation, response FROM idempotency_records
        WHERE player_id = $1 AND key = $2 AND created_at >= now() - $3::float8 * interval '1 millisecond'`,
      [playerId, key, IDEMPOTENCY_RETENTION_MS],
    );
    return rows[0] ?? null;
  }
}
