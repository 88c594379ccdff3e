// The turn timer's query: which games' turn deadlines have passed.
import type { Pool } from 'pg';

export class TurnDeadlineQueries {
  constructor(private readonly pool: Pool) {}

  /** Overdue turns: ids and versions of games whose turn deadline has passed, oldest first. */
  async overdueTurns(
    limit: number,
    skip: readonly string[] = [],
  ): Promise<{ gameId: string; version: number }[]> {
    const { rows } = await this.pool.query<{ id: string; version: number }>(
      `SELECT id, version FROM games WHERE turn_deadline <= now() AND id <> ALL($2::uuid[])
        ORDER BY turn_deadline LIMIT $1`,
      [limit, skip],
    );
    return rows.map((r) => ({ gameId: r.id, version: r.version }));
  }
}
