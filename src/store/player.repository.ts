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

export class PlayerRepository {
  // Tokens never change and players are never deleted, so a token's player can be cached for good.
  private readonly byTokenHash = new Map<string, PlayerRecord>();

  constructor(private readonly prisma: PrismaClient) {}

  /** Creates a player and returns its secret token, which is not kept anywhere. */
  async register(name: string): Promise<{ player: PlayerRecord; token: string }> {
    const token = newToken();
    const row = await this.prisma.player.create({ data: { name, tokenHash: hashToken(token) } });
    return { player: { id: row.id, name: row.name, createdAt: row.createdAt }, token };
  }

  async findByToken(token: string): Promise<PlayerRecord | null> {
    const tokenHash = hashToken(token);
    const cached = this.byTokenHash.get(tokenHash);
    if (cached) return cached;
    const row = await this.prisma.player.findUnique({ where: { tokenHash } });
    if (!row) return null;
    const player = { id: row.id, name: row.name, createdAt: row.createdAt };
    if (this.byTokenHash.size >= AUTH_CACHE_SIZE)
      this.byTokenHash.delete(this.byTokenHash.keys().next().value!);
    this.byTokenHash.set(tokenHash, player);
    return player;
  }

  async findByIds(ids: readonly string[]): Promise<PlayerRecord[]> {
    const rows = await this.prisma.player.findMany({ where: { id: { in: [...ids] } } });
    return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt }));
  }

  /** Games in the lobby or being played where the player has a seat (and has not left). */
  async activeGames(playerId: string): Promise<number> {
    return this.prisma.seat.count({
      where: { playerId, leftAt: null, game: { status: { in: ['LOBBY', 'IN_PROGRESS'] } } },
    });
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
