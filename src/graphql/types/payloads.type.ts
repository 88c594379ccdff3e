// GraphQL types of the results of mutations.
import { Field, ObjectType } from 'type-graphql';
import { Game } from './game.type';
import { Player } from './player.type';
import { UserError } from './user-error.type';

@ObjectType({ description: 'The result of a game mutation.' })
export class GamePayload {
  @Field(() => Game, { nullable: true, description: 'The game after the mutation (as it was, if refused).' })
  game!: Game | null;

  @Field(() => [UserError], { description: 'Empty when the mutation was applied.' })
  userErrors!: UserError[];

  @Field(() => String, { nullable: true, description: 'The clientMutationId of the input, echoed.' })
  clientMutationId!: string | null;
}

@ObjectType({ description: 'The result of registerPlayer.' })
export class RegisterPlayerPayload {
  @Field(() => Player, {
    nullable: true,
    description: 'The new player (on a retry with the same idempotencyKey, the one first registered).',
  })
  player!: Player | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The secret bearer token, shown only in this answer (and its retries with the same idempotencyKey); send it as "Authorization: Bearer <token>".',
  })
  token!: string | null;

  @Field(() => [UserError], { description: 'Empty when the player was registered.' })
  userErrors!: UserError[];

  @Field(() => String, { nullable: true, description: 'The clientMutationId of the input, echoed.' })
  clientMutationId!: string | null;
}
