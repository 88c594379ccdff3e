// The rating fields of history: each place's rating before and after, and a player's rating history.
import { Arg, Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { viewFor } from '../../engine';
import type { RatingChangeRecord } from '../../ratings/rating-reads.repository';
import { historyGameShown, type RatingRecord } from '../../ratings/rating.rules';
import type { GraphQLContext } from '../context';
import { badInput } from '../errors';
import { pageInfo } from '../mappers/connection.mapper';
import { toGame } from '../mappers/game.mapper';
import { databaseCost, listCost } from '../operation-costs';
import { RulePreset } from '../types/enums';
import { Place } from '../types/place.type';
import { Player } from '../types/player.type';
import { Rating } from '../types/rating.type';
import { RatingChange, RatingChangeConnection, RatingChangeEdge } from '../types/rating-change.type';
import { pageSize } from '../validation';

function toRating(r: RatingRecord | null): Rating | null {
  return r ? Object.assign(new Rating(), r) : null;
}

function encodeHistoryCursor(c: RatingChangeRecord): string {
  return Buffer.from(`h1:${c.finishedAt.toISOString()}|${c.gameId}`, 'utf8').toString('base64url');
}

function decodeHistoryCursor(cursor: string | null | undefined): { finishedAt: Date; gameId: string } | null {
  if (cursor === null || cursor === undefined) return null;
  const raw = cursor.length <= 200 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = /^h1:([0-9T:.Z-]{20,30})\|([0-9a-f-]{36})$/.exec(raw);
  const at = m ? new Date(m[1]!) : null;
  if (!m || !at || Number.isNaN(at.getTime())) throw badInput('after is not a valid cursor', 'after');
  return { finishedAt: at, gameId: m[2]! };
}

@Resolver(() => Place)
export class PlaceRatingResolver {
  @FieldResolver(() => Rating, {
    nullable: true,
    complexity: databaseCost(),
    description:
      "The player's rating before this game; null when the game changed no rating of the player (it did not count, the player never moved, or an established rating met no other established mover), until the game is rated, and for the player's first counted game of the preset.",
  })
  async ratingBefore(@Root() place: Place, @Ctx() ctx: GraphQLContext): Promise<Rating | null> {
    return toRating((await this.change(place, ctx))?.before ?? null);
  }

  @FieldResolver(() => Rating, {
    nullable: true,
    complexity: databaseCost(),
    description:
      "The player's rating after this game; null when the game changed no rating of the player (as for ratingBefore), and until rated.",
  })
  async ratingAfter(@Root() place: Place, @Ctx() ctx: GraphQLContext): Promise<Rating | null> {
    return toRating((await this.change(place, ctx))?.after ?? null);
  }

  private async change(place: Place, ctx: GraphQLContext): Promise<RatingChangeRecord | null> {
    const changes = (await ctx.ratingChangesLoader.load(place.gameId)) ?? [];
    return changes.find((c) => c.playerId === place.player.playerId) ?? null;
  }
}

@Resolver(() => Player)
export class PlayerRatingHistoryResolver {
  @FieldResolver(() => RatingChangeConnection, {
    complexity: databaseCost(listCost(20)),
    description:
      "The changes each counted game of the preset made to the player's rating, newest first (by the game's finishedAt).",
  })
  async ratingHistory(
    @Root() player: Player,
    @Ctx() ctx: GraphQLContext,
    @Arg('preset', () => RulePreset, { description: 'The preset.' }) preset: RulePreset,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 0 to 100 (default 20).' })
    first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' })
    after?: string | null,
  ): Promise<RatingChangeConnection> {
    const cursor = decodeHistoryCursor(after);
    const page = await ctx.services.ratings.historyOf(player.playerId, preset, pageSize(first), cursor);
    const viewer = ctx.viewer ? { playerId: ctx.viewer.id } : null;
    const edges = await Promise.all(
      page.rows.map(async (c) => {
        const state = await ctx.gameLoader.load(c.gameId);
        const shown = historyGameShown(state, viewer?.playerId ?? null);
        return Object.assign(new RatingChangeEdge(), {
          cursor: encodeHistoryCursor(c),
          node: Object.assign(new RatingChange(), {
            game: shown ? toGame(c.gameId, viewFor(state!, viewer)) : null,
            before: toRating(c.before),
            after: toRating(c.after),
            at: c.finishedAt,
          }),
        });
      }),
    );
    return Object.assign(new RatingChangeConnection(), {
      edges,
      pageInfo: pageInfo(
        page.hasNextPage,
        cursor !== null,
        edges.map((e) => e.cursor),
      ),
    });
  }
}
