// GraphQL inputs of the agent mutations.
import { Field, ID, InputType } from 'type-graphql';
import { PLAYER_NAME_MAX_LENGTH } from '../validation';
import { MutationInput } from './mutation-input';

@InputType({
  description:
    'Input of createAgent. With an idempotencyKey, a retry within 24 hours returns the same agent and token and creates once.',
})
export class CreateAgentInput extends MutationInput {
  @Field({
    description: `The agent's display name, under registerPlayer's rules: 1 to ${PLAYER_NAME_MAX_LENGTH} characters after trimming, nothing invisible or blank, and unique by look among players.`,
  })
  name!: string;
}

@InputType({
  description:
    "Input of rotateAgentToken and retireAgent: one of the viewer's agents. With an idempotencyKey, a retry of rotateAgentToken within 24 hours returns the same new token and rotates once.",
})
export class AgentInput extends MutationInput {
  @Field(() => ID, { description: "The agent (one of the viewer's)." })
  agentId!: string;
}

@InputType({ description: 'Input of renameAgent.' })
export class RenameAgentInput extends MutationInput {
  @Field(() => ID, { description: "The agent (one of the viewer's)." })
  agentId!: string;

  @Field({
    description: `The new display name, under registerPlayer's rules: 1 to ${PLAYER_NAME_MAX_LENGTH} characters after trimming, nothing invisible or blank, and unique by look among players.`,
  })
  name!: string;
}
