// Round.serverKey: the chain key a round rolled from, shown once the round has ended.
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { loadRevealedKey } from '../fairness-loader';
import { Round } from '../types/round.type';

@Resolver(() => Round)
export class RoundKeyResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The hex k[r], the key this round's dice were derived from (see FAIRNESS.md): null while the round is open.",
  })
  serverKey(@Root() round: Round, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    if (!round.ended) return Promise.resolve(null);
    return loadRevealedKey(ctx, round.gameId, round.revealUpTo, round.number);
  }
}
