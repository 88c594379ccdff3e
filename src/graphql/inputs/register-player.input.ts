// GraphQL input of registerPlayer.
import { Field, InputType } from 'type-graphql';
import { PLAYER_NAME_MAX_LENGTH, REGISTRATION_KEY_MIN } from '../validation';

// Not a MutationInput: its name comes first, and its idempotencyKey says more (it alone names the request).
@InputType({ description: 'Input of registerPlayer.' })
export class RegisterPlayerInput {
  @Field({
    description: `Display name: 1 to ${PLAYER_NAME_MAX_LENGTH} characters after trimming; no control, formatting or invisible characters (joiners and variation selectors only inside emoji) and not blank; unique by look: refused when another player's name is the same or looks the same (case, spacing and look-alike letters of other scripts do not count), and when it looks like a bot's default name ("HARD bot 2").`,
  })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Echoed back in the payload (at most 128 characters).',
  })
  clientMutationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: `Makes a retry safe: the same key within 24 hours returns the first player and token again, and the player is created once; the same key with another name is IDEMPOTENCY_KEY_REUSED. ${REGISTRATION_KEY_MIN} to 128 characters, no control characters. Whoever sends the key gets the token, so it must be a fresh random secret such as a UUID.`,
  })
  idempotencyKey?: string | null;
}
