// Field resolvers of a game: host, winner, its rounds page and the odds of a bid for the viewer.
import { listCost } from '../operation-costs';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { MAX_FACE, MAX_ODDS_QUANTITY, MIN_FACE, oddsFor } from '../../engine';
import { decodeRoundCursor, encodeRoundCursor } from '../cursors';
import { pageInfo } from '../mappers/connection.mapper';
import { toPlayer } from '../mappers/player.mapper';
import { RoundConnection, RoundEdge } from '../types/connections.type';
import type { Round } from '../types/round.type';
import { BidOdds } from '../types/bid-odds.type';
import { Game } from '../types/game.type';
import { Player } from '../types/player.type';
import { chargeRoundsPage } from '../rounds-page-cost';
import { intInRange, pageSize } from '../validation';

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

  @FieldResolver(() => BidOdds, {
    nullable: true,
    description:
      "The odds, for the viewer, of the bid `quantity` x `face` in the open round, from the viewer's own dice and every other seat's dice count; null unless a round is open.",
  })
  odds(
    @Root() game: Game,
    @Arg('quantity', () => Int, { description: `How many dice, 1 to ${MAX_ODDS_QUANTITY}.` })
    quantity: number,
    @Arg('face', () => Int, { description: 'Which face, 1 (aces) to 6.' })
    face: number,
  ): BidOdds | null {
    intInRange(quantity, 'quantity', 1, MAX_ODDS_QUANTITY);
    intInRange(face, 'face', MIN_FACE, MAX_FACE);
    return BidOdds.of(oddsFor(game.view, quantity, face));
  }
}
