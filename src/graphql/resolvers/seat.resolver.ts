// Seat.player: who sits in a seat.
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { toPlayer } from '../mappers/player.mapper';
import { Player } from '../types/player.type';
import { Seat } from '../types/seat.type';

@Resolver(() => Seat)
export class SeatResolver {
  @FieldResolver(() => Player, { description: 'Who sits here.' })
  async player(@Root() seat: Seat, @Ctx() ctx: GraphQLContext): Promise<Player> {
    return toPlayer((await ctx.playerLoader.load(seat.playerId))!);
  }
}
