// GraphQL inputs of the mutations on one game.
import { Field, ID, InputType, Int } from 'type-graphql';
import { MutationInput } from './mutation-input';

/** The fields of every mutation on one game. */
@InputType({ description: 'Fields of every mutation on one game.' })
export abstract class GameMoveInput extends MutationInput {
  @Field(() => ID, { description: 'The game.' })
  gameId!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Refuse with STALE_VERSION unless this is the current version of the game.',
  })
  expectedVersion?: number | null;
}

@InputType({ description: 'Input of a mutation on one game.' })
export class GameInput extends GameMoveInput {
  @Field(() => String, {
    nullable: true,
    description:
      "Your seed for the game's dice (FAIRNESS.md): 1 to 64 printable ASCII characters; omitted, the server draws one. joinGame only: other mutations refuse it.",
  })
  clientSeed?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "A PRIVATE game's invite code (any case): joinGame of a PRIVATE game needs it; other mutations ignore it.",
  })
  inviteCode?: string | null;
}

@InputType({ description: 'Input of callDudo and callExact.' })
export class GameActionInput extends GameMoveInput {}
