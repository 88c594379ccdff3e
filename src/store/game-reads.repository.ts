// Reading games: states by id, pages of the game list, and event logs; all in plain SQL.
import type { GameEvent, GameState } from '../engine';
import type { Pool } from 'pg';
import type { EventLog, StoredGame } from './event-log';
import { rarestFirst, sharedGamesSql } from './shared-games.queries';

export interface GameRow {
  readonly id: string;
  readonly state: GameState;
  readonly createdAt: Date;
}

export interface GamePage {
  readonly rows: GameRow[];
  readonly hasNextPage: boolean;
  /** Seats read to find the games several given players shared (0 when fewer than two were given). */
  readonly seatsRead?: number;
}

export interface GameListFilter {
  readonly status?: GameState['status'] | null;
  readonly preset?: string | null;
  readonly playerId?: string | null;
  /** Games every one of these players has a seat in (with playerId too, when given). */
  readonly playerIds?: readonly string[] | null;
  /** Games that ended (finished_at, set for FINISHED and CANCELLED games) strictly after this time. */
  readonly finishedAfter?: Date | null;
  readonly finishedBefore?: Date | null;
  /**
   * Who lists: PRIVATE games and started ones closed to spectators are left out unless they sit in them.
   * Absent only for the server's own scans (the lobby feed), which see every game.
   */
  readonly listedTo?: { readonly viewerId: string | null };
}

/**
 * The SQL condition that the game `g` is listed to the viewer (the engine's listedTo): PUBLIC and open to
 * spectators or not started yet, or the viewer is seated in it.
 */
export function listedToSql(viewer: string): string {
  return `((g.visibility = 'PUBLIC' AND (g.allow_spectators OR g.started_at IS NULL))
           OR EXISTS (SELECT 1 FROM seats v WHERE v.game_id = g.id AND v.player_id = ${viewer}))`;
}

export interface GameCursor {
  readonly createdAt: Date;
  readonly id: string;
}

const STORED_GAME = 'g.id, g.state, g.state_version AS "stateVersion", g.version';

export class GameReads {
  constructor(
    private readonly pool: Pool,
    private readonly log: EventLog,
  ) {}

  /** How many games are in each status (the statuses without games are absent). */
  async countByStatus(): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ status: string; n: number }>(
      'SELECT status::text AS status, count(*)::int AS n FROM games GROUP BY status',
    );
    return new Map(rows.map((r) => [r.status, r.n]));
  }

  async load(gameId: string): Promise<GameState | null> {
    return (await this.loadMany([gameId])).get(gameId) ?? null;
  }

  async loadMany(gameIds: readonly string[]): Promise<Map<string, GameState>> {
    const { rows } = await this.pool.query<StoredGame>(
      `SELECT ${STORED_GAME} FROM games g WHERE g.id = ANY($1::uuid[])`,
      [gameIds],
    );
    return this.log.statesOf(rows);
  }

  /** A page of games, newest first (by creation, then id), after `after`. */
  async list(filter: GameListFilter, first: number, after: GameCursor | null): Promise<GamePage> {
    const values: unknown[] = [];
    const param = (value: unknown, cast: string): string => {
      values.push(value);
      return `$${values.length}::${cast}`;
    };
    const where: string[] = [];
    if (filter.listedTo) where.push(listedToSql(param(filter.listedTo.viewerId, 'uuid')));
    if (filter.status) where.push(`g.status = ${param(filter.status, '"GameStatus"')}`);
    if (filter.preset) where.push(`g.preset = ${param(filter.preset, 'text')}`);
    if (filter.finishedAfter) where.push(`g.finished_at > ${param(filter.finishedAfter, 'timestamptz')}`);
    if (filter.finishedBefore) where.push(`g.finished_at < ${param(filter.finishedBefore, 'timestamptz')}`);
    const seated = [...new Set([...(filter.playerId ? [filter.playerId] : []), ...(filter.playerIds ?? [])])];
    let seatsRead = 0;
    if (seated.length === 1) {
      where.push(
        `EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = ${param(seated[0], 'uuid')})`,
      );
    } else if (seated.length > 1) {
      const rarest = await rarestFirst(this.pool, seated);
      seatsRead = rarest[0]!.seats;
      where.push(`g.id IN (${sharedGamesSql(rarest.map((p) => param(p.playerId, 'uuid')))})`);
    }
    if (after) {
      where.push(
        `(g.created_at, g.id) < (${param(after.createdAt, 'timestamptz')}, ${param(after.id, 'uuid')})`,
      );
    }
    const { rows } = await this.pool.query<StoredGame & { createdAt: Date }>(
      `SELECT ${STORED_GAME}, g.created_at AS "createdAt" FROM games g
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY g.created_at DESC, g.id DESC LIMIT ${param(first + 1, 'int')}`,
      values,
    );
    const page = rows.slice(0, first);
    const states = await this.log.statesOf(page);
    return {
      rows: page.map((r) => ({ id: r.id, state: states.get(r.id)!, createdAt: r.createdAt })),
      hasNextPage: rows.length > first,
      seatsRead,
    };
  }

  /** Events of a game in `seq` order, optionally after a seq or up to a version. */
  events(gameId: string, range: { afterSeq?: number; maxVersion?: number } = {}): Promise<GameEvent[]> {
    return this.log.eventsUpTo(gameId, range);
  }
}
