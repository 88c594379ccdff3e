// The fields of a player resolved from the database: its games and its stats.
import { databaseCost, listCost } from '../operation-costs';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { decodeGameCursor } from '../cursors';
import { toGameConnection } from '../mappers/connection.mapper';
import { GameConnection } from '../types/connections.type';
import { Player } from '../types/player.type';
import { PlayerStats } from '../types/player-stats.type';
import { RulePreset } from '../types/enums';
import { Rating } from '../types/rating.type';
import { pageSize } from '../validation';
import { chargeStatsHistory } from '../rounds-page-cost';

@Resolver(() => Player)
export class PlayerResolver {
  @FieldResolver(() => GameConnection, {
    complexity: databaseCost(listCost(20)),
    description: 'Games the player has a seat in, newest first.',
  })
  async games(
    @Root() player: Player,
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 0 to 100 (default 20).' })
    first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' })
    after?: string | null,
  ): Promise<GameConnection> {
    const cursor = decodeGameCursor(after);
    const loader = ctx.playerGamesLoader.with({ first: pageSize(first), after: cursor });
    const page = (await loader.load(player.playerId)) ?? { rows: [], hasNextPage: false };
    return toGameConnection(ctx, page, cursor !== null);
  }

  @FieldResolver(() => PlayerStats, {
    complexity: databaseCost(),
    description:
      "The player's record: over all games (all time, every preset) without arguments, or over the games of one preset and of a period of finishing times (games in progress count, in gamesInProgress, only without a period).",
  })
  async stats(
    @Root() player: Player,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('preset', () => RulePreset, {
      nullable: true,
      description: 'Only games of this preset; every preset when omitted.',
    })
    preset?: RulePreset | null,
    @Arg('finishedAfter', () => Date, {
      nullable: true,
      description: 'Only games that finished strictly after this time.',
    })
    finishedAfter?: Date | null,
    @Arg('finishedBefore', () => Date, {
      nullable: true,
      description: 'Only games that finished strictly before this time.',
    })
    finishedBefore?: Date | null,
  ): Promise<PlayerStats> {
    const slice = {
      preset: preset ?? null,
      finishedAfter: finishedAfter ?? null,
      finishedBefore: finishedBefore ?? null,
    };
    const stats = await ctx.playerStatsLoader.with(slice).load(player.playerId);
    // The read scans the player's whole history: priced by it, not a flat database read.
    if (stats) chargeStatsHistory(info, stats.gamesPlayed + stats.roundsPlayed + stats.bidsPlaced);
    return Object.assign(new PlayerStats(), stats);
  }

  @FieldResolver(() => Rating, {
    nullable: true,
    complexity: databaseCost(),
    description:
      "The player's rating in a preset; null before the player's first counted game of it, and always for bots but the arena's reference bots (rated among agents).",
  })
  async rating(
    @Root() player: Player,
    @Ctx() ctx: GraphQLContext,
    @Arg('preset', () => RulePreset, { description: 'The preset.' }) preset: RulePreset,
  ): Promise<Rating | null> {
    // Bots other than the arena's reference bots are never rated: they have no rating to read.
    const record = await ctx.playerRatingLoader.with(preset).load(player.playerId);
    return record ? Object.assign(new Rating(), record) : null;
  }
}
