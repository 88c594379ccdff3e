// Moves: creating a game, acting on one and timing a turn out, each written under the game's version guard.
import { randomUUID } from 'node:crypto';
import {
  applyCommand,
  createGame,
  changesSeating,
  currentRound,
  mayRollDice,
  NO_DICE,
  botsToAct,
  legalActions,
  serverMoveDue,
  turnDeadline,
  type BotLevel,
  type Command,
  type GameEvent,
  type GameState,
  type NewGame,
} from '../engine';
import type { Pool, PoolClient } from 'pg';
import { withConnection } from '../database/checkout';
import { newChain, randomClientSeed } from '../security/fair-dice-secrets';
import { hashToken, newToken } from '../security/tokens';
import type { ChangeNotifier } from './change-notifier';
import type { FairnessRecords, MoveDice } from './fairness.repository';
import { changeOf } from './game-change';
import type { GameStateCache } from './game-state-cache';
import type { IdempotencyRecords } from './idempotency.repository';
import type { MoveOptions, MoveResult } from './move-result';
import { moveStatement } from './move-statement';
import { capRefusal, checkSeatCap, SeatCapReached } from './seat-cap';
import type { StateRebuilder } from './state-rebuilder';

interface Queryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rowCount: number | null }>;
}

const MAX_ATTEMPTS = 50;

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

export interface GameMovesOptions {
  readonly fairness: FairnessRecords;
  readonly now: () => Date;
  readonly notifier: ChangeNotifier;
  /** How long a bot thinks before its move (ms). */
  readonly botDelayMs: number;
}

/** Decides the move of the bot that is due to act on a state, if one wants to (see src/bots). */
export type BotDecider = (state: GameState) => Command | null;

/** A bot the host adds: the player row is written in the move's transaction, so a refusal leaves none. */
interface NewBot {
  /** Null: "<LEVEL> bot <n>", with the smallest n no bot at the table has. */
  readonly name: string | null;
  readonly level: BotLevel;
}

export class GameMoves {
  private readonly appliedListeners = new Set<
    (gameId: string, events: readonly GameEvent[], state: GameState) => void
  >();

  constructor(
    private readonly pool: Pool,
    private readonly cache: GameStateCache,
    private readonly states: StateRebuilder,
    private readonly idempotency: IdempotencyRecords,
    private readonly options: GameMovesOptions,
  ) {}

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
      const replayed = await this.idempotency.replayIfRecorded(input.host, options);
      if (replayed) return replayed;
      const result = createGame(input, this.options.now().toISOString());
      if (!result.ok) {
        const refused: MoveResult = { kind: 'refused', gameId: null, state: null, error: result.violation };
        if (await this.idempotency.recordRefusal(input.host, options, refused)) return refused;
        continue;
      }
      const gameId = randomUUID();
      const s = result.state;
      const chain = newChain();
      const applied = await this.inTransaction(async (client) => {
        await checkSeatCap(client, input.host, options.seatCap);
        await client.query(
          `INSERT INTO games (id, name, status, preset, rules, max_players, host_id, version, state, created_at, updated_at,
                             chain_root, commitment)
           VALUES ($1, $2, 'LOBBY', $3, $4::jsonb, $5, $6, 0, '{}'::jsonb, $7, now(), $8, $9)`,
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
          ],
        );
        await rewriteSeats(client, gameId, s);
        const fairness = this.options.fairness;
        await fairness.recordClientSeed(client, gameId, input.host, options.clientSeed ?? randomClientSeed());
        return this.writeMove(client, gameId, null, s, result.events, 0, input.host, options);
      });
      if (applied) return this.publishApplied(gameId, s, result.events);
      if (attempt >= MAX_ATTEMPTS) throw new Error('createGame could not be recorded');
    }
  }

  /**
   * Applies one move. The engine decides on the latest known state; the write is one statement guarded by
   * that state's version, so two moves can never both apply to the same version: the loser of a race
   * reloads and is decided again (or refused with STALE_VERSION when the client pinned expectedVersion).
   */
  async act(gameId: string, command: Command, options: MoveOptions, bot?: NewBot): Promise<MoveResult> {
    let result: MoveResult;
    try {
      result = await this.actOnce(gameId, command, options, bot);
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
    const state = await this.states.loadFresh(gameId);
    return state ? { ...result, gameId, state } : result;
  }

  /** The host seats a new bot at `level`. */
  addBot(gameId: string, hostId: string, bot: NewBot, options: MoveOptions): Promise<MoveResult> {
    const command: Command = { type: 'ADD_BOT', playerId: hostId, botId: randomUUID(), level: bot.level };
    return this.act(gameId, command, options, bot);
  }

  private async actOnce(
    gameId: string,
    command: Command,
    options: MoveOptions,
    bot?: NewBot,
  ): Promise<MoveResult> {
    // Timeouts are the server's own moves: no player, so no idempotency record.
    const actor = 'playerId' in command ? command.playerId : null;
    let fresh = false;
    for (let attempt = 0; ; attempt++) {
      const replayed = await this.idempotency.replayIfRecorded(actor, options);
      if (replayed) return replayed;
      let before = fresh ? undefined : this.cache.get(gameId);
      if (!before) {
        const loaded = await this.states.loadFresh(gameId);
        if (!loaded) return { kind: 'not_found' };
        before = loaded;
        fresh = true;
      }
      const expected = options.expectedVersion;
      let refused: MoveResult | null = null;
      let result: ReturnType<typeof applyCommand> | null = null;
      let moveDice: MoveDice | null = null;
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
        // Only moves that may roll read the chain root, and it stays in this call's dice source.
        const dice = mayRollDice(before, command)
          ? await this.options.fairness.diceFor(gameId, before)
          : null;
        if (dice === 'stale') {
          // A start decided on a lobby that a leave has changed since: decide it again on the stored seats.
          this.lostRace(gameId, attempt);
          fresh = true;
          continue;
        }
        moveDice = dice;
        result = applyCommand(before, command, {
          dice: moveDice?.dice ?? NO_DICE,
          at: this.options.now().toISOString(),
        });
        if (!result.ok) refused = { kind: 'refused', gameId, state: before, error: result.violation };
      }
      if (refused) {
        // A refusal must rest on the current state, not on a cached guess.
        if (!fresh) {
          fresh = true;
          continue;
        }
        if (await this.idempotency.recordRefusal(actor, options, refused)) return refused;
        fresh = false;
        continue;
      }
      const { state: after, events } = result as Extract<typeof result, { ok: true }>;
      const seating = changesSeating(events);
      const gameSeed = moveDice?.newGameSeed ?? null;
      const fairness = this.options.fairness;
      const applied =
        seating || gameSeed !== null
          ? await this.inTransaction(async (client) => {
              if (!(await lockGameAt(client, gameId, before.version))) return false;
              if (command.type === 'JOIN') await checkSeatCap(client, command.playerId, options.seatCap);
              if (command.type === 'ADD_BOT') {
                // The game row is locked: the seats whose names the default avoids cannot change meanwhile.
                await client.query(
                  `INSERT INTO players (id, name, token_hash, bot_level)
                   SELECT $1, coalesce($2, (
                            SELECT $4 || ' bot ' || n FROM generate_series(1, 1000) n
                             WHERE NOT EXISTS (SELECT 1 FROM seats s JOIN players p ON p.id = s.player_id
                                                WHERE s.game_id = $5 AND p.name = $4 || ' bot ' || n)
                             ORDER BY n LIMIT 1)),
                          $3, $4::"BotLevel"`,
                  // Bots never authenticate: the digest is of a token drawn here and never kept.
                  [command.botId, bot?.name ?? null, hashToken(newToken()), command.level, gameId],
                );
              }
              if (seating) {
                await rewriteSeats(client, gameId, after);
                await fairness.forgetUnseated(client, gameId);
              }
              if (command.type === 'REMOVE_BOT') {
                // A bot sits at one table only and has played nothing yet: it goes, so that adding and
                // removing bots cannot pile up players.
                await client.query('DELETE FROM players WHERE id = $1 AND bot_level IS NOT NULL', [
                  before.seats[command.seat]!.playerId,
                ]);
              }
              if (command.type === 'JOIN' || command.type === 'ADD_BOT') {
                const seated = command.type === 'JOIN' ? command.playerId : command.botId;
                const seed = (command.type === 'JOIN' && options.clientSeed) || randomClientSeed();
                await fairness.recordClientSeed(client, gameId, seated, seed);
              }
              if (gameSeed !== null) await fairness.recordGameSeed(client, gameId, gameSeed);
              return this.writeMove(client, gameId, before, after, events, before.version, actor, options);
            })
          : await this.writeMove(this.pool, gameId, before, after, events, before.version, actor, options);
      if (applied) return this.publishApplied(gameId, after, events);
      this.lostRace(gameId, attempt);
      fresh = true;
    }
  }

  /**
   * Makes the move the server owes a game at `version`, as its turn timer found it due: a bot's move when a
   * bot wants to act, else the default move of a timed turn that ran out. When neither is due (a bot chose
   * not to call out of turn), the game waits for its turn deadline. Pinned to `version`, so with several
   * processes, or a person's move racing it, it is applied at most once.
   */
  async serverMove(gameId: string, version: number, decideBot: BotDecider): Promise<MoveResult> {
    // A game's state at one version never changes: this process's copy at that version is the one to act on.
    const cached = this.cache.get(gameId);
    const state = cached?.version === version ? cached : await this.states.loadFresh(gameId);
    if (!state || state.version !== version) return { kind: 'not_found' };
    const options = { expectedVersion: version, requestHash: '' };
    const command = decideBot(state);
    const turn = currentRound(state)?.turn;
    if (command) {
      const result = await this.act(gameId, command, { ...options, operation: 'bot' });
      // A bot's move the rules refuse is a bug in its strategy: rather than leave the game stuck on it, the
      // bot whose turn it is calls dudo, or makes the smallest bid when there is nothing to call.
      const broken = result.kind === 'refused' && result.error.code !== 'STALE_VERSION';
      const playerId = 'playerId' in command ? command.playerId : null;
      if (!broken || turn === null || turn === undefined || state.seats[turn]!.playerId !== playerId)
        return result;
      const legal = legalActions(state, turn);
      const smallest = legal.minBids[0];
      const fallback: Command =
        legal.canDudo || !smallest
          ? { type: 'DUDO', playerId }
          : { type: 'BID', playerId, quantity: smallest.minQuantity, face: smallest.face };
      return this.act(gameId, fallback, { ...options, operation: 'bot' });
    }
    const deadline = turnDeadline(state);
    // The stored deadline is the turn's, unless bots were due to act first and let it be.
    const botsWereDue = botsToAct(state).length > 0;
    const turnRanOut = !botsWereDue || (deadline !== null && deadline <= this.options.now().getTime());
    if (turnRanOut && turn !== null && turn !== undefined)
      return this.act(gameId, { type: 'TIMEOUT', seat: turn }, { ...options, operation: 'timeout' });
    await this.pool.query('UPDATE games SET turn_deadline = $3 WHERE id = $1 AND version = $2', [
      gameId,
      version,
      deadline === null ? null : new Date(deadline),
    ]);
    return { kind: 'not_found' };
  }

  /**
   * Cancels a game left in its lobby. `version` pins the lobby as it was found idle: a join or a leave since
   * then keeps it open, and of several processes expiring it at once only one applies.
   */
  expireLobby(gameId: string, version: number): Promise<MoveResult> {
    return this.act(
      gameId,
      { type: 'EXPIRE_LOBBY' },
      { expectedVersion: version, operation: 'expireLobby', requestHash: '' },
    );
  }

  /** Called after each move this process committed, with its events. */
  onApplied(listener: (gameId: string, events: readonly GameEvent[], state: GameState) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /** A move was decided on a state that is no longer the game's: the next attempt reloads it. */
  private lostRace(gameId: string, attempt: number): void {
    this.cache.forget(gameId);
    if (attempt >= MAX_ATTEMPTS) throw new Error(`move on game ${gameId} lost ${attempt} races in a row`);
  }

  /** After a commit: caches the new state, notifies the other processes and this one's listeners. */
  private publishApplied(gameId: string, state: GameState, events: readonly GameEvent[]): MoveResult {
    this.cache.cacheState(gameId, state);
    this.options.notifier.afterCommit(changeOf(gameId, events));
    for (const listener of this.appliedListeners) listener(gameId, events, state);
    return { kind: 'applied', gameId, state, events };
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
    const statement = moveStatement({
      gameId,
      before,
      after,
      events,
      expectedVersion,
      seatsRewritten: before === null || changesSeating(events),
      idempotency: this.idempotency.appliedRecord(playerId, options, gameId, after.version),
      serverMoveAt: serverMoveDue(after, this.options.botDelayMs),
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

  private inTransaction(work: (client: PoolClient) => Promise<boolean>): Promise<boolean> {
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
