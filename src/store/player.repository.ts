import type { PrismaClient } from '../generated/prisma/client';
import { hashToken, newToken } from './tokens';

export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
}

export interface PlayerStatsRecord {
  readonly gamesPlayed: number;
  readonly gamesFinished: number;
  readonly gamesWon: number;
  readonly gamesInProgress: number;
}

const AUTH_CACHE_SIZE = 10_000;
const PLAYER_CACHE_SIZE = 20_000;

/** A bounded map that forgets the entry set longest ago. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max && !map.has(key)) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export class PlayerRepository {
  // Tokens never change and players are never deleted, so a token's player can be cached for good.
  private readonly byTokenHash = new Map<string, PlayerRecord>();
  // Players are never renamed either: every `player { name }` of a game or an event is served from here.
  private readonly byId = new Map<string, PlayerRecord>();

  constructor(private readonly prisma: PrismaClient) {}

  /** Creates a player and returns its secret token, which is not kept anywhere. */
  async register(name: string): Promise<{ player: PlayerRecord; token: string }> {
    const token = newToken();
    const row = await this.prisma.player.create({ data: { name, tokenHash: hashToken(token) } });
    const player = { id: row.id, name: row.name, createdAt: row.createdAt };
    remember(this.byId, player.id, player, PLAYER_CACHE_SIZE);
    return { player, token };
  }

  async findByToken(token: string): Promise<PlayerRecord | null> {
    const tokenHash = hashToken(token);
    const cached = this.byTokenHash.get(tokenHash);
    if (cached) return cached;
    const row = await this.prisma.player.findUnique({ where: { tokenHash } });
    if (!row) return null;
    const player = { id: row.id, name: row.name, createdAt: row.createdAt };
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
    const rows = await this.prisma.player.findMany({ where: { id: { in: missing } } });
    for (const r of rows) {
      const player = { id: r.id, name: r.name, createdAt: r.createdAt };
      remember(this.byId, player.id, player, PLAYER_CACHE_SIZE);
      found.push(player);
    }
    return found;
  }

  async stats(playerId: string): Promise<PlayerStatsRecord> {
    const [row] = await this.prisma.$queryRaw<
      { played: bigint; finished: bigint; won: bigint; in_progress: bigint }[]
    >`SELECT count(*) FILTER (WHERE g.status IN ('IN_PROGRESS', 'FINISHED')) AS played,
             count(*) FILTER (WHERE g.status = 'FINISHED') AS finished,
             count(*) FILTER (WHERE g.winner_id = s.player_id) AS won,
             count(*) FILTER (WHERE g.status = 'IN_PROGRESS') AS in_progress
        FROM seats s JOIN games g ON g.id = s.game_id
       WHERE s.player_id = ${playerId}::uuid`;
    return {
      gamesPlayed: Number(row?.played ?? 0),
      gamesFinished: Number(row?.finished ?? 0),
      gamesWon: Number(row?.won ?? 0),
      gamesInProgress: Number(row?.in_progress ?? 0),
    };
  }
}
