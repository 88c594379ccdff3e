// Idempotency records of moves: the recorded response or refusal of a key, and its replay.
import type { Pool } from 'pg';
import { IDEMPOTENCY_RETENTION_MS } from './idempotency-janitor';
import type { IdempotencyWrite } from './move-statement';
import type { MoveOptions, MoveResult, StoreError } from './move-result';
import type { StateRebuilder } from './state-rebuilder';

/** What an idempotency record keeps: enough to answer a retry exactly like the first time. */
interface StoredResponse {
  readonly requestHash: string;
  readonly gameId: string | null;
  readonly version: number | null;
  readonly error: StoreError | null;
}

export class IdempotencyRecords {
  constructor(
    private readonly pool: Pool,
    private readonly states: StateRebuilder,
  ) {}

  /** The record an applied move writes in its own statement, when the player sent a key. */
  appliedRecord(
    playerId: string | null,
    options: MoveOptions,
    gameId: string,
    version: number,
  ): IdempotencyWrite | null {
    const key = options.idempotencyKey;
    if (!key || !playerId) return null;
    const response: StoredResponse = { requestHash: options.requestHash, gameId, version, error: null };
    return { playerId, key, operation: options.operation, response };
  }

  /** Records a refused move under its idempotency key; false when another request took the key first. */
  async recordRefusal(playerId: string | null, options: MoveOptions, refused: MoveResult): Promise<boolean> {
    const key = options.idempotencyKey;
    if (!key || !playerId || refused.kind !== 'refused') return true;
    const response: StoredResponse = {
      requestHash: options.requestHash,
      gameId: refused.gameId,
      version: refused.state?.version ?? null,
      error: refused.error,
    };
    // A conflict is a live record of a concurrent request (replayIfRecorded deleted an expired one).
    const { rowCount } = await this.pool.query(
      `INSERT INTO idempotency_records (player_id, key, operation, response) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT DO NOTHING`,
      [playerId, key, options.operation, JSON.stringify(response)],
    );
    return rowCount === 1;
  }

  /**
   * The recorded result of a mutation sent before with the same idempotency key, if there is one younger
   * than the retention period. An older record is ignored whether or not the janitor has deleted it yet,
   * and deleted here in the same statement, so that this request's own record can take its (player, key)
   * instead of conflicting with it on every attempt. Both conditions use the statement's one now().
   */
  async replayIfRecorded(playerId: string | null, options: MoveOptions): Promise<MoveResult | null> {
    const key = options.idempotencyKey;
    if (!key || !playerId) return null;
    const { rows } = await this.pool.query<{ operation: string; response: StoredResponse }>(
      `WITH expired AS (
         DELETE FROM idempotency_records
          WHERE player_id = $1 AND key = $2 AND created_at < now() - $3::float8 * interval '1 millisecond')
       SELECT operation, response FROM idempotency_records
        WHERE player_id = $1 AND key = $2 AND created_at >= now() - $3::float8 * interval '1 millisecond'`,
      [playerId, key, IDEMPOTENCY_RETENTION_MS],
    );
    const record = rows[0];
    return record ? this.replayResponse(record.operation, record.response, options) : null;
  }

  private async replayResponse(
    operation: string,
    stored: StoredResponse,
    options: MoveOptions,
  ): Promise<MoveResult> {
    if (operation !== options.operation || stored.requestHash !== options.requestHash) {
      return {
        kind: 'refused',
        gameId: null,
        state: null,
        error: {
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: `this idempotencyKey was already used for another request (${operation}); use a new key`,
          field: ['idempotencyKey'],
        },
      };
    }
    if (stored.gameId === null || stored.version === null) {
      return { kind: 'refused', gameId: null, state: null, error: stored.error! };
    }
    // The game as the first response showed it.
    const state = await this.states.stateAt(stored.gameId, stored.version);
    if (stored.error) return { kind: 'refused', gameId: stored.gameId, state, error: stored.error };
    return { kind: 'applied', gameId: stored.gameId, state, events: [] };
  }
}
