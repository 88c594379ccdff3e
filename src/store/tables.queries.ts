// The tables' queries: the lock that serializes quick play and rematches per kind across processes, the
// quick-play tables open to a player, and a game's rematch.
import type { Pool } from 'pg';
import { withConnection } from '../database/checkout';

/** How long a waiter sleeps between two attempts at a busy lock (ms; jittered). */
const LOCK_RETRY_MS = 4;

export class TableQueries {
  constructor(private readonly pool: Pool) {}

  /**
   * Runs `work` holding the session advisory lock named `key`, held by no other caller on any process
   * meanwhile. A waiter does not hold a connection: it tries again a few milliseconds later, so that many
   * waiters cannot take the whole pool from the holder's own queries.
   */
  async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    for (;;) {
      const ran = await withConnection(this.pool, async (client) => {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
          [key],
        );
        if (!rows[0]!.locked) return null;
        try {
          return { value: await work() };
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
        }
      });
      if (ran) return ran.value;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS + Math.random() * LOCK_RETRY_MS));
    }
  }

  /**
   * The quick-play tables of `key` ("<preset>:<players>") in their lobby: the one `playerId` is seated at, if
   * any, and the PUBLIC, rated ones with a free seat where they are not, oldest first.
   */
  async quickPlayTables(
    key: string,
    playerId: string,
    limit: number,
  ): Promise<{ seated: string | null; open: string[] }> {
    const { rows } = await this.pool.query<{ id: string; seated: boolean }>(
      `SELECT g.id, EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $2) AS seated
         FROM games g
        WHERE g.quick_play_key = $1 AND g.status = 'LOBBY' AND g.visibility = 'PUBLIC' AND g.rated
          AND (EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $2)
               OR (SELECT count(*) FROM seats s WHERE s.game_id = g.id) < g.max_players)
        ORDER BY g.created_at, g.id
        LIMIT $3`,
      [key, playerId, limit],
    );
    return {
      seated: rows.find((r) => r.seated)?.id ?? null,
      open: rows.filter((r) => !r.seated).map((r) => r.id),
    };
  }

  /** The rematch of a game, if one was created. */
  async rematchOf(gameId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT id FROM games WHERE previous_game_id = $1',
      [gameId],
    );
    return rows[0]?.id ?? null;
  }
}
