// The turn timer's query: claiming the games whose turn deadlines have passed.
import type { Pool } from 'pg';

export interface OverdueTurn {
  readonly gameId: string;
  /** The game version the deadline belongs to: the timeout is applied to that version or not at all. */
  readonly version: number;
}

export class TurnDeadlineQueries {
  constructor(private readonly pool: Pool) {}

  /**
   * Claims up to `limit` overdue turns, oldest first, for `leaseSeconds`: their deadlines move that far ahead,
   * so the other processes polling meanwhile take other games instead of racing for these. A claimed
   * timeout that is applied sets the next turn's deadline; one that is not (the process died) comes due
   * again when the lease runs out. Rows another process is claiming right now are skipped, not waited for.
   */
  async claimOverdue(
    limit: number,
    leaseSeconds: number,
    skip: readonly string[] = [],
  ): Promise<OverdueTurn[]> {
    const { rows } = await this.pool.query<{ id: string; version: number }>(
      `UPDATE games g SET turn_deadline = now() + make_interval(secs => $2)
         FROM (SELECT id FROM games
                WHERE turn_deadline <= now() AND id <> ALL($3::uuid[])
                ORDER BY turn_deadline LIMIT $1
                FOR UPDATE SKIP LOCKED) due
        WHERE g.id = due.id
        RETURNING g.id, g.version`,
      [limit, leaseSeconds, skip],
    );
    return rows.map((r) => ({ gameId: r.id, version: r.version }));
  }
}
