import { randomUUID } from 'node:crypto';
import {
  applyCommand,
  createGame,
  replay,
  type Command,
  type GameEvent,
  type GameState,
  type NewGame,
  type Rng,
  type Violation,
} from '../engine';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { pgNotifier, type ChangeNotifier, type GameChange } from './change-notifier';
import { cryptoRng } from './crypto-rng';
import { writeTransition } from './game-writes';

export type StoreErrorCode = Violation['code'] | 'STALE_VERSION' | 'IDEMPOTENCY_KEY_REUSED';

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

type Tx = Prisma.TransactionClient;

const LOBBY_EVENTS = new Set<GameEvent['type']>([
  'GAME_CREATED',
  'PLAYER_JOINED',
  'PLAYER_LEFT',
  'GAME_CANCELLED',
  'GAME_STARTED',
]);

function changeOf(gameId: string, events: readonly GameEvent[]): GameChange {
  return { gameId, seq: events[events.length - 1]!.seq, lobby: events.some((e) => LOBBY_EVENTS.has(e.type)) };
}

export class GameRepository {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly rng: Rng = cryptoRng,
    private readonly now: () => Date = () => new Date(),
    private readonly notifier: ChangeNotifier = pgNotifier,
  ) {}

  async create(input: NewGame, options: MoveOptions): Promise<MoveResult> {
    return this.idempotent(input.host, options, async (tx) => {
      const result = createGame(input, this.now().toISOString());
      if (!result.ok) return { kind: 'refused', gameId: null, state: null, error: result.violation };
      const gameId = randomUUID();
      await writeTransition(tx, gameId, null, result.state, result.events);
      await this.notifier.inTransaction(tx, changeOf(gameId, result.events));
      return { kind: 'applied', gameId, state: result.state, events: result.events };
    });
  }

  /**
   * Applies one move in one short transaction: the game row is locked, so two moves on the same game are
   * serialised and each is validated against the version the other produced.
   */
  async act(gameId: string, command: Command, options: MoveOptions): Promise<MoveResult> {
    return this.idempotent(command.playerId, options, async (tx) => {
      const rows = await tx.$queryRaw<
        { state: GameState }[]
      >`SELECT state FROM games WHERE id = ${gameId}::uuid FOR UPDATE`;
      const before = rows[0]?.state;
      if (!before) return { kind: 'not_found' };
      const expected = options.expectedVersion;
      if (expected !== null && expected !== undefined && expected !== before.version) {
        return {
          kind: 'refused',
          gameId,
          state: before,
          error: {
            code: 'STALE_VERSION',
            message: `the game is at version ${before.version}, not ${expected}: reload it and decide again`,
            field: ['expectedVersion'],
          },
        };
      }
      const result = applyCommand(before, command, { rng: this.rng, at: this.now().toISOString() });
      if (!result.ok) return { kind: 'refused', gameId, state: before, error: result.violation };
      await writeTransition(tx, gameId, before, result.state, result.events);
      await this.notifier.inTransaction(tx, changeOf(gameId, result.events));
      return { kind: 'applied', gameId, state: result.state, events: result.events };
    });
  }

  private async idempotent(
    playerId: string,
    options: MoveOptions,
    run: (tx: Tx) => Promise<MoveResult>,
  ): Promise<MoveResult> {
    const result = await this.transaction(playerId, options, run);
    if (result.kind === 'applied' && result.events.length > 0)
      this.notifier.afterCommit(changeOf(result.gameId, result.events));
    return result;
  }

  private async transaction(
    playerId: string,
    options: MoveOptions,
    run: (tx: Tx) => Promise<MoveResult>,
  ): Promise<MoveResult> {
    const key = options.idempotencyKey;
    return this.prisma.$transaction(async (tx) => {
      if (!key) return run(tx);
      // Concurrent retries with one key queue here; the first commits its record before the next reads.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${playerId}\u0000${key}`}, 0))`;
      const record = await tx.idempotencyRecord.findUnique({ where: { playerId_key: { playerId, key } } });
      if (record)
        return this.replayResponse(
          tx,
          record.operation,
          record.response as unknown as StoredResponse,
          options,
        );
      const result = await run(tx);
      if (result.kind === 'not_found') return result;
      const response: StoredResponse = {
        requestHash: options.requestHash,
        gameId: result.gameId,
        version: result.state?.version ?? null,
        error: result.kind === 'refused' ? result.error : null,
      };
      await tx.idempotencyRecord.create({
        data: {
          playerId,
          key,
          operation: options.operation,
          response: response as unknown as Prisma.InputJsonValue,
        },
      });
      return result;
    });
  }

  private async replayResponse(
    tx: Tx,
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
    // The game as the first response showed it: its log up to that version.
    const state = replay(await this.events(stored.gameId, { maxVersion: stored.version }, tx));
    if (stored.error) return { kind: 'refused', gameId: stored.gameId, state, error: stored.error };
    return { kind: 'applied', gameId: stored.gameId, state, events: [] };
  }

  async load(gameId: string): Promise<GameState | null> {
    const row = await this.prisma.game.findUnique({ where: { id: gameId }, select: { state: true } });
    return row ? (row.state as unknown as GameState) : null;
  }

  async loadMany(gameIds: readonly string[]): Promise<Map<string, GameState>> {
    const rows = await this.prisma.game.findMany({
      where: { id: { in: [...gameIds] } },
      select: { id: true, state: true },
    });
    return new Map(rows.map((r) => [r.id, r.state as unknown as GameState]));
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
      select: { id: true, state: true, createdAt: true },
    });
    return {
      rows: rows
        .slice(0, first)
        .map((r) => ({ id: r.id, state: r.state as unknown as GameState, createdAt: r.createdAt })),
      hasNextPage: rows.length > first,
    };
  }

  /** Events of a game in `seq` order, optionally after a seq or up to a version. */
  async events(
    gameId: string,
    range: { afterSeq?: number; maxVersion?: number; limit?: number } = {},
    client: Tx | PrismaClient = this.prisma,
  ): Promise<GameEvent[]> {
    const rows = await client.gameEvent.findMany({
      where: {
        gameId,
        ...(range.afterSeq !== undefined ? { seq: { gt: range.afterSeq } } : {}),
        ...(range.maxVersion !== undefined ? { version: { lte: range.maxVersion } } : {}),
      },
      orderBy: { seq: 'asc' },
      ...(range.limit !== undefined ? { take: range.limit } : {}),
    });
    return rows.map(
      (r) =>
        ({
          ...(r.payload as object),
          seq: r.seq,
          version: r.version,
          type: r.type,
          at: r.at.toISOString(),
        }) as GameEvent,
    );
  }
}
