// Presence rows: which players have a live subscription on which API process, and when they last stopped.
import type { Pool } from 'pg';

/** The game id that stands for "every game of the player" (a playerEvents subscription). */
export const ANY_GAME = '00000000-0000-0000-0000-000000000000';

/** How often a process beats its heart (ms). */
export const HEARTBEAT_MS = 5_000;
/** A process whose heartbeat is older than this is gone: its connections no longer count (ms). */
export const PROCESS_TTL_MS = 15_000;

export type ConnectionState = { connected: true } | { connected: false; since: Date | null };

/** A connection of a process that stopped: the player, the game (or ANY_GAME) and the process's last beat. */
export interface ExpiredConnection {
  readonly playerId: string;
  readonly gameId: string;
}

const FRESH = `p.heartbeat_at > now() - make_interval(secs => ${PROCESS_TTL_MS / 1000})`;

export class PresenceRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Whether the player is connected to the game now (a live gameEvents subscription to it or a live
   * playerEvents subscription, on a process whose heartbeat is fresh); if not, when they last stopped being
   * connected to it (null: never connected, as far as the database remembers).
   */
  async connectionState(gameId: string, playerId: string): Promise<ConnectionState> {
    const { rows } = await this.pool.query<{ connected: boolean; since: Date | null }>(
      `SELECT EXISTS (SELECT 1 FROM presence_connections c JOIN presence_processes p ON p.id = c.process_id
                      WHERE c.player_id = $2 AND c.game_id IN ($1, $3) AND ${FRESH}) AS connected,
              GREATEST(
                (SELECT max(d.at) FROM presence_disconnects d WHERE d.player_id = $2 AND d.game_id IN ($1, $3)),
                (SELECT max(p.heartbeat_at) FROM presence_connections c JOIN presence_processes p ON p.id = c.process_id
                 WHERE c.player_id = $2 AND c.game_id IN ($1, $3) AND NOT ${FRESH})) AS since`,
      [gameId, playerId, ANY_GAME],
    );
    const row = rows[0]!;
    return row.connected ? { connected: true } : { connected: false, since: row.since };
  }

  /** The players of `playerIds` connected to the game now (one query for a whole table). */
  async connectedOf(gameId: string, playerIds: readonly string[]): Promise<Set<string>> {
    if (playerIds.length === 0) return new Set();
    const { rows } = await this.pool.query<{ player_id: string }>(
      `SELECT DISTINCT c.player_id FROM presence_connections c JOIN presence_processes p ON p.id = c.process_id
       WHERE c.player_id = ANY($2::uuid[]) AND c.game_id IN ($1, $3) AND ${FRESH}`,
      [gameId, playerIds, ANY_GAME],
    );
    return new Set(rows.map((r) => r.player_id));
  }

  /** Whether each (game, player) pair is connected now, keyed "gameId:playerId" (Seat.connected batches). */
  async connectedPairs(pairs: readonly { gameId: string; playerId: string }[]): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const { rows } = await this.pool.query<{ game_id: string; player_id: string }>(
      `SELECT DISTINCT q.game_id, q.player_id
       FROM unnest($1::uuid[], $2::uuid[]) AS q(game_id, player_id)
       JOIN presence_connections c ON c.player_id = q.player_id AND c.game_id IN (q.game_id, $3)
       JOIN presence_processes p ON p.id = c.process_id
       WHERE ${FRESH}`,
      [pairs.map((p) => p.gameId), pairs.map((p) => p.playerId), ANY_GAME],
    );
    return new Set(rows.map((r) => `${r.game_id}:${r.player_id}`));
  }

  /**
   * Records (or refreshes) the process's heartbeat; true when the process had no row (its first beat, or
   * another process expired it after a stall: its connections must then be written again).
   */
  async beat(processId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ inserted: boolean }>(
      `INSERT INTO presence_processes (id, heartbeat_at) VALUES ($1, now())
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [processId],
    );
    return rows[0]!.inserted;
  }

  /** The process holds at least one live subscription of the player to the game (or ANY_GAME). */
  async connect(processId: string, playerId: string, gameId: string): Promise<void> {
    await this.pool.query(
      `WITH beat AS (INSERT INTO presence_processes (id, heartbeat_at) VALUES ($1, now())
                     ON CONFLICT (id) DO UPDATE SET heartbeat_at = now())
       INSERT INTO presence_connections (process_id, player_id, game_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [processId, playerId, gameId],
    );
  }

  /** The process's last such subscription ended: the row goes and the disconnection time is kept. */
  async disconnect(processId: string, playerId: string, gameId: string): Promise<void> {
    await this.pool.query(
      `WITH gone AS (DELETE FROM presence_connections WHERE process_id = $1 AND player_id = $2 AND game_id = $3)
       INSERT INTO presence_disconnects (player_id, game_id, at) VALUES ($2, $3, now())
       ON CONFLICT (player_id, game_id) DO UPDATE SET at = EXCLUDED.at`,
      [processId, playerId, gameId],
    );
  }

  /**
   * Removes the processes whose heartbeat went stale (killed, or cut off from the database), recording
   * their connections as ended at their last heartbeat; returns those connections (to announce).
   */
  async expireStale(): Promise<ExpiredConnection[]> {
    const { rows } = await this.pool.query<{ player_id: string; game_id: string }>(
      `WITH stale AS (DELETE FROM presence_processes p WHERE NOT ${FRESH} RETURNING id, heartbeat_at),
            gone AS (DELETE FROM presence_connections c USING stale s WHERE c.process_id = s.id
                     RETURNING c.player_id, c.game_id, s.heartbeat_at),
            latest AS (SELECT player_id, game_id, max(heartbeat_at) AS at FROM gone GROUP BY player_id, game_id),
            kept AS (INSERT INTO presence_disconnects (player_id, game_id, at)
                     SELECT player_id, game_id, at FROM latest
                     ON CONFLICT (player_id, game_id) DO UPDATE SET at = GREATEST(presence_disconnects.at, EXCLUDED.at))
       SELECT player_id, game_id FROM latest`,
    );
    return rows.map((r) => ({ playerId: r.player_id, gameId: r.game_id }));
  }

  /** A process that stops cleanly: its connections end now. */
  async removeProcess(processId: string): Promise<void> {
    await this.pool.query(
      `WITH gone AS (DELETE FROM presence_connections WHERE process_id = $1 RETURNING player_id, game_id),
            p AS (DELETE FROM presence_processes WHERE id = $1)
       INSERT INTO presence_disconnects (player_id, game_id, at) SELECT DISTINCT player_id, game_id, now() FROM gone
       ON CONFLICT (player_id, game_id) DO UPDATE SET at = EXCLUDED.at`,
      [processId],
    );
  }
}
