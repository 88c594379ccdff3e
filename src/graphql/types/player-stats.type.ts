// GraphQL type of a player's record over all games.
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "A player's record over all games, or over those of a preset and period." })
export class PlayerStats {
  @Field(() => Int, { description: 'Games the player sat in that started (in progress or finished).' })
  gamesPlayed!: number;

  @Field(() => Int, { description: 'Finished games the player sat in.' })
  gamesFinished!: number;

  @Field(() => Int, { description: 'Games the player won.' })
  gamesWon!: number;

  @Field(() => Int, { description: 'Games being played now with the player seated.' })
  gamesInProgress!: number;

  @Field(() => Int, { description: 'Rounds with an outcome in which the player held dice.' })
  roundsPlayed!: number;

  @Field(() => Int, { description: 'Rounds in which the player lost a die.' })
  roundsLost!: number;

  @Field(() => Int, { description: 'Dudo calls the player made.' })
  dudoCalls!: number;

  @Field(() => Int, { description: 'Dudo calls of the player that were right: the bid was false.' })
  dudoCallsWon!: number;

  @Field(() => Int, { description: 'Exact calls (calza, jonti, jinto) the player made.' })
  exactCalls!: number;

  @Field(() => Int, { description: 'Exact calls of the player that were right: the count was exact.' })
  exactCallsWon!: number;

  @Field(() => Int, { description: 'Bids the player placed (in voided rounds too).' })
  bidsPlaced!: number;

  @Field(() => Int, { description: "The player's bids that were called (dudo or exact)." })
  bidsChallenged!: number;

  @Field(() => Int, {
    description: "The player's called bids that were true: the count reached the quantity.",
  })
  bidsChallengedHeld!: number;
}
