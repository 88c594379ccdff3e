// The lobby expiry's query: the games left in their lobby, unchanged, for longer than allowed.
import type { Pool } from 'pg';

export interface IdleLobby {
  readonly gameId: string;
  /** The version found idle: the expiry applies to that version or not at all. */
  readonly version: number;
}

export class IdleLobbyQueries {
  constructor(private readonly pool: Pool) {}

  /** Up to `limit` games in LOBBY whose last change is older than `idleMs`, the longest idle first. */
  async idleLobbies(idleMs: number, limit: number): Promise<IdleLobby[]> {
    // The database's clock stamps updated_at, so it decides the age too.
    const { rows } = await this.pool.query<{ id: string; version: number }>(
      `SELECT id, version FROM games
        WHERE status = 'LOBBY' AND updated_at < now() - $1::float8 * interval '1 millisecond'
        ORDER BY updated_at LIMIT $2`,
      [idleMs, limit],
    );
    return rows.map((r) => ({ gameId: r.id, version: r.version }));
  }
}
