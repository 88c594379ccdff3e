// GraphQL payloads of the account mutations: renamePlayer and rotateToken.
import { Field, ObjectType } from 'type-graphql';
import { Player } from './player.type';
import { UserError } from './user-error.type';

@ObjectType({ description: 'The result of renamePlayer.' })
export class PlayerPayload {
  @Field(() => Player, { nullable: true, description: 'The player, with its new name.' })
  player!: Player | null;

  @Field(() => [UserError], { description: 'Empty when the player was renamed.' })
  userErrors!: UserError[];

  @Field(() => String, { nullable: true, description: 'The clientMutationId of the input, echoed.' })
  clientMutationId!: string | null;
}

@ObjectType({ description: 'The result of rotateToken.' })
export class TokenPayload {
  @Field(() => Player, { nullable: true, description: 'The player whose token was replaced.' })
  player!: Player | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The new secret bearer token. Every earlier token of the player stopped working, on every API process.',
  })
  token!: string | null;

  @Field(() => [UserError], { description: 'Empty when the token was replaced.' })
  userErrors!: UserError[];

  @Field(() => String, { nullable: true, description: 'The clientMutationId of the input, echoed.' })
  clientMutationId!: string | null;
}
