import { Field, ID, InputType, Int } from 'type-graphql';
import { MutationInput } from './mutation-input';

@InputType({ description: 'Input of a mutation on one game.' })
export class GameInput extends MutationInput {
  @Field(() => ID, { description: 'The game.' })
  gameId!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Refuse with STALE_VERSION unless this is the current version of the game.',
  })
  expectedVersion?: number | null;
}

@InputType({ description: 'Input of callDudo and callExact.' })
export class GameActionInput extends GameInput {}
