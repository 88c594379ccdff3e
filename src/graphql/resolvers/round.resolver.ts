// Field resolvers of a round: its bids, charged by their real number.
import type { GraphQLResolveInfo } from 'graphql';
import { FieldResolver, Info, Resolver, Root } from 'type-graphql';
import { listCost } from '../operation-costs';
import { chargeRoundBids, ESTIMATED_BIDS_PER_ROUND } from '../rounds-page-cost';
import { Bid } from '../types/bid.type';
import { Round } from '../types/round.type';

@Resolver(() => Round)
export class RoundResolver {
  @FieldResolver(() => [Bid], {
    // Priced up front at the estimate; charged again by the real number of bids as they are read.
    complexity: listCost(ESTIMATED_BIDS_PER_ROUND),
    description: 'The bids, in order.',
  })
  bids(@Root() round: Round, @Info() info: GraphQLResolveInfo): Bid[] {
    chargeRoundBids(info, round.bids.length);
    return round.bids;
  }
}
