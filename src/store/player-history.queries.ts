// The games players sat in, read for many players at once: their records and their pages of games.
import type { PrismaClient } from '../generated/prisma/client';
import type { GameCursor } from './game-reads.repository';

export interface PlayerStatsRecord {
  readonly gamesPlayed: number;
  readonly gamesFinished: number;
  readonly gamesWon: number;
  readonly gamesInProgress: number;
}

/** A page of the games a player has a seat in, newest first: their ids, to be loaded with their states. */
export interface PlayerGamesPage {
  readonly games: readonly GameCursor[];
  readonly hasNextPage: boolean;
}

const NO_GAMES: PlayerStatsRecord = { gamesPlayed: 0, gamesFinished: 0, gamesWon: 0, gamesInProgress: 0 };

/** Each player's record over all games, in one query; a player without seats has zeros. */
export async function statsForPlayers(
  prisma: PrismaClient,
  playerIds: readonly string[],
): Promise<Map<string, PlayerStatsRecord>> {
  const rows = await prisma.$queryRaw<
    { player_id: string; played: bigint; finished: bigint; won: bigint; in_progress: bigint }[]
  >`SELECT s.player_id::text AS player_id,
           count(*) FILTER (WHERE g.status IN ('IN_PROGRESS', 'FINISHED')) AS played,
           count(*) FILTER (WHERE g.status = 'FINISHED') AS finished,
           count(*) FILTER (WHERE g.winner_id = s.player_id) AS won,
           count(*) FILTER (WHERE g.status = 'IN_PROGRESS') AS in_progress
      FROM seats s JOIN games g ON g.id = s.game_id
     WHERE s.player_id = ANY(${[...playerIds]}::uuid[])
     GROUP BY s.player_id`;
  const stats = new Map<string, PlayerStatsRecord>(playerIds.map((id) => [id, NO_GAMES]));
  for (const r of rows) {
    stats.set(r.player_id, {
      gamesPlayed: Number(r.played),
      gamesFinished: Number(r.finished),
      gamesWon: Number(r.won),
      gamesInProgress: Number(r.in_progress),
    });
  }
  return stats;
}

/**
 * One page of each player's games, newest first (by creation time, then id), after the same cursor for all:
 * one query, the page of every player read by a LATERAL join on the (player, game) index of seats.
 */
export async function gamesForPlayers(
  prisma: PrismaClient,
  playerIds: readonly string[],
  first: number,
  after: GameCursor | null,
): Promise<Map<string, PlayerGamesPage>> {
  // One row more than the page tells whether there is a next page.
  const rows = await prisma.$queryRaw<{ player_id: string; id: string; created_at: Date }[]>`
    SELECT x.player_id::text AS player_id, page.id::text AS id, page.created_at
      FROM unnest(${[...playerIds]}::uuid[]) WITH ORDINALITY AS x(player_id, ord)
      CROSS JOIN LATERAL (
        SELECT g.id, g.created_at
          FROM seats s JOIN games g ON g.id = s.game_id
         WHERE s.player_id = x.player_id
           AND (${after?.createdAt ?? null}::timestamptz IS NULL
                OR (g.created_at, g.id) < (${after?.createdAt ?? null}::timestamptz, ${after?.id ?? null}::uuid))
         ORDER BY g.created_at DESC, g.id DESC
         LIMIT ${first + 1}) page
     ORDER BY x.ord, page.created_at DESC, page.id DESC`;
  const found = new Map<string, GameCursor[]>(playerIds.map((id) => [id, []]));
  for (const r of rows) found.get(r.player_id)?.push({ id: r.id, createdAt: r.created_at });
  const pages = new Map<string, PlayerGamesPage>();
  for (const [id, games] of found) {
    pages.set(id, { games: games.slice(0, first), hasNextPage: games.length > first });
  }
  return pages;
}
