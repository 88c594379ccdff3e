// GraphQL input of registerPlayer.
import { Field, InputType } from 'type-graphql';

@InputType({ description: 'Input of registerPlayer.' })
export class RegisterPlayerInput {
  @Field({
    description: 'Display name: 1 to 40 characters, no control characters; spaces at the ends are trimmed.',
  })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Echoed back in the payload (at most 128 characters).',
  })
  clientMutationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Makes a retry safe: the same key within 24 hours returns the first player and token again, and the player is created once; the same key with another name is IDEMPOTENCY_KEY_REUSED. 16 to 128 characters, no control characters. Whoever sends the key gets the token, so it must be a fresh random secret such as a UUID.',
  })
  idempotencyKey?: string | null;
}
