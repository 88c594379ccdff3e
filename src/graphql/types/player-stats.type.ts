// GraphQL type of a player's record over all games.
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "A player's record over all games." })
export class PlayerStats {
  @Field(() => Int, { description: 'Games the player sat in that started (in progress or finished).' })
  gamesPlayed!: number;

  @Field(() => Int, { description: 'Finished games the player sat in.' })
  gamesFinished!: number;

  @Field(() => Int, { description: 'Games the player won.' })
  gamesWon!: number;

  @Field(() => Int, { description: 'Games being played now with the player seated.' })
  gamesInProgress!: number;
}
