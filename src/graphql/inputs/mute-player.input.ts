// GraphQL input of mutePlayer.
import { Field, ID, InputType } from 'type-graphql';

@InputType({ description: 'Input of mutePlayer: sets a state, so a retry is harmless (no idempotencyKey).' })
export class MutePlayerInput {
  @Field(() => ID, { description: 'The player to mute or unmute.' })
  playerId!: string;

  @Field({
    description:
      "true: never receive this player's chat messages, earlier ones included; false: receive them again.",
  })
  muted!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Echoed back in the payload (at most 128 characters).',
  })
  clientMutationId?: string | null;
}
