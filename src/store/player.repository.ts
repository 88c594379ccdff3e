// Stored players: registering them, with or without an idempotency key, and finding them.
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client';
import type { BotLevel } from '../engine';
import type { GameCursor } from './game-reads.repository';
import { IDEMPOTENCY_RETENTION_MS } from './idempotency-expiry.queries';
import {
  gamesForPlayers,
  statsForPlayers,
  type PlayerGamesPage,
  type PlayerStatsRecord,
  type StatsSlice,
} from './player-history.queries';
import { openToken, registrationKeyHash, registrationRequestHash, sealToken } from './registration-seal';
import { nameSkeletons, type NameSkeletons } from '../security/name-skeleton';
import { hashToken, newToken } from '../security/tokens';
import { isNameSkeletonConflict, NameTakenError } from './name-taken';

export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
  /** The level of a bot the server plays; null for a person. */
  readonly botLevel: BotLevel | null;
  /** An agent's owner (the person whose program plays it); null for people and bots. */
  readonly ownerId: string | null;
  /** An agent its owner retired: it never acts again. */
  readonly retired: boolean;
  /** The level of one of the arena's reference bots; null for every other player. */
  readonly arenaReference: BotLevel | null;
}

/** A person just registered: no bot, no agent. */
function person(id: string, name: string, createdAt: Date): PlayerRecord {
  return { id, name, createdAt, botLevel: null, ownerId: null, retired: false, arenaReference: null };
}

/** The record of a stored player row. */
export function playerRecordOf(row: {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
  readonly botLevel: BotLevel | null;
  readonly ownerId: string | null;
  readonly retiredAt: Date | null;
  readonly arenaReference: BotLevel | null;
}): PlayerRecord {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    botLevel: row.botLevel,
    ownerId: row.ownerId,
    retired: row.retiredAt !== null,
    arenaReference: row.arenaReference,
  };
}

export type { PlayerGamesPage, PlayerStatsRecord, StatsSlice };

/** A registration sent with an idempotency key: the player and token, new or as first returned. */
export type KeyedRegistration =
  | { readonly kind: 'registered'; readonly player: PlayerRecord; readonly token: string }
  /** The key was used to register another name. */
  | { readonly kind: 'reused' };

interface RegistrationRow {
  player_id: string;
  request_hash: string;
  salt: Uint8Array;
  sealed_token: Uint8Array;
  name: string;
  created_at: Date;
}

// A retry racing the first request, or a record expiring between two statements, takes another attempt;
// more than a few would mean something is wrong.
const KEYED_ATTEMPTS = 3;

const AUTH_CACHE_SIZE = 10_000;
const PLAYER_CACHE_SIZE = 20_000;

/** A bounded map that forgets the entry set longest ago. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max && !map.has(key)) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export class PlayerRepository {
  // A token's player is cached until the player's token is rotated or it is renamed (`forget`, on every
  // process through the change bus's broadcast).
  private readonly byTokenHash = new Map<string, PlayerRecord>();
  // Every `player { name }` of a game or an event is served from here; a rename forgets the entry.
  private readonly byId = new Map<string, PlayerRecord>();
  // Counts forgets, so that a read which a forget overtook is not cached.
  private forgets = 0;

  constructor(
    private readonly prisma: PrismaClient,
    /** uniqueNames: store each person's name skeleton (unique); without it names may repeat (test servers). */
    private readonly options: { readonly uniqueNames?: boolean } = {},
  ) {}

  /** The skeletons to store with a person's name: none when names may repeat. */
  private stored(skeletons: NameSkeletons): { folded: string | null; lowered: string | null } {
    return this.options.uniqueNames ? skeletons : { folded: null, lowered: null };
  }

  /**
   * Creates a player and returns its secret token, which is not kept anywhere. Throws NameTakenError when
   * another person's name has one of the same skeletons (the unique indexes decide between concurrent ones).
   */
  async register(
    name: string,
    skeletons = nameSkeletons(name),
  ): Promise<{ player: PlayerRecord; token: string }> {
    const stored = this.stored(skeletons);
    const token = newToken();
    const row = await this.prisma.player
      .create({
        data: {
          name,
          nameSkeleton: stored.folded,
          nameSkeletonLower: stored.lowered,
          tokenHash: hashToken(token),
        },
      })
      .catch((error: unknown) => {
        throw isNameSkeletonConflict(error) ? new NameTakenError(name) : error;
      });
    const player = person(row.id, row.name, row.createdAt);
    remember(this.byId, player.id, player, PLAYER_CACHE_SIZE);
    return { player, token };
  }

  /**
   * Registers a player once per idempotency key: a retry with the same key within the retention period (24
   * hours) gets the first player and token back, whether the first request finished or is still running;
   * an older record is ignored and replaced. The player and the record are inserted by one statement, so
   * there is never one without the other; of concurrent requests with one key exactly one inserts. Throws
   * NameTakenError as register does.
   */
  async registerWithKey(
    name: string,
    idempotencyKey: string,
    skeletons = nameSkeletons(name),
  ): Promise<KeyedRegistration> {
    const stored = this.stored(skeletons);
    const keyHash = registrationKeyHash(idempotencyKey);
    const requestHash = registrationRequestHash(name);
    for (let attempt = 0; attempt < KEYED_ATTEMPTS; attempt++) {
      const recorded = await this.recordedRegistration(keyHash);
      if (recorded) return this.replay(recorded, requestHash, idempotencyKey);
      const token = newToken();
      const id = randomUUID();
      const { salt, sealed } = sealToken(token, idempotencyKey, id);
      // The record goes first so that a live one stops the player's insert (its foreign key is checked at
      // the end of the statement). ON CONFLICT waits for a concurrent insert of the key to commit or roll
      // back; an expired record is taken over, a live one leaves this statement with no row.
      const rows = await this.prisma.$queryRaw<{ id: string; name: string; created_at: Date }[]>`
        WITH record AS (
          INSERT INTO registration_records (key_hash, player_id, request_hash, salt, sealed_token)
          VALUES (${keyHash}, ${id}::uuid, ${requestHash}, ${salt}, ${sealed})
          ON CONFLICT (key_hash) DO UPDATE
            SET player_id = EXCLUDED.player_id, request_hash = EXCLUDED.request_hash, salt = EXCLUDED.salt,
                sealed_token = EXCLUDED.sealed_token, created_at = EXCLUDED.created_at
            WHERE registration_records.created_at
                  < now() - ${IDEMPOTENCY_RETENTION_MS}::float8 * interval '1 millisecond'
          RETURNING player_id)
        INSERT INTO players (id, name, name_skeleton, name_skeleton_lower, token_hash)
        SELECT player_id, ${name}, ${stored.folded}, ${stored.lowered}, ${hashToken(token)} FROM record
        RETURNING id, name, created_at`.catch((error: unknown) => {
        // The record's insert goes back with the player's: a retry with the key may try another name.
        throw isNameSkeletonConflict(error) ? new NameTakenError(name) : error;
      });
      const row = rows[0];
      if (row) return { kind: 'registered', player: this.cached(row.id, row.name, row.created_at), token };
      // Another request with this key inserted first: its record is read on the next attempt.
    }
    throw new Error('registerPlayer: no registration recorded for the key after several attempts');
  }

  /** Whether a person's name has one of these skeletons (a bot may not be given a name that looks like theirs). */
  async isPersonName(skeletons: NameSkeletons): Promise<boolean> {
    const rows = await this.prisma.$queryRaw<unknown[]>`
      SELECT 1 FROM players
       WHERE (name_skeleton = ${skeletons.folded} OR name_skeleton_lower = ${skeletons.lowered})
         AND bot_level IS NULL`;
    return rows.length > 0;
  }

  /** The live registration record of a key, with its player. */
  /** Whether a live registration is recorded under the key (a retry replays it). */
  async isRegistered(idempotencyKey: string): Promise<boolean> {
    return (await this.recordedRegistration(registrationKeyHash(idempotencyKey))) !== null;
  }

  private async recordedRegistration(keyHash: string): Promise<RegistrationRow | null> {
    const rows = await this.prisma.$queryRaw<RegistrationRow[]>`
      SELECT r.player_id, r.request_hash, r.salt, r.sealed_token, p.name, p.created_at
        FROM registration_records r JOIN players p ON p.id = r.player_id
       WHERE r.key_hash = ${keyHash}
         AND r.created_at >= now() - ${IDEMPOTENCY_RETENTION_MS}::float8 * interval '1 millisecond'`;
    return rows[0] ?? null;
  }

  private replay(row: RegistrationRow, requestHash: string, idempotencyKey: string): KeyedRegistration {
    if (row.request_hash !== requestHash) return { kind: 'reused' };
    const token = openToken(
      { salt: Buffer.from(row.salt), sealed: Buffer.from(row.sealed_token) },
      idempotencyKey,
      row.player_id,
    );
    return { kind: 'registered', player: this.cached(row.player_id, row.name, row.created_at), token };
  }

  private cached(id: string, name: string, createdAt: Date): PlayerRecord {
    const player = person(id, name, createdAt);
    remember(this.byId, player.id, player, PLAYER_CACHE_SIZE);
    return player;
  }

  /**
   * Drops what this process remembers of a player (its tokens' lookups and its record): called on every
   * process when the player's token is rotated or its name changes, so the next lookup reads the database.
   */
  forget(playerId: string): void {
    this.forgets++;
    this.byId.delete(playerId);
    for (const [hash, player] of this.byTokenHash) if (player.id === playerId) this.byTokenHash.delete(hash);
  }

  /** Drops every cached token and player (after the change bus reconnected: notices may have been missed). */
  forgetAll(): void {
    this.forgets++;
    this.byId.clear();
    this.byTokenHash.clear();
  }

  async findByToken(token: string): Promise<PlayerRecord | null> {
    const tokenHash = hashToken(token);
    const cached = this.byTokenHash.get(tokenHash);
    if (cached) return cached;
    const forgets = this.forgets;
    const row = await this.prisma.player.findUnique({ where: { tokenHash } });
    if (!row) return null;
    const player = playerRecordOf(row);
    // A read that a forget overtook may be of the old token or name: answer it, but do not keep it.
    if (forgets !== this.forgets) return player;
    remember(this.byTokenHash, tokenHash, player, AUTH_CACHE_SIZE);
    remember(this.byId, player.id, player, PLAYER_CACHE_SIZE);
    return player;
  }

  async findByIds(ids: readonly string[]): Promise<PlayerRecord[]> {
    const found: PlayerRecord[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const cached = this.byId.get(id);
      if (cached) found.push(cached);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const forgets = this.forgets;
    const rows = await this.prisma.player.findMany({ where: { id: { in: missing } } });
    for (const r of rows) {
      const player = playerRecordOf(r);
      if (forgets === this.forgets) remember(this.byId, player.id, player, PLAYER_CACHE_SIZE);
      found.push(player);
    }
    return found;
  }

  /** Whether a player is an agent (a program's account); false for an unknown one. Cached: owners never change. */
  async isAgent(playerId: string): Promise<boolean> {
    const [player] = await this.findByIds([playerId]);
    return player !== undefined && player.ownerId !== null;
  }

  /** Each player's record over all games, in one query. */
  statsForPlayers(
    playerIds: readonly string[],
    slice: StatsSlice = {},
  ): Promise<Map<string, PlayerStatsRecord>> {
    return statsForPlayers(this.prisma, playerIds, slice);
  }

  /** One page of each player's games (newest first, after the same cursor), in one query. */
  gamesForPlayers(
    playerIds: readonly string[],
    first: number,
    after: GameCursor | null,
    viewerId: string | null = null,
  ): Promise<Map<string, PlayerGamesPage>> {
    return gamesForPlayers(this.prisma, playerIds, first, after, viewerId);
  }
}
