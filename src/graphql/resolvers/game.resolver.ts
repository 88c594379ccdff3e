import { listCost } from '../operation-limits';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { decodeRoundCursor, encodeRoundCursor } from '../cursors';
import { pageInfo } from '../mappers/connection.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { RoundConnection, RoundEdge } from '../types/connections.type';
import type { Round } from '../types/round.type';
import { Game } from '../types/game.type';
import { Player } from '../types/player.type';
import { chargeRoundsPage } from '../rounds-page-cost';
import { pageSize } from '../validation';

@Resolver(() => Game)
export class GameResolver {
  @FieldResolver(() => Player, { description: 'The host: may start the game.' })
  async host(@Root() game: Game, @Ctx() ctx: GraphQLContext): Promise<Player> {
    return toPlayer((await ctx.playerLoader.load(game.view.host))!);
  }

  @FieldResolver(() => Player, {
    nullable: true,
    description:
      'The winner, once the game is finished: the last player with dice, or, in a game that reached its 1,000th round, the player with the most dice (ties: the first in turn order from the next starter).',
  })
  async winner(@Root() game: Game, @Ctx() ctx: GraphQLContext): Promise<Player | null> {
    if (game.view.winner === null) return null;
    return toPlayer((await ctx.playerLoader.load(game.view.seats[game.view.winner]!.playerId))!);
  }

  @FieldResolver(() => RoundConnection, {
    complexity: listCost(20),
    description: 'Every round of the game, oldest first.',
  })
  rounds(
    @Root() game: Game,
    @Info() info: GraphQLResolveInfo,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 0 to 100 (default 20).' })
    first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' })
    after?: string | null,
  ): RoundConnection {
    const start = decodeRoundCursor(after);
    const size = pageSize(first);
    const total = game.view.rounds.length;
    const end = Math.min(total, start + size);
    let bids = 0;
    for (let i = start; i < end; i++) bids += game.view.rounds[i]!.bids.length;
    chargeRoundsPage(info, Math.max(0, end - start), bids);
    const slice: Round[] = [];
    for (let i = start; i < end; i++) slice.push(game.roundAt(i)!);
    const edges = slice.map((node) =>
      Object.assign(new RoundEdge(), { cursor: encodeRoundCursor(node.number), node }),
    );
    return Object.assign(new RoundConnection(), {
      edges,
      nodes: slice,
      totalCount: total,
      pageInfo: pageInfo(
        start + size < total,
        start > 0,
        edges.map((e) => e.cursor),
      ),
    });
  }
}
