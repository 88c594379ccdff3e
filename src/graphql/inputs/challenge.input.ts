// GraphQL inputs of the challenges, blocks and challenge policy.
import { Field, ID, InputType, Int } from 'type-graphql';
import { TURN_SECONDS } from '../../engine';
import { EXPIRES_IN_SECONDS } from '../../challenges/challenge-rules';
import { ChallengePolicy } from '../types/challenge.type';
import { RulePreset } from '../types/enums';
import { MutationInput } from './mutation-input';
import { RuleOverridesInput } from './rule-overrides.input';

/** The longest challenge message, in characters. */
export const CHALLENGE_MESSAGE_MAX_LENGTH = 280;

@InputType({
  description:
    'Input of challengePlayers: whom to challenge and the game to play, a PRIVATE table the challenger hosts.',
})
export class ChallengeInput extends MutationInput {
  @Field(() => [ID], {
    description:
      "The rules' minPlayers − 1 (at least 1) to maxPlayers − 1 other people (not oneself, not bots), each once.",
  })
  playerIds!: string[];

  @Field(() => RulePreset, { description: 'The rules to start from.' })
  preset!: RulePreset;

  @Field(() => RuleOverridesInput, { nullable: true, description: 'Options that replace the preset’s.' })
  overrides?: RuleOverridesInput | null;

  @Field({ defaultValue: true, description: 'false: the game changes no rating.' })
  rated?: boolean;

  @Field(() => Int, {
    nullable: true,
    description: `Seconds each turn may last (${TURN_SECONDS.min} to ${TURN_SECONDS.max}); omit for untimed turns.`,
  })
  turnSeconds?: number | null;

  @Field(() => String, {
    nullable: true,
    description: `A message for the invitees: at most ${CHALLENGE_MESSAGE_MAX_LENGTH} characters, no control characters.`,
  })
  message?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: `Seconds the invitees have to answer (${EXPIRES_IN_SECONDS.min} to ${EXPIRES_IN_SECONDS.max}, default ${EXPIRES_IN_SECONDS.default}).`,
  })
  expiresInSeconds?: number | null;
}

@InputType({ description: 'Input of acceptChallenge, declineChallenge and cancelChallenge.' })
export class ChallengeIdInput extends MutationInput {
  @Field(() => ID, { description: 'The challenge.' })
  challengeId!: string;
}

@InputType({ description: 'Input of blockPlayer and unblockPlayer.' })
export class PlayerIdInput extends MutationInput {
  @Field(() => ID, { description: 'The player to block or unblock.' })
  playerId!: string;
}

@InputType({ description: 'Input of setChallengePolicy.' })
export class ChallengePolicyInput extends MutationInput {
  @Field(() => ChallengePolicy, { description: 'Whose challenges to take from now on.' })
  policy!: ChallengePolicy;
}
