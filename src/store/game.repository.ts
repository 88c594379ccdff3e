import { randomUUID } from 'node:crypto';
import {
  applyCommand,
  applyEvent,
  currentRound,
  createGame,
  replay,
  type Command,
  type GameEvent,
  type GameState,
  type NewGame,
  type Rng,
  type Violation,
} from '../engine';
import type { PoolClient } from 'pg';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import type { DatabaseClients } from '../persistence/prisma';
import type { ChangeNotifier, GameChange } from './change-notifier';
import { cryptoRng } from './crypto-rng';
import { IDEMPOTENCY_RETENTION_MS } from './idempotency-janitor';
import { moveStatement } from './move-statement';

export type StoreErrorCode =
  Violation['code'] | 'STALE_VERSION' | 'IDEMPOTENCY_KEY_REUSED' | 'TOO_MANY_GAMES';

export interface StoreError {
  readonly code: StoreErrorCode;
  readonly message: string;
  readonly field?: readonly string[];
}

/** The outcome of a move: the game as it is after it (or as it was, if refused). */
export type MoveResult =
  | {
      readonly kind: 'applied';
      readonly gameId: string;
      readonly state: GameState;
      readonly events: readonly GameEvent[];
    }
  | {
      readonly kind: 'refused';
      readonly gameId: string | null;
      readonly state: GameState | null;
      readonly error: StoreError;
    }
  | { readonly kind: 'not_found' };

export interface MoveOptions {
  readonly expectedVersion?: number | null;
  readonly idempotencyKey?: string | null;
  /** Names the mutation, so a key cannot be replayed for another one. */
  readonly operation: string;
  /** A digest of the mutation's input, so a key cannot be replayed with other arguments. */
  readonly requestHash: string;
  /**
   * For a create or a join: the most open games (lobby or in play) the acting player may sit in. Checked in
   * the move's transaction under a lock per player, so it holds across processes; a retry of a create or
   * join that took the last place is answered from its idempotency record before the check.
   */
  readonly seatCap?: number | null;
}

/** What an idempotency record keeps: enough to answer a retry exactly like the first time. */
interface StoredResponse {
  readonly requestHash: string;
  readonly gameId: string | null;
  readonly version: number | null;
  readonly error: StoreError | null;
}

export interface GameRow {
  readonly id: string;
  readonly state: GameState;
  readonly createdAt: Date;
}

export interface GamePage {
  readonly rows: GameRow[];
  readonly hasNextPage: boolean;
}

export interface GameListFilter {
  readonly status?: GameState['status'] | null;
  readonly playerId?: string | null;
}

export interface GameCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** A game row as stored: a snapshot at `stateVersion`, while the game is at `version`. */
interface StoredGame {
  readonly id: string;
  readonly state: GameState;
  readonly stateVersion: number;
  readonly version: number;
}

const STORED_GAME = { id: true, state: true, stateVersion: true, version: true } as const;

function storedGame(r: { id: string; state: unknown; stateVersion: number; version: number }): StoredGame {
  return { id: r.id, state: r.state as GameState, stateVersion: r.stateVersion, version: r.version };
}

interface EventRow {
  readonly seq: number;
  readonly version: number;
  readonly type: string;
  readonly payload: object;
  readonly at: Date;
}

function toEvent(r: EventRow): GameEvent {
  return { ...r.payload, seq: r.seq, version: r.version, type: r.type, at: r.at.toISOString() } as GameEvent;
}

interface Queryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rowCount: number | null }>;
}

const MAX_ATTEMPTS = 50;
const CACHE_SIZE = 2_000;

/** Thrown inside a seat-taking transaction when the player already sits in `max` open games. */
class SeatCapReached extends Error {
  constructor(readonly max: number) {
    super(`seat cap of ${max} reached`);
  }
}

function capRefusal(max: number): MoveResult {
  return {
    kind: 'refused',
    gameId: null,
    state: null,
    error: {
      code: 'TOO_MANY_GAMES',
      message: `you already sit in ${max} open games: finish or leave one first`,
    },
  };
}

/**
 * Holds the player's seat-taking lock until the transaction ends and throws SeatCapReached when the player
 * already sits in `max` open games. Two processes taking seats for one player queue on the lock, and the
 * second counts the first one's seat once it has committed.
 */
async function checkSeatCap(
  client: PoolClient,
  playerId: string,
  max: number | null | undefined,
): Promise<void> {
  if (max === null || max === undefined) return;
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended('seat-cap:' || $1::text, 0))", [
    playerId,
  ]);
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.player_id = $1 AND s.left_at IS NULL AND g.status IN ('LOBBY', 'IN_PROGRESS')`,
    [playerId],
  );
  if (rows[0]!.n >= max) throw new SeatCapReached(max);
}

function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** A serialization failure or a deadlock: PostgreSQL rolled the move back, and it can be decided again. */
function isLostRace(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '40001' || code === '40P01';
}

/**
 * Locks the game row first, as every move does (the move statement updates the game before its seats), and
 * tells whether the game is still at `version`: taken in the other order, a lobby change and a start would
 * deadlock.
 */
async function lockGameAt(client: PoolClient, gameId: string, version: number): Promise<boolean> {
  const { rows } = await client.query<{ version: number }>(
    'SELECT version FROM games WHERE id = $1 FOR UPDATE',
    [gameId],
  );
  return rows[0]?.version === version;
}

/** Seats move up when one is freed in the lobby: rewriting them keeps (game, position) unique. */
async function rewriteSeats(client: PoolClient, gameId: string, state: GameState): Promise<void> {
  await client.query('DELETE FROM seats WHERE game_id = $1', [gameId]);
  await client.query(
    `INSERT INTO seats (game_id, position, player_id, dice_count, eliminated, has_been_palifico)
     SELECT $1, x.position, x.player, 0, false, false
       FROM jsonb_to_recordset($2::jsonb) AS x(position int, player uuid)`,
    [gameId, JSON.stringify(state.seats.map((s, position) => ({ position, player: s.playerId })))],
  );
}

const LOBBY_EVENTS = new Set<GameEvent['type']>([
  'GAME_CREATED',
  'PLAYER_JOINED',
  'PLAYER_LEFT',
  'GAME_CANCELLED',
  'GAME_STARTED',
]);

/** Whether the seats were renumbered (a join, or a leave in the lobby): they are then rewritten whole. */
function movesSeats(events: readonly GameEvent[]): boolean {
  return events.some((e) => e.type === 'PLAYER_JOINED' || (e.type === 'PLAYER_LEFT' && e.phase === 'LOBBY'));
}

function changeOf(gameId: string, events: readonly GameEvent[]): GameChange {
  return { gameId, seq: events[events.length - 1]!.seq, lobby: events.some((e) => LOBBY_EVENTS.has(e.type)) };
}

export class GameRepository {
  // The last state this process wrote or read per game. It may be stale when another process moved since:
  // every write is guarded by the version it was decided on, and a stale guess is reloaded and retried.
  private readonly cache = new Map<string, GameState>();
  private readonly appliedListeners = new Set<(gameId: string, events: readonly GameEvent[]) => void>();

  constructor(
    private readonly db: DatabaseClients,
    private readonly rng: Rng = cryptoRng,
    private readonly now: () => Date = () => new Date(),
    private readonly notifier: ChangeNotifier = { afterCommit() {} },
  ) {}

  private get prisma(): PrismaClient {
    return this.db.prisma;
  }

  async create(input: NewGame, options: MoveOptions): Promise<MoveResult> {
    try {
      return await this.createOnce(input, options);
    } catch (error) {
      if (error instanceof SeatCapReached) return capRefusal(error.max);
      throw error;
    }
  }

  private async createOnce(input: NewGame, options: MoveOptions): Promise<MoveResult> {
    for (let attempt = 0; ; attempt++) {
      const replayed = await this.replayIfRecorded(input.host, options);
      if (replayed) return replayed;
      const result = createGame(input, this.now().toISOString());
      if (!result.ok) {
        const refused: MoveResult = { kind: 'refused', gameId: null, state: null, error: result.violation };
        if (await this.recordRefusal(input.host, options, refused)) return refused;
        continue;
      }
      const gameId = randomUUID();
      const s = result.state;
      const applied = await this.inTransaction(async (client) => {
        await checkSeatCap(client, input.host, options.seatCap);
        await client.query(
          `INSERT INTO games (id, name, status, preset, rules, max_players, host_id, version, state, created_at, updated_at)
           VALUES ($1, $2, 'LOBBY', $3, $4::jsonb, $5, $6, 0, '{}'::jsonb, $7, now())`,
          [gameId, s.name, s.rules.preset, JSON.stringify(s.rules), s.maxPlayers, s.host, s.createdAt],
        );
        await rewriteSeats(client, gameId, s);
        return this.writeMove(client, gameId, null, s, result.events, 0, input.host, options);
      });
      if (applied) return this.applied(gameId, s, result.events);
      if (attempt >= MAX_ATTEMPTS) throw new Error('createGame could not be recorded');
    }
  }

  /**
   * Applies one move. The engine decides on the latest known state; the write is one statement guarded by
   * that state's version, so two moves can never both apply to the same version: the loser of a race
   * reloads and is decided again (or refused with STALE_VERSION when the client pinned expectedVersion).
   */
  async act(gameId: string, command: Command, options: MoveOptions): Promise<MoveResult> {
    let result: MoveResult;
    try {
      result = await this.actOnce(gameId, command, options);
    } catch (error) {
      if (!(error instanceof SeatCapReached)) throw error;
      result = capRefusal(error.max);
    }
    return this.aboutGame(gameId, result);
  }

  /**
   * A refusal that names no game (the seat cap, a reused key) shows the game the move was for, as it is:
   * read again, as the cache may lag behind another process's moves.
   */
  private async aboutGame(gameId: string, result: MoveResult): Promise<MoveResult> {
    if (result.kind !== 'refused' || result.gameId !== null) return result;
    const state = await this.loadFresh(gameId);
    return state ? { ...result, gameId, state } : result;
  }

  private async actOnce(gameId: string, command: Command, options: MoveOptions): Promise<MoveResult> {
    // Timeouts are the server's own moves: no player, so no idempotency record.
    const actor = 'playerId' in command ? command.playerId : null;
    let fresh = false;
    for (let attempt = 0; ; attempt++) {
      const replayed = await this.replayIfRecorded(actor, options);
      if (replayed) return replayed;
      let before = fresh ? undefined : this.cache.get(gameId);
      if (!before) {
        const loaded = await this.loadFresh(gameId);
        if (!loaded) return { kind: 'not_found' };
        before = loaded;
        fresh = true;
      }
      const expected = options.expectedVersion;
      let refused: MoveResult | null = null;
      let result: ReturnType<typeof applyCommand> | null = null;
      if (expected !== null && expected !== undefined && expected !== before.version) {
        refused = {
          kind: 'refused',
          gameId,
          state: before,
          error: {
            code: 'STALE_VERSION',
            message: `the game is at version ${before.version}, not ${expected}: reload it and decide again`,
            field: ['expectedVersion'],
          },
        };
      } else {
        result = applyCommand(before, command, { rng: this.rng, at: this.now().toISOString() });
        if (!result.ok) refused = { kind: 'refused', gameId, state: before, error: result.violation };
      }
      if (refused) {
        // A refusal must rest on the current state, not on a cached guess.
        if (!fresh) {
          fresh = true;
          continue;
        }
        if (await this.recordRefusal(actor, options, refused)) return refused;
        fresh = false;
        continue;
      }
      const { state: after, events } = result as Extract<typeof result, { ok: true }>;
      const applied = movesSeats(events)
        ? await this.inTransaction(async (client) => {
            if (!(await lockGameAt(client, gameId, before.version))) return false;
            if (command.type === 'JOIN') await checkSeatCap(client, command.playerId, options.seatCap);
            await rewriteSeats(client, gameId, after);
            return this.writeMove(client, gameId, before, after, events, before.version, actor, options);
          })
        : await this.writeMove(this.db.pool, gameId, before, after, events, before.version, actor, options);
      if (applied) return this.applied(gameId, after, events);
      this.cache.delete(gameId);
      fresh = true;
      if (attempt >= MAX_ATTEMPTS) throw new Error(`move on game ${gameId} lost ${attempt} races in a row`);
    }
  }

  /**
   * Plays the default move of a turn that ran out. `version` pins the game state the deadline belongs to,
   * so with several processes (or a move racing the deadline) it is applied at most once.
   */
  async timeOut(gameId: string, version: number): Promise<MoveResult> {
    const state = await this.loadFresh(gameId);
    const turn = state ? currentRound(state)?.turn : null;
    if (!state || state.version !== version || turn === null || turn === undefined)
      return { kind: 'not_found' };
    return this.act(
      gameId,
      { type: 'TIMEOUT', seat: turn },
      { expectedVersion: version, operation: 'timeout', requestHash: '' },
    );
  }

  /** The last event seq of each of these games. */
  async lastSeqs(gameIds: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.db.pool.query<{ game_id: string; seq: number }>(
      'SELECT game_id, max(seq) AS seq FROM game_events WHERE game_id = ANY($1::uuid[]) GROUP BY game_id',
      [gameIds],
    );
    return new Map(rows.map((r) => [r.game_id, r.seq]));
  }

  /** Ids of the games created at or after `from` (by the creating process's clock). */
  async idsCreatedSince(from: Date): Promise<string[]> {
    const { rows } = await this.db.pool.query<{ id: string }>('SELECT id FROM games WHERE created_at >= $1', [
      from,
    ]);
    return rows.map((r) => r.id);
  }

  /** Overdue turns: ids and versions of games whose turn deadline has passed, oldest first. */
  async overdueTurns(
    limit: number,
    skip: readonly string[] = [],
  ): Promise<{ gameId: string; version: number }[]> {
    const { rows } = await this.db.pool.query<{ id: string; version: number }>(
      `SELECT id, version FROM games WHERE turn_deadline <= now() AND id <> ALL($2::uuid[])
        ORDER BY turn_deadline LIMIT $1`,
      [limit, skip],
    );
    return rows.map((r) => ({ gameId: r.id, version: r.version }));
  }

  /**
   * A newer state of a cached game, learnt from its log after another process moved: the next move here
   * is then decided on it instead of failing its version guard on the stale one and reloading.
   */
  offer(gameId: string, state: GameState): void {
    const cached = this.cache.get(gameId);
    if (cached && cached.version < state.version) this.remember(gameId, state);
  }

  /** Called after each move this process committed, with its events. */
  onApplied(listener: (gameId: string, events: readonly GameEvent[]) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  private applied(gameId: string, state: GameState, events: readonly GameEvent[]): MoveResult {
    this.remember(gameId, state);
    this.notifier.afterCommit(changeOf(gameId, events));
    for (const listener of this.appliedListeners) listener(gameId, events);
    return { kind: 'applied', gameId, state, events };
  }

  private remember(gameId: string, state: GameState): void {
    this.cache.delete(gameId);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(gameId, state);
  }

  /** Runs the move statement; false when the game was no longer at `expectedVersion` (or the key was taken). */
  private async writeMove(
    client: Queryable,
    gameId: string,
    before: GameState | null,
    after: GameState,
    events: readonly GameEvent[],
    expectedVersion: number,
    playerId: string | null,
    options: MoveOptions,
  ): Promise<boolean> {
    const key = playerId ? options.idempotencyKey : null;
    const statement = moveStatement({
      gameId,
      before,
      after,
      events,
      expectedVersion,
      seatsRewritten: before === null || movesSeats(events),
      idempotency:
        key && playerId
          ? {
              playerId,
              key,
              operation: options.operation,
              response: {
                requestHash: options.requestHash,
                gameId,
                version: after.version,
                error: null,
              } satisfies StoredResponse,
            }
          : null,
    });
    try {
      const { rowCount } = await client.query(statement);
      return rowCount === 1;
    } catch (error) {
      // A concurrent retry with the same idempotency key won: the next attempt replays its result. (Never an
      // expired record: replayIfRecorded deleted it at the start of this attempt.)
      if (isUniqueViolation(error, 'idempotency_records_pkey') || isLostRace(error)) return false;
      throw error;
    }
  }

  /** Records a refused move under its idempotency key; false when another request took the key first. */
  private async recordRefusal(
    playerId: string | null,
    options: MoveOptions,
    refused: MoveResult,
  ): Promise<boolean> {
    const key = options.idempotencyKey;
    if (!key || !playerId || refused.kind !== 'refused') return true;
    const response: StoredResponse = {
      requestHash: options.requestHash,
      gameId: refused.gameId,
      version: refused.state?.version ?? null,
      error: refused.error,
    };
    // A conflict is a live record of a concurrent request (replayIfRecorded deleted an expired one).
    const { rowCount } = await this.db.pool.query(
      `INSERT INTO idempotency_records (player_id, key, operation, response) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT DO NOTHING`,
      [playerId, key, options.operation, JSON.stringify(response)],
    );
    return rowCount === 1;
  }

  /**
   * The recorded result of a mutation sent before with the same idempotency key, if there is one younger
   * than the retention period. An older record is ignored whether or not the janitor has deleted it yet,
   * and deleted here in the same statement, so that this request's own record can take its (player, key)
   * instead of conflicting with it on every attempt. Both conditions use the statement's one now().
   */
  async replayIfRecorded(playerId: string | null, options: MoveOptions): Promise<MoveResult | null> {
    const key = options.idempotencyKey;
    if (!key || !playerId) return null;
    const { rows } = await this.db.pool.query<{ operation: string; response: StoredResponse }>(
      `WITH expired AS (
         DELETE FROM idempotency_records
          WHERE player_id = $1 AND key = $2 AND created_at < now() - $3::float8 * interval '1 millisecond')
       SELECT operation, response FROM idempotency_records
        WHERE player_id = $1 AND key = $2 AND created_at >= now() - $3::float8 * interval '1 millisecond'`,
      [playerId, key, IDEMPOTENCY_RETENTION_MS],
    );
    const record = rows[0];
    return record ? this.replayResponse(record.operation, record.response, options) : null;
  }

  private async replayResponse(
    operation: string,
    stored: StoredResponse,
    options: MoveOptions,
  ): Promise<MoveResult> {
    if (operation !== options.operation || stored.requestHash !== options.requestHash) {
      return {
        kind: 'refused',
        gameId: null,
        state: null,
        error: {
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: `this idempotencyKey was already used for another request (${operation}); use a new key`,
          field: ['idempotencyKey'],
        },
      };
    }
    if (stored.gameId === null || stored.version === null) {
      return { kind: 'refused', gameId: null, state: null, error: stored.error! };
    }
    // The game as the first response showed it.
    const state = await this.stateAt(stored.gameId, stored.version);
    if (stored.error) return { kind: 'refused', gameId: stored.gameId, state, error: stored.error };
    return { kind: 'applied', gameId: stored.gameId, state, events: [] };
  }

  /**
   * The game as it was at `version`: the cached state when it is that one (a retry sent at once), else the
   * stored snapshot when it is not newer, with the events up to `version`; else the log from its start.
   */
  private async stateAt(gameId: string, version: number): Promise<GameState> {
    const cached = this.cache.get(gameId);
    if (cached?.version === version) return cached;
    const { rows } = await this.db.pool.query<{ state: GameState; stateVersion: number }>(
      'SELECT state, state_version AS "stateVersion" FROM games WHERE id = $1',
      [gameId],
    );
    const snapshot = rows[0];
    if (snapshot && snapshot.stateVersion > 0 && snapshot.stateVersion <= version) {
      const tail = await this.events(gameId, { afterSeq: snapshot.state.seq, maxVersion: version });
      return tail.reduce<GameState>((s, e) => applyEvent(s, e), snapshot.state);
    }
    return replay(await this.events(gameId, { maxVersion: version }));
  }

  private async loadFresh(gameId: string): Promise<GameState | null> {
    const state = (await this.loadMany([gameId])).get(gameId) ?? null;
    if (state) this.remember(gameId, state);
    return state;
  }

  /** The games' states: each stored snapshot with the events recorded after it applied, in one query. */
  private async complete(rows: readonly StoredGame[]): Promise<Map<string, GameState>> {
    const states = new Map(rows.map((r) => [r.id, r.state]));
    const behind = rows.filter((r) => r.stateVersion < r.version);
    if (behind.length === 0) return states;
    const { rows: tail } = await this.db.pool.query<EventRow & { game_id: string }>(
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

  private async inTransaction(work: (client: PoolClient) => Promise<boolean>): Promise<boolean> {
    const client = await this.db.pool.connect();
    try {
      await client.query('BEGIN');
      const ok = await work(client);
      await client.query(ok ? 'COMMIT' : 'ROLLBACK');
      return ok;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      if (isUniqueViolation(error) || isLostRace(error)) return false;
      throw error;
    } finally {
      client.release();
    }
  }

  async load(gameId: string): Promise<GameState | null> {
    return (await this.loadMany([gameId])).get(gameId) ?? null;
  }

  // Every game query reads through here, so it is one plain statement rather than a Prisma query.
  async loadMany(gameIds: readonly string[]): Promise<Map<string, GameState>> {
    const { rows } = await this.db.pool.query<StoredGame>(
      'SELECT id, state, state_version AS "stateVersion", version FROM games WHERE id = ANY($1::uuid[])',
      [gameIds],
    );
    return this.complete(rows);
  }

  /** A page of games, newest first. */
  async list(filter: GameListFilter, first: number, after: GameCursor | null): Promise<GamePage> {
    const where: Prisma.GameWhereInput = {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.playerId ? { seats: { some: { playerId: filter.playerId } } } : {}),
      ...(after
        ? {
            OR: [
              { createdAt: { lt: after.createdAt } },
              { createdAt: after.createdAt, id: { lt: after.id } },
            ],
          }
        : {}),
    };
    const rows = await this.prisma.game.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: first + 1,
      select: { ...STORED_GAME, createdAt: true },
    });
    const page = rows.slice(0, first);
    const states = await this.complete(page.map(storedGame));
    return {
      rows: page.map((r) => ({ id: r.id, state: states.get(r.id)!, createdAt: r.createdAt })),
      hasNextPage: rows.length > first,
    };
  }

  /** Events of a game in `seq` order, optionally after a seq or up to a version. */
  async events(gameId: string, range: { afterSeq?: number; maxVersion?: number } = {}): Promise<GameEvent[]> {
    const { rows } = await this.db.pool.query<EventRow>(
      `SELECT seq, version, type, payload, at FROM game_events
        WHERE game_id = $1 AND seq > $2 AND ($3::int IS NULL OR version <= $3::int) ORDER BY seq`,
      [gameId, range.afterSeq ?? 0, range.maxVersion ?? null],
    );
    return rows.map(toEvent);
  }
}
