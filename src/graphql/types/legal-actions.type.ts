import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'The smallest legal bid on one face.' })
export class BidOption {
  @Field(() => Int, { description: 'The face, 1 (aces) to 6.' })
  face!: number;

  @Field(() => Int, { description: 'The smallest legal quantity on that face.' })
  minQuantity!: number;
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
}
