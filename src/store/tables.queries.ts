// The tables' queries: the lock that serializes quick play and rematches per kind across processes, the
// quick-play tables open to a player, and a game's rematch.
import type { Pool } from 'pg';
import type { AdvisoryLocks } from '../database/advisory-locks';

export class TableQueries {
  constructor(
    private readonly pool: Pool,
    private readonly locks: AdvisoryLocks,
  ) {}

  /**
   * Runs `work` holding the advisory lock named `key`, held by no other caller on any process meanwhile.
   * The lock lives on a connection outside the pool, so `work` may take from the pool as it likes: holders
   * of different keys never hold pooled connections while they wait for one (which once deadlocked the
   * pool), and a waiter holds nothing.
   */
  withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.locks.withLock(key, work);
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
