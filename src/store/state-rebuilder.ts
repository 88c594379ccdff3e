// Rebuilding game states from their stored snapshots plus the events recorded after them.
import { applyEvent, replay, type GameEvent, type GameState } from '../engine';
import type { Pool } from 'pg';
import type { GameReads } from './game-reads.repository';
import type { GameStateCache } from './game-state-cache';

/** A game row as stored: a snapshot at `stateVersion`, while the game is at `version`. */
export interface StoredGame {
  readonly id: string;
  readonly state: GameState;
  readonly stateVersion: number;
  readonly version: number;
}

export interface EventRow {
  readonly seq: number;
  readonly version: number;
  readonly type: string;
  readonly payload: object;
  readonly at: Date;
}

export function toEvent(r: EventRow): GameEvent {
  return { ...r.payload, seq: r.seq, version: r.version, type: r.type, at: r.at.toISOString() } as GameEvent;
}

/** The games' states: each stored snapshot with the events recorded after it applied, in one query. */
export async function rebuildStates(
  pool: Pool,
  rows: readonly StoredGame[],
): Promise<Map<string, GameState>> {
  const states = new Map(rows.map((r) => [r.id, r.state]));
  const behind = rows.filter((r) => r.stateVersion < r.version);
  if (behind.length === 0) return states;
  const { rows: tail } = await pool.query<EventRow & { game_id: string }>(
    `SELECT e.game_id, e.seq, e.version, e.type, e.payload, e.at
       FROM game_events e
       JOIN unnest($1::uuid[], $2::int[], $3::int[]) AS x(id, after, upto)
         ON e.game_id = x.id AND e.version > x.after AND e.version <= x.upto
      ORDER BY e.game_id, e.seq`,
    [behind.map((r) => r.id), behind.map((r) => r.stateVersion), behind.map((r) => r.version)],
  );
  for (const row of tail) states.set(row.game_id, applyEvent(states.get(row.game_id)!, toEvent(row)));
  for (const r of behind) {
    if (states.get(r.id)!.version !== r.version)
      throw new Error(`game ${r.id}: the events after its snapshot do not reach version ${r.version}`);
  }
  return states;
}

/** A game's state read afresh (and cached), or as it was at an earlier version. */
export class StateRebuilder {
  constructor(
    private readonly pool: Pool,
    private readonly reads: GameReads,
    private readonly cache: GameStateCache,
  ) {}

  /** The game as stored now, put in the cache; null when there is no such game. */
  async loadFresh(gameId: string): Promise<GameState | null> {
    const state = await this.reads.load(gameId);
    if (state) this.cache.cacheState(gameId, state);
    return state;
  }

  /**
   * The game as it was at `version`: the cached state when it is that one (a retry sent at once), else the
   * stored snapshot when it is not newer, with the events up to `version`; else the log from its start.
   */
  async stateAt(gameId: string, version: number): Promise<GameState> {
    const cached = this.cache.get(gameId);
    if (cached?.version === version) return cached;
    const { rows } = await this.pool.query<{ state: GameState; stateVersion: number }>(
      'SELECT state, state_version AS "stateVersion" FROM games WHERE id = $1',
      [gameId],
    );
    const snapshot = rows[0];
    if (snapshot && snapshot.stateVersion > 0 && snapshot.stateVersion <= version) {
      const tail = await this.reads.events(gameId, { afterSeq: snapshot.state.seq, maxVersion: version });
      return tail.reduce<GameState>((s, e) => applyEvent(s, e), snapshot.state);
    }
    return replay(await this.reads.events(gameId, { maxVersion: version }));
  }
}
