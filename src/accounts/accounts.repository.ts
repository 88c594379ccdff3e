// Accounts: rotating a player's token (once per idempotency key) and renaming a player.
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { nameSkeletons, type NameSkeletons } from '../security/name-skeleton';
import { hashToken, newToken } from '../security/tokens';
import { IDEMPOTENCY_RETENTION_MS } from '../store/idempotency-expiry.queries';
import { isNameSkeletonConflict, NameTakenError } from '../store/name-taken';
import { openToken, sealToken } from '../store/registration-seal';

const ROTATION_KEY_LABEL = 'perudo/rotateToken/key-hash/v1\0';

/** The digest a rotation's idempotency key is kept as (scoped to the player). */
function rotationKeyHash(playerId: string, idempotencyKey: string): string {
  return createHash('sha256')
    .update(ROTATION_KEY_LABEL)
    .update(playerId, 'utf8')
    .update('\0')
    .update(idempotencyKey, 'utf8')
    .digest('hex');
}

export type Rotation =
  | { readonly kind: 'rotated'; readonly playerId: string; readonly token: string }
  /** The token is no longer the player's (rotated meanwhile) and no recorded rotation matches the key. */
  | { readonly kind: 'stale' };

interface RotationRow {
  player_id: string;
  key_hash: string;
  salt: Uint8Array;
  sealed_token: Uint8Array;
}

export class AccountsRepository {
  constructor(
    private readonly pool: Pool,
    /** uniqueNames: a rename stores the name's skeleton (unique); without it names may repeat. */
    private readonly options: { readonly uniqueNames?: boolean } = {},
  ) {}

  /**
   * Replaces the player's token `oldToken` with a new one. The update is guarded by the old token's hash, so
   * of concurrent rotations with one token exactly one succeeds. With an idempotency key the new token is
   * recorded (sealed under the key) by the same statement, under the old token's hash.
   */
  async rotate(playerId: string, oldToken: string, idempotencyKey: string | null): Promise<Rotation> {
    const oldHash = hashToken(oldToken);
    if (idempotencyKey) {
      const replay = await this.replay(oldToken, idempotencyKey);
      if (replay) return replay;
    }
    const token = newToken();
    const sealed = idempotencyKey ? sealToken(token, idempotencyKey, playerId) : null;
    const { rows } = await this.pool.query<{ id: string }>(
      `WITH rotated AS (
         UPDATE players SET token_hash = $3::char(64) WHERE id = $1::uuid AND token_hash = $2::char(64) RETURNING id),
       recorded AS (
         INSERT INTO token_rotations (old_token_hash, player_id, key_hash, salt, sealed_token)
         SELECT $2::char(64), id, $4::char(64), $5::bytea, $6::bytea FROM rotated WHERE $4::char(64) IS NOT NULL
         ON CONFLICT (old_token_hash) DO UPDATE
           SET player_id = EXCLUDED.player_id, key_hash = EXCLUDED.key_hash, salt = EXCLUDED.salt,
               sealed_token = EXCLUDED.sealed_token, created_at = now())
       SELECT id::text AS id FROM rotated`,
      [
        playerId,
        oldHash,
        hashToken(token),
        idempotencyKey ? rotationKeyHash(playerId, idempotencyKey) : null,
        sealed?.salt ?? null,
        sealed?.sealed ?? null,
      ],
    );
    if (rows.length > 0) return { kind: 'rotated', playerId, token };
    // Rotated by a concurrent request: it may have been this one's retry.
    if (idempotencyKey) {
      const replay = await this.replay(oldToken, idempotencyKey);
      if (replay) return replay;
    }
    return { kind: 'stale' };
  }

  /** Whether `token` was replaced within the retention period by a rotation sent with a key. */
  async wasRotated(token: string): Promise<boolean> {
    return (await this.recorded(hashToken(token))) !== null;
  }

  /** The recorded rotation of `oldToken` under `idempotencyKey`: the same new token, or null. */
  async replay(oldToken: string, idempotencyKey: string): Promise<Rotation | null> {
    const row = await this.recorded(hashToken(oldToken));
    if (!row || row.key_hash !== rotationKeyHash(row.player_id, idempotencyKey)) return null;
    const token = openToken(
      { salt: Buffer.from(row.salt), sealed: Buffer.from(row.sealed_token) },
      idempotencyKey,
      row.player_id,
    );
    return { kind: 'rotated', playerId: row.player_id, token };
  }

  private async recorded(oldHash: string): Promise<RotationRow | null> {
    const { rows } = await this.pool.query<RotationRow>(
      `SELECT player_id::text AS player_id, key_hash, salt, sealed_token FROM token_rotations
        WHERE old_token_hash = $1
          AND created_at >= now() - $2::float8 * interval '1 millisecond'`,
      [oldHash, IDEMPOTENCY_RETENTION_MS],
    );
    return rows[0] ?? null;
  }

  /**
   * Renames a player (a person: the name's skeleton goes with it); resolves to false when there is no such
   * player. Throws NameTakenError when another person's name has one of the same skeletons.
   */
  async rename(
    playerId: string,
    name: string,
    skeletons: NameSkeletons = nameSkeletons(name),
  ): Promise<boolean> {
    const unique = this.options.uniqueNames;
    const { rowCount } = await this.pool
      .query(
        'UPDATE players SET name = $2, name_skeleton = $3, name_skeleton_lower = $4 WHERE id = $1::uuid',
        [playerId, name, unique ? skeletons.folded : null, unique ? skeletons.lowered : null],
      )
      .catch((error: unknown) => {
        throw isNameSkeletonConflict(error) ? new NameTakenError(name) : error;
      });
    return (rowCount ?? 0) > 0;
  }

  /** Whether `token` is the player's current token (read from the database, never a cache). */
  async isCurrent(playerId: string, token: string): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM players WHERE id = $1::uuid AND token_hash = $2', [
      playerId,
      hashToken(token),
    ]);
    return rows.length > 0;
  }
}
