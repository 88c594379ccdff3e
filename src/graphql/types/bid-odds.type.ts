// The chance that a bid holds, as the viewer may judge it from their own dice and the dice counts.
import { Field, Float, ObjectType } from 'type-graphql';
import type { BidOdds as EngineOdds } from '../../engine';

@ObjectType({
  description:
    "The odds of a bid for the viewer: from the viewer's own dice (none for a spectator) and every other seat's dice count, each unseen die uniform and independent.",
})
export class BidOdds {
  @Field(() => Float, { description: 'The chance that at least the bid quantity of dice match its face.' })
  atLeast!: number;

  @Field(() => Float, { description: 'The chance that exactly the bid quantity of dice match its face.' })
  exactly!: number;

  /** The GraphQL object of the engine's odds; null stays null (no round open, or no bid on the table). */
  static of(odds: EngineOdds | null): BidOdds | null {
    return odds ? Object.assign(new BidOdds(), { atLeast: odds.atLeast, exactly: odds.exactly }) : null;
  }
}
