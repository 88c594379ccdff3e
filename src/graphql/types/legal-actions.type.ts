// GraphQL types of what the viewer may do now: the legal actions and the smallest bid on each face.
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { BidOdds } from './bid-odds.type';

@ObjectType({ description: 'The smallest legal bid on one face.' })
export class BidOption {
  @Field(() => Int, { description: 'The face, 1 (aces) to 6.' })
  face!: number;

  @Field(() => Int, { description: 'The smallest legal quantity on that face.' })
  minQuantity!: number;

  @Field(() => Float, {
    description: 'The chance, for the viewer, that this bid holds: Game.odds(minQuantity, face).atLeast.',
  })
  probability!: number;
}

@ObjectType({ description: 'What the viewer may do now.' })
export class LegalActions {
  @Field({ description: 'Whether the viewer may bid now.' })
  canBid!: boolean;

  @Field(() => [BidOption], { description: 'The smallest legal bid on every face the viewer may bid on.' })
  minBids!: BidOption[];

  @Field({ description: 'Whether the viewer may call dudo now.' })
  canDudo!: boolean;

  @Field({ description: 'Whether the viewer may call exact now (out of turn where the rules allow).' })
  canExact!: boolean;

  @Field(() => BidOdds, {
    nullable: true,
    description: 'The odds, for the viewer, of the bid on the table; null when there is none.',
  })
  standingBidOdds!: BidOdds | null;
}
