// One page of a rating pool's leaderboard, shared by leaderboard (people) and agentLeaderboard (agents).
import type { RatingPool } from '../../ratings/rating-reads.repository';
import type { GraphQLContext } from '../context';
import { decodeLeaderboardCursor, encodeLeaderboardCursor } from '../cursors';
import type { LeaderboardArgs } from '../inputs/leaderboard.args';
import { pageInfo } from '../mappers/connection.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { LeaderboardConnection, LeaderboardEdge, LeaderboardEntry } from '../types/leaderboard.type';
import { Rating } from '../types/rating.type';
import { pageSize } from '../validation';

/** A page of a pool's leaderboard; ranks go on counting from the cursor's. */
export async function leaderboardPage(
  ctx: GraphQLContext,
  page: LeaderboardArgs,
  pool: RatingPool,
): Promise<LeaderboardConnection> {
  const cursor = decodeLeaderboardCursor(page.after);
  const size = pageSize(page.first);
  const rows = await ctx.services.ratings.leaderboard(
    page.preset,
    size,
    cursor && { ordinal: cursor.ordinal, playerId: cursor.playerId },
    page.includeProvisional,
    pool,
  );
  const players = await Promise.all(rows.rows.map((r) => ctx.playerLoader.load(r.playerId)));
  const edges = rows.rows.map((row, i) => {
    const rank = (cursor?.rank ?? 0) + i + 1;
    return Object.assign(new LeaderboardEdge(), {
      cursor: encodeLeaderboardCursor({ ordinal: row.rating.ordinal, playerId: row.playerId, rank }),
      node: Object.assign(new LeaderboardEntry(), {
        rank,
        player: toPlayer(players[i]!),
        rating: Object.assign(new Rating(), row.rating),
      }),
    });
  });
  return Object.assign(new LeaderboardConnection(), {
    edges,
    pageInfo: pageInfo(
      rows.hasNextPage,
      cursor !== null,
      edges.map((e) => e.cursor),
    ),
  });
}
