// The mutations of a round in play: bidding, calling dudo and calling exact.
import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { GameActionInput } from '../inputs/game.input';
import { PlaceBidInput } from '../inputs/place-bid.input';
import { GamePayload } from '../types/payloads.type';
import { act, prepareMove } from './game-mutation';

@Resolver()
export class PlayResolver {
  @Mutation(() => GamePayload, { description: 'Bids on the table: at least `quantity` dice showing `face`.' })
  @Authorized()
  placeBid(
    @Arg('input', () => PlaceBidInput, { description: 'The game and the bid.' }) input: PlaceBidInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    // The engine judges the bid (INVALID_BID and the others), with what would have been legal.
    const { quantity, face } = input;
    return act(ctx, prepareMove('placeBid', input), (playerId) => ({
      type: 'BID',
      playerId,
      quantity,
      face,
    }));
  }

  @Mutation(() => GamePayload, { description: 'Challenges the last bid (on your turn).' })
  @Authorized()
  callDudo(
    @Arg('input', () => GameActionInput, { description: 'The game.' }) input: GameActionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    return act(ctx, prepareMove('callDudo', input), (playerId) => ({ type: 'DUDO', playerId }));
  }

  @Mutation(() => GamePayload, {
    description: "Claims the last bid is exactly right (calza, jonti or jinto, per the game's rules).",
  })
  @Authorized()
  callExact(
    @Arg('input', () => GameActionInput, { description: 'The game.' }) input: GameActionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GamePayload> {
    return act(ctx, prepareMove('callExact', input), (playerId) => ({ type: 'EXACT', playerId }));
  }
}
