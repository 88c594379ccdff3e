// GraphQL types of direct challenges: the challenge, its invitees, their statuses, the result of its mutations.
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import type { ChallengeRecord, InviteeRecord } from '../../challenges/challenges.repository';
import { Node } from './node.interface';
import { UserError } from './user-error.type';

export enum ChallengeStatus {
  OPEN = 'OPEN',
  ACCEPTED = 'ACCEPTED',
  DECLINED = 'DECLINED',
  EXPIRED = 'EXPIRED',
  CANCELLED = 'CANCELLED',
}
registerEnumType(ChallengeStatus, {
  name: 'ChallengeStatus',
  description: 'Where a challenge, or one invitee’s answer to it, stands.',
  valuesConfig: {
    OPEN: { description: 'Waiting for answers (an invitee: has not answered; their seat is held).' },
    ACCEPTED: {
      description:
        'An invitee: accepted and was seated. A challenge: every invitee answered, and one accepted.',
    },
    DECLINED: {
      description: 'An invitee: declined (their seat was freed). A challenge: every invitee declined.',
    },
    EXPIRED: {
      description:
        'Not answered by expiresAt, or the game left its lobby first (started or cancelled): the held seats were freed.',
    },
    CANCELLED: { description: 'The challenger withdrew the challenge (cancelChallenge) while it was open.' },
  },
});

export enum ChallengePolicy {
  EVERYONE = 'EVERYONE',
  PLAYED_WITH = 'PLAYED_WITH',
  NOBODY = 'NOBODY',
}
registerEnumType(ChallengePolicy, {
  name: 'ChallengePolicy',
  description: 'Whose challenges a player takes (players they blocked never challenge them).',
  valuesConfig: {
    EVERYONE: { description: 'Anyone’s (the default).' },
    PLAYED_WITH: { description: 'Only those of players they held a seat with in a same game that started.' },
    NOBODY: { description: 'Nobody’s.' },
  },
});

@ObjectType({ description: 'A player invited by a challenge, and their answer.' })
export class ChallengeInvitee {
  @Field(() => ChallengeStatus, {
    description: 'OPEN until they answer; ACCEPTED, DECLINED, or EXPIRED / CANCELLED as the challenge ended.',
  })
  status!: ChallengeStatus;

  /** The stored invitee; not exposed. */
  record!: InviteeRecord;
}

@ObjectType({
  implements: Node,
  description:
    'A direct challenge: a PRIVATE lobby game its challenger hosts, with a seat held for each invitee until they answer or it ends. Visible to its challenger and invitees only.',
})
export class Challenge extends Node {
  @Field(() => String, { nullable: true, description: 'The challenger’s message, if any.' })
  message!: string | null;

  @Field(() => ChallengeStatus, {
    description:
      'OPEN while an invitee may still answer; ACCEPTED or DECLINED once all answered; EXPIRED; CANCELLED.',
  })
  status!: ChallengeStatus;

  @Field({ description: 'When the challenge expires if still OPEN then.' })
  expiresAt!: Date;

  @Field({ description: 'When the challenge was made.' })
  createdAt!: Date;

  /** The stored challenge; not exposed. */
  record!: ChallengeRecord;
}

@ObjectType({ description: 'The result of a challenge mutation.' })
export class ChallengePayload {
  @Field(() => Challenge, {
    nullable: true,
    description: 'The challenge after the mutation (as it is, if refused; null when none was made).',
  })
  challenge!: Challenge | null;

  @Field(() => [UserError], { description: 'Empty when the mutation was applied.' })
  userErrors!: UserError[];

  @Field(() => String, { nullable: true, description: 'The clientMutationId of the input, echoed.' })
  clientMutationId!: string | null;
}
