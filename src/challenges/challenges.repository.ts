// Challenges in SQL: a challenge and its invitees, the seats held for them, blocks and challenge policies.
import type { Pool, PoolClient } from 'pg';
import { withTransaction } from '../database/checkout';
import { holdSeats, releaseSeats } from '../store/held-seats';
import type { IdempotencyWrite } from '../store/idempotency.repository';
import type { ChallengeEvent } from './challenge-notices.codec';

export type ChallengeStatus = 'OPEN' | 'ACCEPTED' | 'DECLINED' | 'EXPIRED' | 'CANCELLED';
export type ChallengePolicy = 'EVERYONE' | 'PLAYED_WITH' | 'NOBODY';

export interface InviteeRecord {
  readonly playerId: string;
  readonly status: ChallengeStatus;
}

export interface ChallengeRecord {
  readonly id: string;
  readonly challengerId: string;
  readonly gameId: string;
  readonly message: string | null;
  readonly status: ChallengeStatus;
  readonly expiresAt: Date;
  readonly createdAt: Date;
  /** By player id. */
  readonly invitees: readonly InviteeRecord[];
}

/**
 * One transaction of the challenges: its connection, and the events it caused, published once it has
 * committed (see ChallengeNotices).
 */
export class ChallengeTx {
  readonly events: ChallengeEvent[] = [];
  constructor(readonly client: PoolClient) {}
}

export interface NewChallenge {
  readonly gameId: string;
  readonly challengerId: string;
  readonly inviteeIds: readonly string[];
  readonly message: string | null;
  readonly expiresInSeconds: number;
}

interface ChallengeRow {
  id: string;
  challenger_id: string;
  game_id: string;
  message: string | null;
  status: ChallengeStatus;
  expires_at: Date;
  created_at: Date;
  invitees: { player_id: string; status: ChallengeStatus }[];
}

const CHALLENGE_COLUMNS = `c.id::text, c.challenger_id::text, c.game_id::text, c.message, c.status, c.expires_at,
  c.created_at,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('player_id', i.player_id, 'status', i.status)
                            ORDER BY i.player_id), '[]')
     FROM challenge_invitees i WHERE i.challenge_id = c.id) AS invitees`;

function toRecord(r: ChallengeRow): ChallengeRecord {
  return {
    id: r.id,
    challengerId: r.challenger_id,
    gameId: r.game_id,
    message: r.message,
    status: r.status,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
    invitees: r.invitees.map((i) => ({ playerId: i.player_id, status: i.status })),
  };
}

export class ChallengesRepository {
  constructor(private readonly pool: Pool) {}

  /** Runs `work` in one transaction; its events are in the returned ChallengeTx once it has committed. */
  async transaction<T>(work: (tx: ChallengeTx) => Promise<T>): Promise<{ result: T; tx: ChallengeTx }> {
    return withTransaction(this.pool, async (client) => {
      const tx = new ChallengeTx(client);
      return { result: await work(tx), tx };
    });
  }

  async find(challengeId: string): Promise<ChallengeRecord | null> {
    const { rows } = await this.pool.query<ChallengeRow>(
      `SELECT ${CHALLENGE_COLUMNS} FROM challenges c WHERE c.id = $1`,
      [challengeId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findByGame(gameId: string): Promise<ChallengeRecord | null> {
    const { rows } = await this.pool.query<ChallengeRow>(
      `SELECT ${CHALLENGE_COLUMNS} FROM challenges c WHERE c.game_id = $1`,
      [gameId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The challenge, locked until the transaction ends. */
  async lock(tx: ChallengeTx, challengeId: string): Promise<ChallengeRecord | null> {
    await tx.client.query('SELECT 1 FROM challenges WHERE id = $1 FOR UPDATE', [challengeId]);
    const { rows } = await tx.client.query<ChallengeRow>(
      `SELECT ${CHALLENGE_COLUMNS} FROM challenges c WHERE c.id = $1`,
      [challengeId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The challenges `playerId` made or was invited to (in `status`, when given), newest first, at most `limit`. */
  async ofPlayer(
    playerId: string,
    status: ChallengeStatus | null,
    limit: number,
  ): Promise<ChallengeRecord[]> {
    const { rows } = await this.pool.query<ChallengeRow>(
      `SELECT ${CHALLENGE_COLUMNS} FROM challenges c
        WHERE (c.challenger_id = $1 OR EXISTS (SELECT 1 FROM challenge_invitees i
                                                WHERE i.challenge_id = c.id AND i.player_id = $1))
          AND ($2::"ChallengeStatus" IS NULL OR c.status = $2)
        ORDER BY c.created_at DESC, c.id DESC LIMIT $3`,
      [playerId, status, limit],
    );
    return rows.map(toRecord);
  }

  /** Which of the ids are players, and whether each is a bot. */
  async players(ids: readonly string[]): Promise<Map<string, { bot: boolean }>> {
    const { rows } = await this.pool.query<{ id: string; bot: boolean }>(
      `SELECT id::text, bot_level IS NOT NULL AS bot FROM players WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { bot: r.bot }]));
  }

  /**
   * The challenger's challenges within the last `windowMs` (by the database's clock, under a lock of the
   * challenger's so that concurrent calls on any process count each other) and when the oldest of them
   * leaves the window (ms).
   */
  async recentChallenges(
    tx: ChallengeTx,
    challengerId: string,
    windowMs: number,
  ): Promise<{ count: number; retryAfterMs: number }> {
    await tx.client.query(`SELECT pg_advisory_xact_lock(hashtextextended('challenges:' || $1::text, 0))`, [
      challengerId,
    ]);
    const { rows } = await tx.client.query<{ n: number; retry_ms: number | null }>(
      `SELECT count(*)::int AS n,
              extract(epoch FROM (min(created_at) + $2::float8 * interval '1 millisecond' - clock_timestamp())) * 1000
                AS retry_ms
         FROM challenges
        WHERE challenger_id = $1 AND created_at > clock_timestamp() - $2::float8 * interval '1 millisecond'`,
      [challengerId, windowMs],
    );
    return { count: rows[0]!.n, retryAfterMs: Math.max(0, Number(rows[0]!.retry_ms ?? 0)) };
  }

  /**
   * Whether any invitee refuses the challenger: they blocked them, take no challenges, or take them only from
   * players they shared a started game with and never did with the challenger.
   */
  async anyRefuses(tx: ChallengeTx, challengerId: string, inviteeIds: readonly string[]): Promise<boolean> {
    const { rows } = await tx.client.query(
      `SELECT 1 FROM unnest($2::uuid[]) AS i(id)
         LEFT JOIN challenge_policies p ON p.player_id = i.id
        WHERE EXISTS (SELECT 1 FROM player_blocks b WHERE b.blocker_id = i.id AND b.blocked_id = $1)
           OR p.policy = 'NOBODY'
           OR (p.policy = 'PLAYED_WITH' AND NOT EXISTS (
                 SELECT 1 FROM seats a JOIN seats b ON b.game_id = a.game_id
                   JOIN games g ON g.id = a.game_id AND g.started_at IS NOT NULL
                  WHERE a.player_id = i.id AND b.player_id = $1))
        LIMIT 1`,
      [challengerId, inviteeIds],
    );
    return rows.length > 0;
  }

  /** Inserts the challenge and its invitees, and holds a seat of its game for each invitee. */
  async insert(tx: ChallengeTx, c: NewChallenge): Promise<ChallengeRecord> {
    const { rows } = await tx.client.query<{ id: string }>(
      `INSERT INTO challenges (challenger_id, game_id, message, expires_at)
       VALUES ($1, $2, $3, clock_timestamp() + $4::float8 * interval '1 second') RETURNING id::text`,
      [c.challengerId, c.gameId, c.message, c.expiresInSeconds],
    );
    const id = rows[0]!.id;
    await tx.client.query(
      `INSERT INTO challenge_invitees (challenge_id, player_id) SELECT $1, unnest($2::uuid[])`,
      [id, c.inviteeIds],
    );
    await holdSeats(tx.client, c.gameId, c.inviteeIds);
    return (await this.lock(tx, id))!;
  }

  /**
   * Records an invitee's answer and frees their held seat; once no invitee is left OPEN the challenge is
   * ACCEPTED (someone accepted) or DECLINED (nobody did).
   */
  async answer(
    tx: ChallengeTx,
    challenge: ChallengeRecord,
    playerId: string,
    answer: 'ACCEPTED' | 'DECLINED',
  ): Promise<void> {
    await tx.client.query(
      `UPDATE challenge_invitees SET status = $3, answered_at = clock_timestamp()
        WHERE challenge_id = $1 AND player_id = $2`,
      [challenge.id, playerId, answer],
    );
    await releaseSeats(tx.client, challenge.gameId, [playerId]);
    await tx.client.query(
      `UPDATE challenges c SET status = CASE WHEN EXISTS (SELECT 1 FROM challenge_invitees i
                                                            WHERE i.challenge_id = c.id AND i.status = 'ACCEPTED')
                                             THEN 'ACCEPTED'::"ChallengeStatus" ELSE 'DECLINED' END
        WHERE c.id = $1 AND NOT EXISTS (SELECT 1 FROM challenge_invitees i
                                         WHERE i.challenge_id = c.id AND i.status = 'OPEN')`,
      [challenge.id],
    );
  }

  /** Ends an OPEN challenge as `status` (CANCELLED or EXPIRED): its open invitees too, their seats freed. */
  async close(tx: ChallengeTx, challenge: ChallengeRecord, status: 'CANCELLED' | 'EXPIRED'): Promise<void> {
    await tx.client.query(`UPDATE challenges SET status = $2 WHERE id = $1`, [challenge.id, status]);
    await tx.client.query(
      `UPDATE challenge_invitees SET status = $2 WHERE challenge_id = $1 AND status = 'OPEN'`,
      [challenge.id, status],
    );
    await releaseSeats(
      tx.client,
      challenge.gameId,
      challenge.invitees.map((i) => i.playerId),
    );
  }

  /** OPEN challenges past their expiry, or whose game has left its lobby, oldest first. */
  async due(limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT c.id::text FROM challenges c JOIN games g ON g.id = c.game_id
        WHERE c.status = 'OPEN' AND (c.expires_at <= clock_timestamp() OR g.status <> 'LOBBY')
        ORDER BY c.expires_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /** Whether the (locked) challenge is due to expire now. */
  async isDue(tx: ChallengeTx, challenge: ChallengeRecord): Promise<boolean> {
    const { rows } = await tx.client.query(
      `SELECT 1 FROM challenges c JOIN games g ON g.id = c.game_id
        WHERE c.id = $1 AND c.status = 'OPEN' AND (c.expires_at <= clock_timestamp() OR g.status <> 'LOBBY')`,
      [challenge.id],
    );
    return rows.length === 1;
  }

  /** Writes a keyed request's record in the transaction; false when another request took the key. */
  async recordKey(tx: ChallengeTx, write: IdempotencyWrite): Promise<boolean> {
    const { rowCount } = await tx.client.query(
      `INSERT INTO idempotency_records (player_id, key, operation, response) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT DO NOTHING`,
      [write.playerId, write.key, write.operation, JSON.stringify(write.response)],
    );
    return rowCount === 1;
  }

  /** Sets whether `blockerId` blocks `blockedId`; false when `blockedId` is no player. */
  async setBlock(tx: ChallengeTx, blockerId: string, blockedId: string, blocked: boolean): Promise<boolean> {
    const { rows } = await tx.client.query(`SELECT 1 FROM players WHERE id = $1`, [blockedId]);
    if (rows.length === 0) return false;
    if (blocked)
      await tx.client.query(
        `INSERT INTO player_blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [blockerId, blockedId],
      );
    else
      await tx.client.query(`DELETE FROM player_blocks WHERE blocker_id = $1 AND blocked_id = $2`, [
        blockerId,
        blockedId,
      ]);
    return true;
  }

  async setPolicy(tx: ChallengeTx, playerId: string, policy: ChallengePolicy): Promise<void> {
    await tx.client.query(
      `INSERT INTO challenge_policies (player_id, policy) VALUES ($1, $2)
       ON CONFLICT (player_id) DO UPDATE SET policy = EXCLUDED.policy`,
      [playerId, policy],
    );
  }

  async policy(playerId: string): Promise<ChallengePolicy> {
    const { rows } = await this.pool.query<{ policy: ChallengePolicy }>(
      `SELECT policy FROM challenge_policies WHERE player_id = $1`,
      [playerId],
    );
    return rows[0]?.policy ?? 'EVERYONE';
  }

  /** The players `blockerId` blocks, oldest block first. */
  async blocked(blockerId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ blocked_id: string }>(
      `SELECT blocked_id::text FROM player_blocks WHERE blocker_id = $1 ORDER BY created_at, blocked_id`,
      [blockerId],
    );
    return rows.map((r) => r.blocked_id);
  }
}
