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
}
