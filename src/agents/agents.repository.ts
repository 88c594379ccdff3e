// Agents in PostgreSQL: creating one under its owner's cap, replacing or revoking its token, listing them.
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { withTransaction } from '../database/checkout';
import type { BotLevel } from '../engine';
import type { NameSkeletons } from '../security/name-skeleton';
import { hashToken, newToken } from '../security/tokens';
import { IDEMPOTENCY_RETENTION_MS } from '../store/idempotency-expiry.queries';
import { isNameSkeletonConflict, NameTakenError } from '../store/name-taken';
import { playerRecordOf, type PlayerRecord } from '../store/player.repository';
import { openToken, sealToken } from '../store/registration-seal';

/** Agents an owner may hold that are not retired. */
export const AGENTS_PER_OWNER = 10;

// Each digest has a label of its own, so that none equals one made from the same key for another purpose.
const CREATE_KEY_LABEL = 'perudo/createAgent/key-hash/v1\0';
const CREATE_REQUEST_LABEL = 'perudo/createAgent/request-hash/v1\0';
const ROTATE_KEY_LABEL = 'perudo/rotateAgentToken/key-hash/v1\0';

function digest(label: string, ...parts: string[]): string {
  const hash = createHash('sha256').update(label);
  for (const part of parts) hash.update(part, 'utf8').update('\0');
  return hash.digest('hex');
}

/** A player row's columns as a PlayerRecord's fields, of the table aliased `p`. */
const PLAYER_COLUMNS = `p.id::text AS id, p.name, p.created_at AS "createdAt", p.bot_level AS "botLevel",
  p.owner_id::text AS "ownerId", p.retired_at AS "retiredAt", p.arena_reference AS "arenaReference"`;

interface PlayerRow {
  id: string;
  name: string;
  createdAt: Date;
  botLevel: BotLevel | null;
  ownerId: string | null;
  retiredAt: Date | null;
  arenaReference: BotLevel | null;
}

interface SealedRow {
  salt: Uint8Array;
  sealed_token: Uint8Array;
}

/** How a create ended. */
export type AgentCreation =
  | { readonly kind: 'created'; readonly agent: PlayerRecord; readonly token: string }
  | { readonly kind: 'limit_reached' }
  /** The key was used to create an agent of another name. */
  | { readonly kind: 'reused' };

/** How a token replacement ended; `not_found`: not a live agent of the owner's. */
export type AgentRotation =
  | {
      readonly kind: 'rotated';
      readonly agent: PlayerRecord;
      readonly token: string;
      readonly replayed: boolean;
    }
  | { readonly kind: 'not_found' };

export class AgentsRepository {
  constructor(
    private readonly pool: Pool,
    /** uniqueNames: an agent's name skeleton is stored (unique among people and agents), as a person's. */
    private readonly options: { readonly uniqueNames?: boolean } = {},
  ) {}

  /**
   * Creates an agent of `ownerId`, unless the owner holds AGENTS_PER_OWNER live ones already: counted under a
   * lock of the owner's row, so concurrent creates cannot pass the cap. With a key, the token is recorded
   * sealed under it (as a registration's), and a retry within the retention period gets the same agent and
   * token. Throws NameTakenError when the name looks like one a person or agent holds.
   */
  async create(
    ownerId: string,
    name: string,
    skeletons: NameSkeletons,
    idempotencyKey: string | null,
  ): Promise<AgentCreation> {
    const keyHash = idempotencyKey ? digest(CREATE_KEY_LABEL, ownerId, idempotencyKey) : null;
    const requestHash = digest(CREATE_REQUEST_LABEL, name);
    return this.transaction(async (client) => {
      await client.query('SELECT 1 FROM players WHERE id = $1::uuid FOR UPDATE', [ownerId]);
      if (keyHash && idempotencyKey) {
        const replay = await this.recordedCreate(client, keyHash);
        if (replay) {
          if (replay.request_hash !== requestHash) return { kind: 'reused' };
          const token = openToken(
            { salt: Buffer.from(replay.salt), sealed: Buffer.from(replay.sealed_token) },
            idempotencyKey,
            replay.id,
          );
          return { kind: 'created', agent: playerRecordOf(replay), token };
        }
        // A record past the retention period gives its key up (the owner's lock keeps this one alone).
        await client.query('DELETE FROM registration_records WHERE key_hash = $1', [keyHash]);
      }
      const { rows: counted } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM players WHERE owner_id = $1::uuid AND retired_at IS NULL',
        [ownerId],
      );
      if (counted[0]!.n >= AGENTS_PER_OWNER) return { kind: 'limit_reached' };
      const token = newToken();
      const unique = this.options.uniqueNames;
      const { rows } = await client
        .query<PlayerRow>(
          `INSERT INTO players AS p (name, name_skeleton, name_skeleton_lower, token_hash, owner_id)
           VALUES ($1, $2, $3, $4, $5::uuid) RETURNING ${PLAYER_COLUMNS}`,
          [
            name,
            unique ? skeletons.folded : null,
            unique ? skeletons.lowered : null,
            hashToken(token),
            ownerId,
          ],
        )
        .catch((error: unknown) => {
          throw isNameSkeletonConflict(error) ? new NameTakenError(name) : error;
        });
      const agent = playerRecordOf(rows[0]!);
      if (keyHash && idempotencyKey) {
        const { salt, sealed } = sealToken(token, idempotencyKey, agent.id);
        await client.query(
          `INSERT INTO registration_records (key_hash, player_id, request_hash, salt, sealed_token)
           VALUES ($1, $2::uuid, $3, $4, $5)`,
          [keyHash, agent.id, requestHash, salt, sealed],
        );
      }
      return { kind: 'created', agent, token };
    });
  }

  /** Whether a live create is recorded under the owner's key (a retry of it replays it). */
  async isCreated(ownerId: string, idempotencyKey: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      `SELECT 1 FROM registration_records
        WHERE key_hash = $1 AND created_at >= now() - $2::float8 * interval '1 millisecond'`,
      [digest(CREATE_KEY_LABEL, ownerId, idempotencyKey), IDEMPOTENCY_RETENTION_MS],
    );
    return rows.length > 0;
  }

  private async recordedCreate(
    client: PoolClient,
    keyHash: string,
  ): Promise<(PlayerRow & SealedRow & { request_hash: string }) | null> {
    const { rows } = await client.query<PlayerRow & SealedRow & { request_hash: string }>(
      `SELECT ${PLAYER_COLUMNS}, r.request_hash, r.salt, r.sealed_token
         FROM registration_records r JOIN players p ON p.id = r.player_id
        WHERE r.key_hash = $1 AND r.created_at >= now() - $2::float8 * interval '1 millisecond'`,
      [keyHash, IDEMPOTENCY_RETENTION_MS],
    );
    return rows[0] ?? null;
  }

  /**
   * Gives a live agent of the owner's a new token; the old one stops matching at once. With a key the new
   * token is recorded under the replaced one's hash (as rotateToken records), sealed under the key, and a
   * retry within the retention period gets it back without rotating again.
   */
  async rotate(ownerId: string, agentId: string, idempotencyKey: string | null): Promise<AgentRotation> {
    const keyHash = idempotencyKey ? digest(ROTATE_KEY_LABEL, ownerId, agentId, idempotencyKey) : null;
    return this.transaction(async (client) => {
      const { rows } = await client.query<PlayerRow & { tokenHash: string }>(
        `SELECT ${PLAYER_COLUMNS}, p.token_hash AS "tokenHash" FROM players p
          WHERE p.id = $1::uuid AND p.owner_id = $2::uuid FOR UPDATE`,
        [agentId, ownerId],
      );
      const row = rows[0];
      // A retired agent's token is never renewed: retirement is final.
      if (!row || row.retiredAt !== null) return { kind: 'not_found' };
      const { tokenHash, ...fields } = row;
      const agent = playerRecordOf(fields);
      if (keyHash && idempotencyKey) {
        const { rows: recorded } = await client.query<SealedRow>(
          `SELECT salt, sealed_token FROM token_rotations
            WHERE player_id = $1::uuid AND key_hash = $2
              AND created_at >= now() - $3::float8 * interval '1 millisecond'`,
          [agentId, keyHash, IDEMPOTENCY_RETENTION_MS],
        );
        if (recorded[0]) {
          const sealed = {
            salt: Buffer.from(recorded[0].salt),
            sealed: Buffer.from(recorded[0].sealed_token),
          };
          return {
            kind: 'rotated',
            agent,
            token: openToken(sealed, idempotencyKey, agentId),
            replayed: true,
          };
        }
      }
      const token = newToken();
      await client.query('UPDATE players SET token_hash = $2 WHERE id = $1::uuid', [
        agentId,
        hashToken(token),
      ]);
      if (keyHash && idempotencyKey) {
        const { salt, sealed } = sealToken(token, idempotencyKey, agentId);
        await client.query(
          `INSERT INTO token_rotations (old_token_hash, player_id, key_hash, salt, sealed_token)
           VALUES ($1, $2::uuid, $3, $4, $5)
           ON CONFLICT (old_token_hash) DO UPDATE
             SET player_id = EXCLUDED.player_id, key_hash = EXCLUDED.key_hash, salt = EXCLUDED.salt,
                 sealed_token = EXCLUDED.sealed_token, created_at = now()`,
          [tokenHash, agentId, keyHash, salt, sealed],
        );
      }
      return { kind: 'rotated', agent, token, replayed: false };
    });
  }

  /**
   * Retires an agent of the owner's: its token is replaced by the digest of one nobody holds, so every
   * earlier token stops working. `changed` is false when it was retired already (nothing changes then).
   * Null when it is not an agent of the owner's.
   */
  async retire(
    ownerId: string,
    agentId: string,
  ): Promise<{ readonly agent: PlayerRecord; readonly changed: boolean } | null> {
    const { rows } = await this.pool.query<PlayerRow & { changed: boolean }>(
      `WITH old AS (
         SELECT id, retired_at FROM players WHERE id = $1::uuid AND owner_id = $2::uuid FOR UPDATE)
       UPDATE players p
          SET retired_at = coalesce(old.retired_at, now()),
              token_hash = CASE WHEN old.retired_at IS NULL THEN $3 ELSE p.token_hash END
         FROM old WHERE p.id = old.id
       RETURNING ${PLAYER_COLUMNS}, old.retired_at IS NULL AS changed`,
      [agentId, ownerId, hashToken(newToken())],
    );
    const row = rows[0];
    if (!row) return null;
    const { changed, ...fields } = row;
    return { agent: playerRecordOf(fields), changed };
  }

  /** Whether `agentId` is an agent of the owner's (retired or not). */
  async isOwned(ownerId: string, agentId: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      'SELECT 1 FROM players WHERE id = $1::uuid AND owner_id = $2::uuid',
      [agentId, ownerId],
    );
    return rows.length > 0;
  }

  /** The owner's agents, retired ones too, oldest first. */
  async list(ownerId: string): Promise<PlayerRecord[]> {
    const { rows } = await this.pool.query<PlayerRow>(
      `SELECT ${PLAYER_COLUMNS} FROM players p WHERE p.owner_id = $1::uuid ORDER BY p.created_at, p.id`,
      [ownerId],
    );
    return rows.map(playerRecordOf);
  }

  private transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }
}
