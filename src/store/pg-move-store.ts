// Recording moves in PostgreSQL: one guarded statement for a move in play, one transaction for a seating change.
import { applyEvent, arenaKey, quickPlayKey, tableLinks, tableOptions, type GameState } from '../engine';
import type { Pool, PoolClient } from 'pg';
import { withConnection } from '../database/checkout';
import { EventLog, LOG_SNAPSHOT_EVERY } from './event-log';
import { newChain, type NewChain } from '../security/fair-dice-secrets';
import { hashToken, newToken } from '../security/tokens';
import type { FairnessRecords, MoveDice } from './fairness.repository';
import type { GameStateCache } from './game-state-cache';
import type { IdempotencyRecord, IdempotencyRecords, IdempotencyWrite } from './idempotency.repository';
import { moveRecord, type MoveRecord, type NewBotPlayer } from './move-record';
import { moveStatement } from './move-statement';
import type { MoveStore, RecordedMove, WriteOutcome } from './move-store';
import { checkHeldSeats, SeatsHeld } from './held-seats';
import { checkSeatCap, SeatCapReached } from './seat-cap';
import type { StateRebuilder } from './state-rebuilder';
import { moveOutboxEvents, type OutboxSignal } from './webhook-outbox';

interface Queryable {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rowCount: number | null; rows: { outbox?: number }[] }>;
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

const WRITTEN: WriteOutcome = { kind: 'written' };
const LOST: WriteOutcome = { kind: 'lost' };

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

async function insertGame(client: PoolClient, gameId: string, s: GameState, chain: NewChain) {
  await client.query(
    `INSERT INTO games (id, name, status, preset, rules, max_players, host_id, version, state, created_at, updated_at,
                       chain_root, commitment, visibility, rated, allow_spectators, quick_play_key, previous_game_id,
                       created_by, allow_agents, arena_key)
     VALUES ($1, $2, 'LOBBY', $3, $4::jsonb, $5, $6, 0, '{}'::jsonb, $7, now(), $8, $9,
             $10::"GameVisibility", $11, $12, $13, $14, $6, $15, $16)`,
    [
      gameId,
      s.name,
      s.rules.preset,
      JSON.stringify(s.rules),
      s.maxPlayers,
      s.host,
      s.createdAt,
      chain.root,
      chain.commitment,
      tableOptions(s).visibility,
      tableOptions(s).rated,
      tableOptions(s).allowSpectators,
      quickPlayKey(s),
      tableLinks(s).previousGame,
      tableOptions(s).allowAgents,
      arenaKey(s),
    ],
  );
}

/** A bot's player row; the game row is locked, so the seats whose names the default avoids cannot change. */
async function insertBot(client: PoolClient, gameId: string, bot: NewBotPlayer) {
  await client.query(
    `INSERT INTO players (id, name, token_hash, bot_level)
     SELECT $1, coalesce($2, (
              SELECT $4 || ' bot ' || n FROM generate_series(1, 1000) n
               WHERE NOT EXISTS (SELECT 1 FROM seats s JOIN players p ON p.id = s.player_id
                                  WHERE s.game_id = $5 AND p.name = $4 || ' bot ' || n)
               ORDER BY n LIMIT 1)),
            $3, $4::"BotLevel"`,
    // Bots never authenticate: the digest is of a token drawn here and never kept.
    [bot.id, bot.name, hashToken(newToken()), bot.level, gameId],
  );
}

/**
 * Moves in PostgreSQL. A move in play is one statement guarded by the game's version (one round trip); a
 * move that changes the seats, creates a game or fixes its seed is a transaction that locks the game row
 * first. Either returns 'lost' rather than recording a move decided on a version the game has left.
 */
export class PgMoveStore implements MoveStore {
  constructor(
    private readonly pool: Pool,
    private readonly cache: GameStateCache,
    private readonly states: StateRebuilder,
    private readonly idempotency: IdempotencyRecords,
    private readonly fairness: FairnessRecords,
    /** Where the log snapshots a committed move's events reach are offered (LOG_SNAPSHOT_EVERY). */
    private readonly snapshots: EventLog,
    /** Told when a move wrote webhook deliveries (after its commit). */
    private readonly outbox: OutboxSignal,
  ) {}

  cached(gameId: string): GameState | undefined {
    return this.cache.get(gameId);
  }

  load(gameId: string): Promise<GameState | null> {
    return this.states.loadFresh(gameId);
  }

  stateAt(gameId: string, version: number): Promise<GameState> {
    return this.states.stateAt(gameId, version);
  }

  forget(gameId: string): void {
    this.cache.forget(gameId);
  }

  remember(gameId: string, state: GameState): void {
    this.cache.cacheState(gameId, state);
  }

  findIdempotencyRecord(playerId: string, key: string): Promise<IdempotencyRecord | null> {
    return this.idempotency.find(playerId, key);
  }

  recordRefusal(record: IdempotencyWrite): Promise<boolean> {
    return this.idempotency.recordRefusal(record);
  }

  diceFor(gameId: string, state: GameState): Promise<MoveDice | null | 'stale'> {
    return this.fairness.diceFor(gameId, state);
  }

  async postponeServerMove(gameId: string, version: number, at: number | null): Promise<void> {
    await this.pool.query('UPDATE games SET turn_deadline = $3 WHERE id = $1 AND version = $2', [
      gameId,
      version,
      at === null ? null : new Date(at),
    ]);
  }

  async write(move: RecordedMove): Promise<WriteOutcome> {
    const deliveries = { written: 0 };
    const outcome = await this.writeMove(move, deliveries);
    if (outcome === WRITTEN) {
      this.offerSnapshots(move);
      if (deliveries.written > 0) this.outbox.written();
    }
    return outcome;
  }

  /** After the commit: the states at the multiples of LOG_SNAPSHOT_EVERY the move's events reached, stored. */
  private offerSnapshots(move: RecordedMove): void {
    const { events } = move;
    const first = events[0]!.seq;
    const last = events[events.length - 1]!.seq;
    if (Math.floor(last / LOG_SNAPSHOT_EVERY) === Math.floor((first - 1) / LOG_SNAPSHOT_EVERY)) return;
    let state: GameState | null = move.before;
    for (const [i, event] of events.entries()) {
      state = move.states?.[i] ?? applyEvent(state, event);
      this.snapshots.offer(move.gameId, state);
    }
  }

  private async writeMove(move: RecordedMove, deliveries: { written: number }): Promise<WriteOutcome> {
    const record = moveRecord(move);
    if (!record.inTransaction && !move.sideWrite)
      return (await this.recordMove(this.pool, move, record, deliveries)) ? WRITTEN : LOST;
    // A new game's secret key chain, drawn before the transaction holds a connection.
    const chain = move.before === null ? newChain() : null;
    try {
      return (await this.transaction((client) =>
        this.writeInTransaction(client, move, record, chain, deliveries),
      ))
        ? WRITTEN
        : LOST;
    } catch (error) {
      if (error instanceof SeatCapReached) return { kind: 'seat_cap', max: error.max };
      if (error instanceof SeatsHeld) return { kind: 'seats_held' };
      throw error;
    }
  }

  private async writeInTransaction(
    client: PoolClient,
    move: RecordedMove,
    record: MoveRecord,
    chain: NewChain | null,
    deliveries: { written: number },
  ): Promise<boolean> {
    const { gameId, before, after } = move;
    const { seatCap, seating } = record;
    if (chain) {
      // Kept before the insert: the creator's seed is derived from k[0] in this transaction.
      this.fairness.keepCreated(gameId, chain.chain);
      if (seatCap) await checkSeatCap(client, seatCap.playerId, seatCap.max);
      await insertGame(client, gameId, after, chain);
    } else {
      if (!(await lockGameAt(client, gameId, before!.version))) return false;
      if (seatCap) await checkSeatCap(client, seatCap.playerId, seatCap.max);
      if (record.newBot) await insertBot(client, gameId, record.newBot);
      // One at a time, each given a placeholder seat (negative: the seats are rewritten below) so that the
      // next one's default name avoids it.
      for (const [i, bot] of record.filledBots.entries()) {
        await insertBot(client, gameId, bot);
        await client.query(
          'INSERT INTO seats (game_id, position, player_id, dice_count) VALUES ($1, $2, $3, 0)',
          [gameId, -1 - i, bot.id],
        );
      }
    }
    if (seating) {
      await rewriteSeats(client, gameId, after);
      if (before !== null) await this.fairness.forgetUnseated(client, gameId);
      if (before !== null && after.seats.length > before.seats.length)
        await checkHeldSeats(client, gameId, after);
    }
    // A bot sits at one table only and has played nothing yet: it goes with its seat, so that adding and
    // removing bots cannot pile up players.
    // (A bot carried over from an earlier game by a rematch stays: its seats there still name it.)
    if (record.removedBot)
      await client.query(
        `DELETE FROM players p WHERE p.id = $1 AND p.bot_level IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.player_id = p.id)`,
        [record.removedBot],
      );
    for (const c of record.clientSeeds)
      await this.fairness.recordClientSeed(client, gameId, c.playerId, c.seed);
    // Bots' seeds follow their seats: rewritten when the lobby's seats change, and fixed at the start from the
    // seats the game seed was computed from, before it is recorded.
    if (move.gameSeed) {
      await this.fairness.recordBotSeeds(client, gameId, before!.seats);
      await this.fairness.recordGameSeed(client, gameId, move.gameSeed);
    } else if (seating && after.status === 'LOBBY') {
      await this.fairness.recordBotSeeds(client, gameId, after.seats);
    }
    if (move.sideWrite) await move.sideWrite(client, gameId);
    return this.recordMove(client, move, record, deliveries);
  }

  /** Runs the move statement; false when the game was no longer at the version (or the key was taken). */
  private async recordMove(
    client: Queryable,
    move: RecordedMove,
    record: MoveRecord,
    deliveries: { written: number },
  ): Promise<boolean> {
    const statement = moveStatement({
      gameId: move.gameId,
      before: move.before,
      after: move.after,
      events: move.events,
      expectedVersion: move.before?.version ?? 0,
      seatsRewritten: record.seating,
      idempotency: move.idempotency,
      serverMoveAt: move.serverMoveAt,
      outbox: moveOutboxEvents(move.gameId, move.events, move.states, move.after),
    });
    try {
      const { rowCount, rows } = await client.query(statement);
      deliveries.written = rows[0]?.outbox ?? 0;
      return rowCount === 1;
    } catch (error) {
      // A concurrent retry with the same idempotency key won: the next attempt replays its result. (Never an
      // expired record: findIdempotencyRecord deleted it at the start of this attempt.)
      if (isUniqueViolation(error, 'idempotency_records_pkey') || isLostRace(error)) return false;
      throw error;
    }
  }

  private transaction(work: (client: PoolClient) => Promise<boolean>): Promise<boolean> {
    return withConnection(this.pool, async (client) => {
      try {
        await client.query('BEGIN');
        const ok = await work(client);
        await client.query(ok ? 'COMMIT' : 'ROLLBACK');
        return ok;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        if (isUniqueViolation(error) || isLostRace(error)) return false;
        throw error;
      }
    });
  }
}
