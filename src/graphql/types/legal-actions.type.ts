// GraphQL types of what the viewer may do now: the legal actions and the smallest bid on each face.
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { oddsFor, standingBidOdds, type OddsView } from '../../engine';
import { BidOdds } from './bid-odds.type';

@ObjectType({ description: 'The smallest legal bid on one face.' })
export class BidOption {
  @Field(() => Int, { description: 'The face, 1 (aces) to 6.' })
  face!: number;

  @Field(() => Int, { description: 'The smallest legal quantity on that face.' })
  minQuantity!: number;

  /** Not exposed: what the viewer may see, from which the odds are computed when a client selects them. */
  view!: OddsView;

  @Field(() => Float, {
    description: 'The chance, for the viewer, that this bid holds: Game.odds(minQuantity, face).atLeast.',
  })
  get probability(): number {
    return oddsFor(this.view, this.minQuantity, this.face)!.atLeast;
  }
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

  /** Not exposed: what the viewer may see, from which the odds are computed when a client selects them. */
  view!: OddsView;

  @Field(() => BidOdds, {
    nullable: true,
    description: 'The odds, for the viewer, of the bid on the table; null when there is none.',
  })
  get standingBidOdds(): BidOdds | null {
    return BidOdds.of(standingBidOdds(this.view));
  }
}
