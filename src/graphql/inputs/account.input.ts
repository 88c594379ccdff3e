// GraphQL inputs of the account mutations.
import { Field, InputType } from 'type-graphql';
import { PLAYER_NAME_MAX_LENGTH } from '../validation';
import { MutationInput } from './mutation-input';

@InputType({ description: 'Input of renamePlayer.' })
export class RenamePlayerInput {
  @Field({
    description: `The new display name, under registerPlayer's rules: 1 to ${PLAYER_NAME_MAX_LENGTH} characters after trimming, nothing invisible or blank, and unique by look among players.`,
  })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Echoed back in the payload (at most 128 characters).',
  })
  clientMutationId?: string | null;
}

@InputType({
  description:
    'Input of rotateToken. With an idempotencyKey, a retry sent with the replaced token within 24 hours returns the same new token and rotates once.',
})
export class RotateTokenInput extends MutationInput {}
