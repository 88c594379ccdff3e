// The arena's queries: whether a player is an agent, and the arena tables of a kind open to one.
import type { Pool } from 'pg';

export class ArenaRepository {
  constructor(private readonly pool: Pool) {}

  /** Whether the player is an agent (a program's account: it has an owner). */
  async isAgent(playerId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ agent: boolean }>(
      'SELECT owner_id IS NOT NULL AS agent FROM players WHERE id = $1',
      [playerId],
    );
    return rows[0]?.agent === true;
  }

  /**
   * The arena tables of `key` ("<preset>:<seats>:<turnSeconds>") in their lobby: the one `playerId` is seated
   * at, if any, and those with a free seat where they are not, oldest first.
   */
  async openTables(
    key: string,
    playerId: string,
    limit: number,
  ): Promise<{ seated: string | null; open: string[] }> {
    const { rows } = await this.pool.query<{ id: string; seated: boolean }>(
      `SELECT g.id, EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $2) AS seated
         FROM games g
        WHERE g.arena_key = $1 AND g.status = 'LOBBY'
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
}
