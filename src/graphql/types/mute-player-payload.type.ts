// GraphQL type of the result of mutePlayer.
import { Field, ObjectType } from 'type-graphql';
import { Player } from './player.type';
import { UserError } from './user-error.type';

@ObjectType({ description: 'The result of mutePlayer.' })
export class MutePlayerPayload {
  @Field(() => Player, { nullable: true, description: 'The player muted or unmuted.' })
  player!: Player | null;

  @Field({ description: 'Whether the viewer now mutes the player.' })
  muted!: boolean;

  @Field(() => [UserError], { description: 'Empty when the mute was set.' })
  userErrors!: UserError[];

  @Field(() => String, { nullable: true, description: 'The clientMutationId of the input, echoed.' })
  clientMutationId!: string | null;
}
