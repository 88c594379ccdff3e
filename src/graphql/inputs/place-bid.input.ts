// GraphQL input of placeBid.
import { Field, InputType, Int } from 'type-graphql';
import { GameMoveInput } from './game.input';

@InputType({ description: 'Input of placeBid.' })
export class PlaceBidInput extends GameMoveInput {
  @Field(() => Int, { description: 'How many dice (1 to the dice in play).' })
  quantity!: number;

  @Field(() => Int, { description: 'Which face, 1 (aces) to 6.' })
  face!: number;
}
