// Table chat in SQL: messages in each game's own sequence, the per-player rate window, and mutes.
import type { Pool, PoolClient } from 'pg';
import type { IdempotencyWrite } from './idempotency.repository';

/** A stored chat message. `seat` is the author's position when they sent it (null without a seat). */
export interface ChatRecord {
  readonly gameId: string;
  readonly seq: number;
  readonly authorId: string;
  readonly seat: number | null;
  readonly text: string | null;
  readonly emote: string | null;
  readonly at: Date;
}

/** A message to append: exactly one of text and emote. */
export interface NewChatMessage {
  readonly gameId: string;
  readonly authorId: string;
  readonly seat: number | null;
  readonly text: string | null;
  readonly emote: string | null;
}

/** At most `max` accepted messages of one author in one game within any `windowMs`. */
export interface ChatRate {
  readonly max: number;
  readonly windowMs: number;
}

export type AppendResult =
  | { readonly kind: 'appended'; readonly message: ChatRecord }
  | { readonly kind: 'limited'; readonly retryAfterMs: number }
  /** Another request took the idempotency key first: nothing was appended. */
  | { readonly kind: 'key_taken' };

/** A stored chat message, as read with CHAT_COLUMNS. */
export interface ChatRow {
  game_id: string;
  seq: number;
  author_id: string;
  seat: number | null;
  text: string | null;
  emote: string | null;
  at: Date;
}

export const CHAT_COLUMNS = `game_id::text AS game_id, seq, author_id::text AS author_id, seat, text, emote::text AS emote, at`;

function toRecord(r: ChatRow): ChatRecord {
  return {
    gameId: r.game_id,
    seq: r.seq,
    authorId: r.author_id,
    seat: r.seat,
    text: r.text,
    emote: r.emote,
    at: r.at,
  };
}

/** The lock of one game's chat sequence: a transaction-scoped advisory lock on the game's id. */
const LOCK_CHAT = `SELECT pg_advisory_xact_lock(hashtextextended('chat:' || $1::text, 0))`;

export class ChatRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Appends a message as the game's next seq, unless its author already has `rate.max` messages in the game
   * within the last `rate.windowMs` (by the database's clock, so every process counts the same). One
   * transaction under the game's chat lock: the rate is counted and the seq allocated with no other append
   * of the game in between, so seqs have no gaps and a burst across processes cannot pass the limit. The
   * idempotency record, when given, is written in the same transaction.
   */
  async append(
    message: NewChatMessage,
    rate: ChatRate,
    idempotency: IdempotencyWrite | null,
  ): Promise<AppendResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(LOCK_CHAT, [message.gameId]);
      const { rows: window } = await client.query<{ n: number; retry_ms: number | null }>(
        `SELECT count(*)::int AS n,
                extract(epoch FROM (min(at) + $3::float8 * interval '1 millisecond' - clock_timestamp())) * 1000
                  AS retry_ms
           FROM (SELECT at FROM chat_messages
                  WHERE game_id = $1 AND author_id = $2
                    AND at > clock_timestamp() - $3::float8 * interval '1 millisecond'
                  ORDER BY at DESC LIMIT $4) recent`,
        [message.gameId, message.authorId, rate.windowMs, rate.max],
      );
      if (window[0]!.n >= rate.max) {
        await client.query('ROLLBACK');
        return { kind: 'limited', retryAfterMs: Math.max(0, Number(window[0]!.retry_ms ?? 0)) };
      }
      const { rows } = await client.query<ChatRow>(
        `INSERT INTO chat_messages (game_id, seq, author_id, seat, text, emote, at)
         SELECT $1, COALESCE(max(seq), 0) + 1, $2, $3, $4, $5::"Emote", clock_timestamp()
           FROM chat_messages WHERE game_id = $1
         RETURNING ${CHAT_COLUMNS}`,
        [message.gameId, message.authorId, message.seat, message.text, message.emote],
      );
      const appended = toRecord(rows[0]!);
      if (idempotency && !(await this.record(client, idempotency, appended.seq))) {
        await client.query('ROLLBACK');
        return { kind: 'key_taken' };
      }
      await client.query('COMMIT');
      return { kind: 'appended', message: appended };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** Writes the key's record with the message's seq as its version; false when the key is taken. */
  private async record(client: PoolClient, write: IdempotencyWrite, seq: number): Promise<boolean> {
    const response = { ...write.response, version: seq };
    const { rowCount } = await client.query(
      `INSERT INTO idempotency_records (player_id, key, operation, response) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT DO NOTHING`,
      [write.playerId, write.key, write.operation, JSON.stringify(response)],
    );
    return rowCount === 1;
  }

  /**
   * Up to `first` messages after `afterSeq`, oldest first; with a viewer, without the messages of players
   * they muted (so `first` counts what they see).
   */
  async page(
    gameId: string,
    afterSeq: number,
    first: number,
    viewerId: string | null = null,
  ): Promise<ChatRecord[]> {
    if (first <= 0) return [];
    const { rows } = await this.pool.query<ChatRow>(
      `SELECT ${CHAT_COLUMNS} FROM chat_messages c
        WHERE c.game_id = $1 AND c.seq > $2
          AND ($4::uuid IS NULL OR NOT EXISTS
                (SELECT 1 FROM player_mutes m WHERE m.player_id = $4 AND m.muted_id = c.author_id))
        ORDER BY c.seq LIMIT $3`,
      [gameId, afterSeq, first, viewerId],
    );
    return rows.map(toRecord);
  }

  async one(gameId: string, seq: number): Promise<ChatRecord | null> {
    const { rows } = await this.pool.query<ChatRow>(
      `SELECT ${CHAT_COLUMNS} FROM chat_messages WHERE game_id = $1 AND seq = $2`,
      [gameId, seq],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The last chat seq of each game (0 for a game without messages). */
  async lastSeqs(gameIds: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ game_id: string; seq: number }>(
      `SELECT g.id::text AS game_id, COALESCE((SELECT max(seq) FROM chat_messages c WHERE c.game_id = g.id), 0) AS seq
         FROM unnest($1::uuid[]) AS g(id)`,
      [gameIds],
    );
    return new Map(rows.map((r) => [r.game_id, r.seq]));
  }

  /** Every message of each game, oldest first (the export: no viewer, nothing muted). */
  async forGames(gameIds: readonly string[]): Promise<Map<string, ChatRecord[]>> {
    const byGame = new Map<string, ChatRecord[]>(gameIds.map((id) => [id, []]));
    if (gameIds.length === 0) return byGame;
    const { rows } = await this.pool.query<ChatRow>(
      `SELECT ${CHAT_COLUMNS} FROM chat_messages WHERE game_id = ANY($1::uuid[]) ORDER BY game_id, seq`,
      [gameIds],
    );
    for (const r of rows) byGame.get(r.game_id)?.push(toRecord(r));
    return byGame;
  }

  /** Sets whether `playerId` mutes `mutedId`; false when `mutedId` is no player. */
  async setMute(playerId: string, mutedId: string, muted: boolean): Promise<boolean> {
    if (!muted) {
      const { rows } = await this.pool.query(
        `WITH gone AS (DELETE FROM player_mutes WHERE player_id = $1 AND muted_id = $2)
         SELECT 1 FROM players WHERE id = $2`,
        [playerId, mutedId],
      );
      return rows.length === 1;
    }
    const { rows } = await this.pool.query(
      `INSERT INTO player_mutes (player_id, muted_id) SELECT $1, id FROM players WHERE id = $2
       ON CONFLICT DO NOTHING RETURNING 1`,
      [playerId, mutedId],
    );
    if (rows.length === 1) return true;
    const { rows: exists } = await this.pool.query(`SELECT 1 FROM players WHERE id = $1`, [mutedId]);
    return exists.length === 1;
  }

  /** The players `playerId` mutes. */
  async mutedBy(playerId: string): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ muted_id: string }>(
      `SELECT muted_id::text AS muted_id FROM player_mutes WHERE player_id = $1`,
      [playerId],
    );
    return new Set(rows.map((r) => r.muted_id));
  }

  /** Whether `playerId` mutes `mutedId`. */
  async mutes(playerId: string, mutedId: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      `SELECT 1 FROM player_mutes WHERE player_id = $1 AND muted_id = $2`,
      [playerId, mutedId],
    );
    return rows.length === 1;
  }
}
