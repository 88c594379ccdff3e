// A game's event log, in one place: its rows, reading it, folding it into states, and the states stored along
// it (the game row's own snapshot, and the log snapshots).
import { workCounts } from '../instrumentation/work-counts';
import type { Pool } from 'pg';
import { applyEvent, replay, type GameEvent, type GameState } from '../engine';

/** Events read by one paged query at most. */
export const EVENT_PAGE_SIZE = 500;

/**
 * A move rewrites the game row's own snapshot (`games.state`) when its version crosses a multiple of this (or
 * the status changes): most moves then write no state of several kilobytes, and a read folds a few events.
 */
export const GAME_ROW_SNAPSHOT_EVERY = 16;

/**
 * `game_snapshots` keeps the state after every this many events (by seq), written after the commit of the
 * move that made its event (not in the move's transaction): a replay from anywhere in a long log then reads
 * at most this many events more. Readers (subscriptions, replays, history) never write.
 */
export const LOG_SNAPSHOT_EVERY = 500;

/** What this process has read of event logs through the paged reads (for tests and diagnostics). */
export const eventLogReads = { pages: 0, rows: 0 };

/** A row of `game_events`: the event's numbering, type and time in columns, the rest in `payload`. */
export interface EventRow {
  readonly seq: number;
  readonly version: number;
  readonly type: string;
  readonly payload: object;
  readonly at: Date;
}

const EVENT_COLUMNS = 'seq, version, type, payload, at';

/** The event a row of the log holds. */
export function toEvent(row: EventRow): GameEvent {
  return {
    ...row.payload,
    seq: row.seq,
    version: row.version,
    type: row.type,
    at: row.at.toISOString(),
  } as GameEvent;
}

/** An event as it is appended to the log (the inverse of toEvent; `at` still an ISO string). */
export function toEventRow({
  seq,
  version,
  at,
  type,
  ...payload
}: GameEvent): Omit<EventRow, 'at'> & { at: string } {
  return { seq, version, type, payload, at };
}

/**
 * The statement (or CTE body) that appends events to the log: the rows of `rowsJson` (a jsonb parameter
 * holding toEventRow()s) to the game whose `id` the relation `source` holds (no row there: nothing appended).
 */
export function appendEventsSql(source: string, rowsJson: string): string {
  return `INSERT INTO game_events (game_id, seq, version, type, payload, at)
     SELECT ${source}.id, e.seq, e.version, e.type, e.payload, e.at FROM ${source},
       jsonb_to_recordset(${rowsJson}) AS e(seq int, version int, type text, payload jsonb, at timestamptz)`;
}

/** An event of the log with the game's state right after it. */
export interface LoggedEvent {
  readonly event: GameEvent;
  readonly state: GameState;
}

/** `events` applied in order to `start`, or the log they begin replayed when `start` is null. */
export function fold(start: GameState | null, events: readonly GameEvent[]): GameState {
  return start ? events.reduce<GameState>((state, event) => applyEvent(state, event), start) : replay(events);
}

/** A game's stored state (null: none to start from) at `stateVersion`, while the game is at `version`. */
export interface StoredGame {
  readonly id: string;
  readonly state: GameState | null;
  readonly stateVersion: number;
  readonly version: number;
}

/** The log read a page at a time: at most `limit` (and EVENT_PAGE_SIZE) events after `afterSeq`, by seq. */
export interface EventPages {
  events(
    gameId: string,
    range: { readonly afterSeq: number; readonly limit?: number },
  ): Promise<readonly GameEvent[]>;
}

/** The stored states along the log, where a fold starts: what readers see of them (they never write one). */
export interface LogSnapshots {
  /** The latest stored state at or before `seq`, or null (fold from the log's first event). */
  atOrBefore(gameId: string, seq: number): Promise<GameState | null>;
}

/**
 * The log after `from` (null: all of it), read a page at a time as it is iterated: each event with the state
 * right after it, until the end of the log or a gap in it.
 */
export async function* foldLog(
  pages: EventPages,
  gameId: string,
  from: GameState | null,
): AsyncGenerator<LoggedEvent, void, undefined> {
  let state = from;
  for (;;) {
    const page = await pages.events(gameId, { afterSeq: state?.seq ?? 0, limit: EVENT_PAGE_SIZE });
    for (const event of page) {
      if (event.seq !== (state?.seq ?? 0) + 1) return;
      state = applyEvent(state, event);
      workCounts.folds++;
      yield { event, state };
    }
    if (page.length < EVENT_PAGE_SIZE) return;
  }
}

/** How many stored snapshots a log remembers, so that a repeated offer is not written again. */
const KNOWN_SNAPSHOTS_LIMIT = 10_000;

/**
 * Reads of the log and of the states stored along it. The table `game_snapshots` holds whole states, secret
 * dice included, like `games.state`: they are read only to fold the log from, never sent.
 */
export class EventLog implements EventPages, LogSnapshots {
  /**
   * Log snapshots this log knows are stored or being stored: each is written once, not once per move that
   * offers it again (a retry). One log a process (see createGameStore), so this is the process's memory.
   */
  private readonly knownSnapshots = new Set<string>();

  constructor(
    private readonly pool: Pool,
    private readonly log: (m: unknown) => void = () => {},
  ) {}

  async events(
    gameId: string,
    range: { readonly afterSeq: number; readonly limit?: number },
  ): Promise<GameEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      name: 'event_log_page',
      text: `SELECT ${EVENT_COLUMNS} FROM game_events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      values: [gameId, range.afterSeq, Math.min(range.limit ?? EVENT_PAGE_SIZE, EVENT_PAGE_SIZE)],
    });
    eventLogReads.pages++;
    eventLogReads.rows += rows.length;
    return rows.map(toEvent);
  }

  /** The events of a game after a seq and up to a version (all when absent), in seq order, in one read. */
  async eventsUpTo(
    gameId: string,
    range: { readonly afterSeq?: number; readonly maxVersion?: number } = {},
  ): Promise<GameEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM game_events
        WHERE game_id = $1 AND seq > $2 AND ($3::int IS NULL OR version <= $3::int) ORDER BY seq`,
      [gameId, range.afterSeq ?? 0, range.maxVersion ?? null],
    );
    return rows.map(toEvent);
  }

  /** The games' states at their versions: each stored state with the events after it folded on, one query. */
  async statesOf(games: readonly StoredGame[]): Promise<Map<string, GameState>> {
    const states = new Map<string, GameState>();
    const behind: StoredGame[] = [];
    for (const g of games) {
      if (g.state && g.stateVersion >= g.version) states.set(g.id, g.state);
      else behind.push(g);
    }
    if (behind.length === 0) return states;
    const { rows } = await this.pool.query<EventRow & { game_id: string }>(
      `SELECT e.game_id, e.seq, e.version, e.type, e.payload, e.at
         FROM game_events e
         JOIN unnest($1::uuid[], $2::int[], $3::int[]) AS x(id, after, upto)
           ON e.game_id = x.id AND e.version > x.after AND e.version <= x.upto
        ORDER BY e.game_id, e.seq`,
      [behind.map((g) => g.id), behind.map((g) => g.stateVersion), behind.map((g) => g.version)],
    );
    const tails = new Map<string, GameEvent[]>(behind.map((g) => [g.id, []]));
    for (const row of rows) tails.get(row.game_id)!.push(toEvent(row));
    for (const g of behind) {
      const state = fold(g.state, tails.get(g.id)!);
      if (state.version !== g.version)
        throw new Error(`game ${g.id}: the events after its snapshot do not reach version ${g.version}`);
      states.set(g.id, state);
    }
    return states;
  }

  /**
   * The game as it was at `version`: the game row's snapshot when it is not newer, with the events after it
   * up to `version` folded on; else the log from its start.
   */
  async stateAt(gameId: string, version: number): Promise<GameState> {
    const { rows } = await this.pool.query<{ state: GameState; stateVersion: number }>(
      'SELECT state, state_version AS "stateVersion" FROM games WHERE id = $1',
      [gameId],
    );
    const row = rows[0];
    const usable = row !== undefined && row.stateVersion > 0 && row.stateVersion <= version;
    const games = [
      { id: gameId, state: usable ? row.state : null, stateVersion: usable ? row.stateVersion : 0, version },
    ];
    return (await this.statesOf(games)).get(gameId)!;
  }

  /**
   * The latest stored state of the game at or before `seq`: the game row's snapshot (`games.state`) or a log
   * snapshot, whichever is nearer; null when there is none (fold from the first event).
   */
  async atOrBefore(gameId: string, seq: number): Promise<GameState | null> {
    if (seq <= 0) return null;
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

  /**
   * Stores `state` as a log snapshot when its seq is a multiple of LOG_SNAPSHOT_EVERY and it is not stored
   * yet. The write is not awaited: a move never waits for it, and a replay never depends on it.
   */
  offer(gameId: string, state: GameState): void {
    if (state.seq === 0 || state.seq % LOG_SNAPSHOT_EVERY !== 0) return;
    const key = `${gameId}:${state.seq}`;
    if (this.knownSnapshots.has(key)) return;
    if (this.knownSnapshots.size >= KNOWN_SNAPSHOTS_LIMIT)
      this.knownSnapshots.delete(this.knownSnapshots.values().next().value!);
    this.knownSnapshots.add(key);
    this.pool
      .query({
        name: 'game_snapshot_insert',
        text: `INSERT INTO game_snapshots (game_id, seq, state) VALUES ($1, $2, $3)
               ON CONFLICT (game_id, seq) DO NOTHING`,
        values: [gameId, state.seq, JSON.stringify(state)],
      })
      .catch((error: unknown) => {
        // Not tried again: a replay then folds from the stored state before it, a few hundred events more.
        this.knownSnapshots.delete(key);
        this.log(error);
      });
  }
}
