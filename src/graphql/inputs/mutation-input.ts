// GraphQL input fields every mutation may carry.
import { Field, InputType } from 'type-graphql';

/** Every mutation input inherits these fields. */
@InputType({ description: 'Fields every mutation input may carry.' })
export abstract class MutationInput {
  @Field(() => String, {
    nullable: true,
    description: 'Echoed back in the payload (at most 128 characters).',
  })
  clientMutationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A retry with the same key by the same player within 24 hours returns the first result and is applied once (1 to 128 characters).',
  })
  idempotencyKey?: string | null;
}
