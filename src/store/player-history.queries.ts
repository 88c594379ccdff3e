// The games players sat in, read for many players at once: their records and their pages of games.
import type { PrismaClient } from '../generated/prisma/client';
import type { GameCursor } from './game-reads.repository';

export interface PlayerStatsRecord {
  readonly gamesPlayed: number;
  readonly gamesFinished: number;
  readonly gamesWon: number;
  readonly gamesInProgress: number;
  readonly roundsPlayed: number;
  readonly roundsLost: number;
  readonly dudoCalls: number;
  readonly dudoCallsWon: number;
  readonly exactCalls: number;
  readonly exactCallsWon: number;
  readonly bidsPlaced: number;
  readonly bidsChallenged: number;
  readonly bidsChallengedHeld: number;
}

/** A page of the games a player has a seat in, newest first: their ids, to be loaded with their states. */
export interface PlayerGamesPage {
  readonly games: readonly GameCursor[];
  readonly hasNextPage: boolean;
}

const NO_GAMES: PlayerStatsRecord = {
  gamesPlayed: 0,
  gamesFinished: 0,
  gamesWon: 0,
  gamesInProgress: 0,
  roundsPlayed: 0,
  roundsLost: 0,
  dudoCalls: 0,
  dudoCallsWon: 0,
  exactCalls: 0,
  exactCallsWon: 0,
  bidsPlaced: 0,
  bidsChallenged: 0,
  bidsChallengedHeld: 0,
};

type Counts = Record<string, bigint | string | null>;

/** Which games a record counts: of one preset, finished in a period (strict bounds); null: no bound. */
export interface StatsSlice {
  readonly preset?: string | null;
  readonly finishedAfter?: Date | null;
  readonly finishedBefore?: Date | null;
}

/**
 * Each player's record over all games, or those of a slice (a preset, a period of finishing times: games in
 * progress have none, so a period leaves them out), derived from the stored games, rounds and bids
 * (so it cannot drift from them): one statement over the (player, game) index of seats. Round counts use only
 * rounds with an outcome, which is set when a round ends: an open round's dice and calls never count.
 */
export async function statsForPlayers(
  prisma: PrismaClient,
  playerIds: readonly string[],
  slice: StatsSlice = {},
): Promise<Map<string, PlayerStatsRecord>> {
  const ids = [...playerIds];
  const preset = slice.preset ?? null;
  const after = slice.finishedAfter ?? null;
  const before = slice.finishedBefore ?? null;
  // One statement for a batch of players, whatever the number of counts.
  const rows = await prisma.$queryRaw<Counts[]>`
    WITH me AS (
      SELECT s.player_id, s.game_id, s.position, g.status, g.winner_id
        FROM seats s JOIN games g ON g.id = s.game_id
       WHERE s.player_id = ANY(${ids}::uuid[]) AND (${preset}::text IS NULL OR g.preset = ${preset})
         AND (${after}::timestamptz IS NULL OR g.finished_at > ${after}::timestamptz)
         AND (${before}::timestamptz IS NULL OR g.finished_at < ${before}::timestamptz)),
    games_of AS (
      SELECT player_id,
             count(*) FILTER (WHERE status IN ('IN_PROGRESS', 'FINISHED')) AS "gamesPlayed",
             count(*) FILTER (WHERE status = 'FINISHED') AS "gamesFinished",
             count(*) FILTER (WHERE winner_id = player_id) AS "gamesWon",
             count(*) FILTER (WHERE status = 'IN_PROGRESS') AS "gamesInProgress"
        FROM me GROUP BY player_id),
    rounds_of AS (
      SELECT me.player_id,
             count(*) FILTER (WHERE jsonb_array_length(r.dice -> me.position) > 0) AS "roundsPlayed",
             count(*) FILTER (WHERE r.loser_position = me.position) AS "roundsLost",
             count(*) FILTER (WHERE r.outcome_kind = 'DUDO' AND r.caller_position = me.position) AS "dudoCalls",
             count(*) FILTER (WHERE r.outcome_kind = 'DUDO' AND r.caller_position = me.position
                                AND r.actual_count < r.bid_quantity) AS "dudoCallsWon",
             count(*) FILTER (WHERE r.outcome_kind = 'EXACT' AND r.caller_position = me.position) AS "exactCalls",
             count(*) FILTER (WHERE r.outcome_kind = 'EXACT' AND r.caller_position = me.position
                                AND r.actual_count = r.bid_quantity) AS "exactCallsWon",
             count(*) FILTER (WHERE r.bidder_position = me.position) AS "bidsChallenged",
             count(*) FILTER (WHERE r.bidder_position = me.position
                                AND r.actual_count >= r.bid_quantity) AS "bidsChallengedHeld"
        FROM me JOIN rounds r ON r.game_id = me.game_id AND r.outcome_kind IS NOT NULL
       GROUP BY me.player_id),
    bids_of AS (
      SELECT me.player_id, count(*) AS "bidsPlaced"
        FROM me JOIN bids b ON b.game_id = me.game_id AND b.position = me.position
       GROUP BY me.player_id)
    SELECT g.player_id::text AS player_id, g."gamesPlayed", g."gamesFinished", g."gamesWon", g."gamesInProgress",
           r."roundsPlayed", r."roundsLost", r."dudoCalls", r."dudoCallsWon", r."exactCalls", r."exactCallsWon",
           r."bidsChallenged", r."bidsChallengedHeld", b."bidsPlaced"
      FROM games_of g
      LEFT JOIN rounds_of r ON r.player_id = g.player_id
      LEFT JOIN bids_of b ON b.player_id = g.player_id`;
  const stats = new Map<string, PlayerStatsRecord>(ids.map((id) => [id, NO_GAMES]));
  for (const row of rows) {
    const id = row.player_id as string;
    const merged: Record<string, number> = { ...stats.get(id)! };
    for (const [key, value] of Object.entries(row)) {
      // A player without ended rounds or bids has no row there: its counts stay 0.
      if (key !== 'player_id' && value !== null) merged[key] = Number(value);
    }
    stats.set(id, merged as unknown as PlayerStatsRecord);
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
  viewerId: string | null = null,
): Promise<Map<string, PlayerGamesPage>> {
  // One row more than the page tells whether there is a next page.
  const rows = await prisma.$queryRaw<{ player_id: string; id: string; created_at: Date }[]>`
    SELECT x.player_id::text AS player_id, page.id::text AS id, page.created_at
      FROM unnest(${[...playerIds]}::uuid[]) WITH ORDINALITY AS x(player_id, ord)
      CROSS JOIN LATERAL (
        SELECT g.id, g.created_at
          FROM seats s JOIN games g ON g.id = s.game_id
         WHERE s.player_id = x.player_id
           AND ((g.visibility = 'PUBLIC' AND (g.allow_spectators OR g.started_at IS NULL))
                OR EXISTS (SELECT 1 FROM seats v WHERE v.game_id = g.id AND v.player_id = ${viewerId}::uuid))
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
