// The records of provably fair dice: each game's chain root (secret), commitment, client seeds and game seed.
import type { Pool } from 'pg';
import {
  chainKey,
  fairDiceSource,
  SERVER_SEEDS_DERIVATION,
  gameSeedOf,
  KeyChain,
  serverClientSeed,
  type DiceSource,
  type GameState,
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
 * The value of games.fairness_algorithm for games whose server-drawn seeds derive from k[0] (the column's
 * default); older games hold "hmac-sha256-chain-v1" there and drew those seeds at random. The public
 * algorithm is v1 for both: only `serverSeeds` tells them apart.
 */
const K0_SEEDS_COLUMN_VALUE = 'hmac-sha256-chain-v2';

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
  /** SERVER_SEEDS_DERIVATION when server-drawn seeds derive from k[0]; null for older games (random). */
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

  constructor(private readonly pool: Pool) {}

  private remember(gameId: string, game: StartedGame): StartedGame {
    this.started.delete(gameId);
    this.started.set(gameId, game);
    if (this.started.size > CACHED_CHAINS) this.started.delete(this.started.keys().next().value!);
    return game;
  }

  /**
   * Stores a seated player's client seed, in the transaction that seats them (after the game's row exists).
   * A null seed is drawn by the server: derived from k[0], fixed at creation before any seat was taken
   * (serverClientSeed); games made before that derivation keep drawing at random.
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
      seed =
        game.algorithm === K0_SEEDS_COLUMN_VALUE
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
    const game = { k0: chainKey(row.root, 0), algorithm: row.algorithm };
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
      gameSeed: string | null;
      seeds: Record<string, string> | null;
    }>(
      `SELECT g.chain_root AS root, g.game_seed AS "gameSeed",
              ${starting ? '(SELECT json_object_agg(c.player_id, c.seed) FROM client_seeds c WHERE c.game_id = g.id)' : 'NULL'} AS seeds
         FROM games g WHERE g.id = $1`,
      [gameId],
    );
    const row = rows[0];
    if (!row) return null;
    if (!starting) {
      if (row.gameSeed === null) throw new Error(`game ${gameId} is in play without a game seed`);
      const game = this.remember(gameId, { chain: new KeyChain(row.root), gameSeed: row.gameSeed });
      return { dice: fairDiceSource(game.chain, game.gameSeed), newGameSeed: null };
    }
    const seeds: string[] = [];
    for (const s of state.seats) {
      const seed = row.seeds?.[s.playerId];
      if (seed === undefined) return 'stale';
      seeds.push(seed);
    }
    const gameSeed = gameSeedOf(seeds);
    // Not remembered: the start may yet lose a race to a join or a leave, which changes the seeds.
    return { dice: fairDiceSource(row.root, gameSeed), newGameSeed: gameSeed };
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
          serverSeeds: r.algorithm === K0_SEEDS_COLUMN_VALUE ? SERVER_SEEDS_DERIVATION : null,
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
