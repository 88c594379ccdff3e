// Table chat in SQL: messages in each game's own sequence, the authors' rate windows, the bounds, mutes.
import type { Pool, PoolClient } from 'pg';
import { CHAT_COLUMNS, type ChatRow } from '../store/chat-columns';
import type { IdempotencyWrite } from '../store/idempotency.repository';

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

/** At most `max` accepted messages within any `windowMs`. */
export interface ChatRate {
  readonly max: number;
  readonly windowMs: number;
}

/** What bounds an append: the author's rates, and how long and large a game's chat may grow. */
export interface ChatBounds {
  /** The author's accepted messages in the game. */
  readonly perGame: ChatRate;
  /** The author's accepted messages across all games. */
  readonly perAuthor: ChatRate;
  /** Messages a game keeps at most. */
  readonly maxMessages: number;
  /** How long after its game finishes a chat takes messages (ms). */
  readonly openAfterFinishMs: number;
}

export type AppendResult =
  | { readonly kind: 'appended'; readonly message: ChatRecord }
  /** Over a rate: `perGame` or `perAuthor` (the one that frees last, when both). */
  | { readonly kind: 'limited'; readonly rate: 'perGame' | 'perAuthor'; readonly retryAfterMs: number }
  /** The game's chat is closed: it holds `maxMessages`, or its game finished `openAfterFinishMs` ago. */
  | { readonly kind: 'closed'; readonly why: 'full' | 'finished' }
  /** Another request took the idempotency key first: nothing was appended. */
  | { readonly kind: 'key_taken' };

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
/** The lock of one author's rate across games, always taken before a game's (so two appends never wait in a cycle). */
const LOCK_AUTHOR = `SELECT pg_advisory_xact_lock(hashtextextended('chat-author:' || $1::text, 0))`;

/**
 * The author's accepted messages within the window ($3 ms, at most $4 counted) and when the oldest of them
 * leaves it (ms); $1 narrows to one game when not null.
 */
const RATE_WINDOW = `SELECT count(*)::int AS n,
         extract(epoch FROM (min(at) + $3::float8 * interval '1 millisecond' - clock_timestamp())) * 1000
           AS retry_ms
    FROM (SELECT at FROM chat_messages
           WHERE ($1::uuid IS NULL OR game_id = $1) AND author_id = $2
             AND at > clock_timestamp() - $3::float8 * interval '1 millisecond'
           ORDER BY at DESC LIMIT $4) recent`;

export class ChatRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Appends a message as the game's next seq, unless the game's chat is closed (`bounds.maxMessages` held, or
   * the game finished `bounds.openAfterFinishMs` ago) or its author is over a rate (by the database's clock,
   * so every process counts the same). One transaction under the author's lock and then the game's chat
   * lock: rates are counted and the seq allocated with no other append of the author or the game in between,
   * so seqs have no gaps and a burst across processes and games cannot pass a limit. The idempotency record,
   * when given, is written in the same transaction.
   */
  async append(
    message: NewChatMessage,
    bounds: ChatBounds,
    idempotency: IdempotencyWrite | null,
  ): Promise<AppendResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(LOCK_AUTHOR, [message.authorId]);
      await client.query(LOCK_CHAT, [message.gameId]);
      const closed = await this.closed(client, message.gameId, bounds);
      if (closed) {
        await client.query('ROLLBACK');
        return { kind: 'closed', why: closed };
      }
      let limited: { rate: 'perGame' | 'perAuthor'; retryAfterMs: number } | null = null;
      for (const rate of ['perGame', 'perAuthor'] as const) {
        const { max, windowMs } = bounds[rate];
        const { rows } = await client.query<{ n: number; retry_ms: number | null }>(RATE_WINDOW, [
          rate === 'perGame' ? message.gameId : null,
          message.authorId,
          windowMs,
          max,
        ]);
        const retryAfterMs = Math.max(0, Number(rows[0]!.retry_ms ?? 0));
        if (rows[0]!.n >= max && (!limited || retryAfterMs > limited.retryAfterMs))
          limited = { rate, retryAfterMs };
      }
      if (limited) {
        await client.query('ROLLBACK');
        return { kind: 'limited', ...limited };
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

  /** Why the game's chat takes no more messages (under its lock), or null while it does. */
  private async closed(
    client: PoolClient,
    gameId: string,
    bounds: ChatBounds,
  ): Promise<'full' | 'finished' | null> {
    const { rows } = await client.query<{ last: number; over: boolean }>(
      `SELECT (SELECT COALESCE(max(seq), 0) FROM chat_messages WHERE game_id = $1) AS last,
              COALESCE(g.finished_at <= clock_timestamp() - $2::float8 * interval '1 millisecond', false) AS over
         FROM games g WHERE g.id = $1`,
      [gameId, bounds.openAfterFinishMs],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.last >= bounds.maxMessages) return 'full';
    return row.over ? 'finished' : null;
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
   * they muted or blocked (a block hides like a mute that lasts; so `first` counts what they see).
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
                (SELECT 1 FROM player_mutes m WHERE m.player_id = $4 AND m.muted_id = c.author_id
                 UNION ALL
                 SELECT 1 FROM player_blocks b WHERE b.blocker_id = $4 AND b.blocked_id = c.author_id))
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

  /** The players `playerId` mutes or blocks. */
  async mutedBy(playerId: string): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ muted_id: string }>(
      `SELECT muted_id::text AS muted_id FROM player_mutes WHERE player_id = $1
       UNION SELECT blocked_id::text FROM player_blocks WHERE blocker_id = $1`,
      [playerId],
    );
    return new Set(rows.map((r) => r.muted_id));
  }

  /** Whether `playerId` mutes or blocks `mutedId`. */
  async mutes(playerId: string, mutedId: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      `SELECT 1 FROM player_mutes WHERE player_id = $1 AND muted_id = $2
       UNION SELECT 1 FROM player_blocks WHERE blocker_id = $1 AND blocked_id = $2`,
      [playerId, mutedId],
    );
    return rows.length === 1;
  }
}
