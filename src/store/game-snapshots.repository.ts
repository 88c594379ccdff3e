// Full game states stored every SNAPSHOT_INTERVAL events, so a replay starts near where it is asked to.
import type { Pool } from 'pg';
import type { GameState } from '../engine';

/** A game's state is kept after every this many events (its seq a multiple of it). */
export const SNAPSHOT_INTERVAL = 500;

/** Snapshots this process knows are stored or being stored: each is written once, not once per replay. */
const KNOWN_LIMIT = 10_000;

/**
 * The table `game_snapshots` holds whole states, secret dice included, like `games.state`: they are read
 * only to fold the log from, never sent. Snapshots are written off the move path, by whoever folds the log
 * past a multiple of SNAPSHOT_INTERVAL (a replay, a followed game), so moves cost the same as before.
 */
export class GameSnapshotRepository {
  private readonly known = new Set<string>();

  constructor(
    private readonly pool: Pool,
    private readonly log: (m: unknown) => void = () => {},
  ) {}

  /**
   * The latest stored state of the game at or before `seq`: the game's own snapshot (`games.state`) or an
   * interval snapshot, whichever is nearer; null when there is none (fold from the first event).
   */
  async atOrBefore(gameId: string, seq: number): Promise<GameState | null> {
    const { rows } = await this.pool.query<{ state: GameState }>({
      name: 'game_snapshot_at_or_before',
      text: `SELECT state FROM (
               (SELECT seq, state FROM game_snapshots WHERE game_id = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1)
               UNION ALL
               (SELECT (state->>'seq')::int, state FROM games
                 WHERE id = $1 AND state_version > 0 AND (state->>'seq')::int <= $2)
             ) s ORDER BY seq DESC LIMIT 1`,
      values: [gameId, seq],
    });
    return rows[0]?.state ?? null;
  }

  /** Stores `state` when its seq is a multiple of SNAPSHOT_INTERVAL and it is not stored yet. */
  offer(gameId: string, state: GameState): void {
    if (state.seq === 0 || state.seq % SNAPSHOT_INTERVAL !== 0) return;
    const key = `${gameId}:${state.seq}`;
    if (this.known.has(key)) return;
    if (this.known.size >= KNOWN_LIMIT) this.known.delete(this.known.values().next().value!);
    this.known.add(key);
    this.pool
      .query({
        name: 'game_snapshot_insert',
        text: `INSERT INTO game_snapshots (game_id, seq, state) VALUES ($1, $2, $3)
               ON CONFLICT (game_id, seq) DO NOTHING`,
        values: [gameId, state.seq, JSON.stringify(state)],
      })
      .catch((error: unknown) => {
        // A later fold past it tries again; a replay never depends on a snapshot being there.
        this.known.delete(key);
        this.log(error);
      });
  }
}
