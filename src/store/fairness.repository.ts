// The records of provably fair dice: each game's chain root (secret), commitment, client seeds and game seed.
import type { Pool } from 'pg';
import {
  botClientSeed,
  chainKey,
  fairDiceSource,
  SERVER_SEEDS_BY_PLAYER_ID,
  SERVER_SEEDS_DERIVATION,
  gameSeedOf,
  KeyChain,
  serverClientSeed,
  type DiceSource,
  type GameState,
  type SeatState,
} from '../engine';
import { randomClientSeed } from '../security/fair-dice-secrets';

/**
 * A player's id as the API shows it (`Player.id`, graphql/ids.ts: base64url of "Player:<uuid>"): server-drawn
 * seeds derive from it, so that a verifier derives them from what it reads.
 */
function publicPlayerId(playerId: string): string {
  return Buffer.from(`Player:${playerId}`, 'utf8').toString('base64url');
}

/**
 * games.fairness_algorithm of games whose bots' seeds derive from k[0] and their seat at start, and the other
 * server-drawn seeds from k[0] and the player's id (the column's default).
 */
const SEAT_SEEDS_COLUMN_VALUE = 'hmac-sha256-chain-v3';
/** Older games whose server-drawn seeds, bots' included, derive from k[0] and the player's id. */
const K0_SEEDS_COLUMN_VALUE = 'hmac-sha256-chain-v2';
/**
 * The public `serverSeeds` of each column value. Older games still hold "hmac-sha256-chain-v1" there and drew
 * those seeds at random (null). The public algorithm is v1 for all: only `serverSeeds` tells them apart.
 */
const SERVER_SEEDS_OF: ReadonlyMap<string, string> = new Map([
  [SEAT_SEEDS_COLUMN_VALUE, SERVER_SEEDS_DERIVATION],
  [K0_SEEDS_COLUMN_VALUE, SERVER_SEEDS_BY_PLAYER_ID],
]);

/** The bots' seeds of seats under SEAT_SEEDS_COLUMN_VALUE: each from k[0] and its seat's position. */
function botSeeds(k0: Buffer, seats: readonly SeatState[]): { playerId: string; seed: string }[] {
  return seats.flatMap((s, position) =>
    s.bot === undefined ? [] : [{ playerId: s.playerId, seed: botClientSeed(k0, position) }],
  );
}

/** Games whose chain this process keeps at hand (about 1.4 KB each). */
const CACHED_CHAINS = 10_000;

interface Queryable {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/** The dice of one move, and the game seed it fixes when it starts the game. */
export interface MoveDice {
  readonly dice: DiceSource;
  /** Set for a start only: the seed to record with the move. */
  readonly newGameSeed: string | null;
}

/** What anyone may see of a game's fairness records. */
export interface PublicFairness {
  /**
   * SERVER_SEEDS_DERIVATION, or SERVER_SEEDS_BY_PLAYER_ID for older games whose bots' seeds derive from their
   * id; null for the oldest games (random).
   */
  readonly serverSeeds: string | null;
  readonly commitment: string;
  readonly gameSeed: string | null;
  /** Client seeds by player id. */
  readonly clientSeeds: ReadonlyMap<string, string>;
}

/** A started game's chain and game seed: neither changes once the game has started. */
interface StartedGame {
  readonly chain: KeyChain;
  readonly gameSeed: string;
}

export class FairnessRecords {
  /** Recently used games, least recent first: a move that rolls then needs neither a read nor the walk. */
  private readonly started = new Map<string, StartedGame>();
  /** Games' k[0] and algorithm, which never change: a fill seating several bots walks the chain once. */
  private readonly firstKeys = new Map<string, { readonly k0: Buffer; readonly algorithm: string }>();

  /** Chains of games created by this process, walked once at creation: the lobby's and the start's keys. */
  private readonly createdChains = new Map<string, KeyChain>();

  constructor(private readonly pool: Pool) {}

  /** Keeps the chain a game was created with (after its creation committed). */
  keepCreated(gameId: string, chain: KeyChain): void {
    if (this.createdChains.size >= CACHED_CHAINS)
      this.createdChains.delete(this.createdChains.keys().next().value!);
    this.createdChains.set(gameId, chain);
  }

  /** The game's chain: the one kept at its creation, or walked from its stored root. */
  private chainOf(gameId: string, root: Buffer): KeyChain {
    return this.createdChains.get(gameId) ?? new KeyChain(root);
  }

  private remember(gameId: string, game: StartedGame): StartedGame {
    this.started.delete(gameId);
    this.started.set(gameId, game);
    if (this.started.size > CACHED_CHAINS) this.started.delete(this.started.keys().next().value!);
    return game;
  }

  /**
   * Stores a seated player's client seed, in the transaction that seats them (after the game's row exists).
   * A null seed is drawn by the server: derived from k[0], fixed at creation before any seat was taken, and
   * the player's id (serverClientSeed); games made before that derivation keep drawing at random. A bot's is
   * then derived from its seat instead, by recordBotSeeds.
   */
  async recordClientSeed(
    client: Queryable,
    gameId: string,
    playerId: string,
    given: string | null,
  ): Promise<void> {
    let seed = given;
    if (seed === null) {
      const game = await this.firstKey(client, gameId);
      seed = SERVER_SEEDS_OF.has(game.algorithm)
        ? serverClientSeed(game.k0, publicPlayerId(playerId))
        : randomClientSeed();
    }
    await client.query(
      `INSERT INTO client_seeds (game_id, player_id, seed) VALUES ($1, $2, $3)
       ON CONFLICT (game_id, player_id) DO UPDATE SET seed = EXCLUDED.seed`,
      [gameId, playerId, seed],
    );
  }

  private async firstKey(client: Queryable, gameId: string): Promise<{ k0: Buffer; algorithm: string }> {
    const known = this.firstKeys.get(gameId);
    if (known) return known;
    const { rows } = (await client.query(
      'SELECT chain_root AS root, fairness_algorithm AS algorithm FROM games WHERE id = $1',
      [gameId],
    )) as { rows: { root: Buffer; algorithm: string }[] };
    const row = rows[0];
    if (!row) throw new Error(`game ${gameId} has no fairness records`);
    const kept = this.createdChains.get(gameId);
    const game = { k0: kept ? kept.key(0) : chainKey(row.root, 0), algorithm: row.algorithm };
    // Only lobbies seat players, so a short list of recent games is enough.
    if (this.firstKeys.size >= CACHED_CHAINS) this.firstKeys.delete(this.firstKeys.keys().next().value!);
    this.firstKeys.set(gameId, game);
    return game;
  }

  /** Drops the seeds of players who left the lobby, after the seats were rewritten. */
  async forgetUnseated(client: Queryable, gameId: string): Promise<void> {
    await client.query(
      `DELETE FROM client_seeds c WHERE c.game_id = $1
         AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = c.game_id AND s.player_id = c.player_id)`,
      [gameId],
    );
  }

  /**
   * Rewrites the seeds of the bots among `seats` (positions in order) from their positions, in games whose
   * bots' seeds derive from their seat: in the lobby when the seats change, and at the start, from the seats
   * the game seed was computed from (diceFor), before it is recorded.
   */
  async recordBotSeeds(client: Queryable, gameId: string, seats: readonly SeatState[]): Promise<void> {
    if (!seats.some((s) => s.bot !== undefined)) return;
    const game = await this.firstKey(client, gameId);
    if (game.algorithm !== SEAT_SEEDS_COLUMN_VALUE) return;
    await client.query(
      `INSERT INTO client_seeds (game_id, player_id, seed)
       SELECT $1, x.player, x.seed FROM jsonb_to_recordset($2::jsonb) AS x(player uuid, seed text)
       ON CONFLICT (game_id, player_id) DO UPDATE SET seed = EXCLUDED.seed`,
      [gameId, JSON.stringify(botSeeds(game.k0, seats).map((b) => ({ player: b.playerId, seed: b.seed })))],
    );
  }

  /** Fixes the game seed, in the transaction of the start that rolled from it. */
  async recordGameSeed(client: Queryable, gameId: string, gameSeed: string): Promise<void> {
    await client.query('UPDATE games SET game_seed = $2 WHERE id = $1', [gameId, gameSeed]);
  }

  /**
   * The dice source of a move on `state` that may roll. A start derives the game seed from the seated
   * players' client seeds in seat order; later moves read the one fixed at start. 'stale' when `state` no
   * longer seats the players whose seeds are stored (a leave committed since): the move must be decided again.
   */
  async diceFor(gameId: string, state: GameState): Promise<MoveDice | null | 'stale'> {
    const starting = state.status === 'LOBBY';
    const known = starting ? undefined : this.started.get(gameId);
    if (known)
      return { dice: fairDiceSource(this.remember(gameId, known).chain, known.gameSeed), newGameSeed: null };
    const { rows } = await this.pool.query<{
      root: Buffer;
      algorithm: string;
      gameSeed: string | null;
      seeds: Record<string, string> | null;
    }>(
      `SELECT g.chain_root AS root, g.fairness_algorithm AS algorithm, g.game_seed AS "gameSeed",
              ${starting ? '(SELECT json_object_agg(c.player_id, c.seed) FROM client_seeds c WHERE c.game_id = g.id)' : 'NULL'} AS seeds
         FROM games g WHERE g.id = $1`,
      [gameId],
    );
    const row = rows[0];
    if (!row) return null;
    if (!starting) {
      if (row.gameSeed === null) throw new Error(`game ${gameId} is in play without a game seed`);
      const game = this.remember(gameId, { chain: this.chainOf(gameId, row.root), gameSeed: row.gameSeed });
      return { dice: fairDiceSource(game.chain, game.gameSeed), newGameSeed: null };
    }
    const seeds = new Map<string, string>();
    for (const s of state.seats) {
      const seed = row.seeds?.[s.playerId];
      if (seed === undefined) return 'stale';
      seeds.set(s.playerId, seed);
    }
    // One walk down the chain serves k[0] for the bots' seeds and the dice.
    const chain = this.chainOf(gameId, row.root);
    // Bots' seeds follow from their final seats: the start records these (recordBotSeeds) with the game seed.
    if (row.algorithm === SEAT_SEEDS_COLUMN_VALUE && state.seats.some((s) => s.bot !== undefined))
      for (const b of botSeeds(chain.key(0), state.seats)) seeds.set(b.playerId, b.seed);
    const gameSeed = gameSeedOf(state.seats.map((s) => seeds.get(s.playerId)!));
    // Not remembered: the start may yet lose a race to a join or a leave, which changes the seeds.
    return { dice: fairDiceSource(chain, gameSeed), newGameSeed: gameSeed };
  }

  /** The public records of some games. */
  async publicRecords(gameIds: readonly string[]): Promise<Map<string, PublicFairness>> {
    const { rows } = await this.pool.query<{
      id: string;
      algorithm: string;
      commitment: string;
      gameSeed: string | null;
      seeds: Record<string, string> | null;
    }>(
      `SELECT g.id, g.fairness_algorithm AS algorithm, g.commitment, g.game_seed AS "gameSeed",
              (SELECT json_object_agg(c.player_id, c.seed) FROM client_seeds c WHERE c.game_id = g.id) AS seeds
         FROM games g WHERE g.id = ANY($1::uuid[])`,
      [gameIds],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          serverSeeds: SERVER_SEEDS_OF.get(r.algorithm) ?? null,
          commitment: r.commitment,
          gameSeed: r.gameSeed,
          clientSeeds: new Map(Object.entries(r.seeds ?? {})),
        },
      ]),
    );
  }

  /**
   * The keys k[0..upTo] of a game's chain, as hex. The caller passes the engine's `lastRevealedKey` of the
   * game: nothing above it is computed into the answer.
   */
  async revealedKeys(gameId: string, upTo: number): Promise<string[]> {
    if (upTo < 0) return [];
    const known = this.started.get(gameId);
    if (known) return known.chain.keys(upTo).map((k) => k.toString('hex'));
    const { rows } = await this.pool.query<{ root: Buffer }>(
      'SELECT chain_root AS root FROM games WHERE id = $1',
      [gameId],
    );
    const row = rows[0];
    return row ? new KeyChain(row.root).keys(upTo).map((k) => k.toString('hex')) : [];
  }
}
