// What the game and lobby feeds' periodic checks read: the last event of games, and the games created lately.
import type { Pool } from 'pg';

export class FeedCheckQueries {
  constructor(private readonly pool: Pool) {}

  /** The last event seq of each of these games. */
  async lastSeqs(gameIds: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ game_id: string; seq: number }>(
      'SELECT game_id, max(seq) AS seq FROM game_events WHERE game_id = ANY($1::uuid[]) GROUP BY game_id',
      [gameIds],
    );
    return new Map(rows.map((r) => [r.game_id, r.seq]));
  }

  /** Ids of the games created at or after `from` (by the creating process's clock). */
  async idsCreatedSince(from: Date): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM games WHERE created_at >= $1', [
      from,
    ]);
    return rows.map((r) => r.id);
  }
}
