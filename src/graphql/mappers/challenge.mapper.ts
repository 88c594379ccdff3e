// The GraphQL Challenge of a stored challenge.
import type { ChallengeRecord } from '../../challenges/challenges.repository';
import { challengeGlobalId } from '../ids';
import { Challenge, ChallengeStatus } from '../types/challenge.type';

export function toChallenge(record: ChallengeRecord): Challenge {
  return Object.assign(new Challenge(), {
    id: challengeGlobalId(record.id),
    message: record.message,
    status: ChallengeStatus[record.status],
    expiresAt: record.expiresAt,
    createdAt: record.createdAt,
    record,
  });
}
