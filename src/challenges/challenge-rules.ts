// The challenges' rules and terms: bounds, refusals, outcomes, and who an event or a challenge concerns.
import { seatOf, type GameState, type RuleSet } from '../engine';
import type { MoveErrorCode } from '../moves';
import type { ChallengeEvent } from './challenge-notices.codec';
import type { ChallengeRecord } from './challenges.repository';

/** Challenges one challenger may make in CHALLENGE_RATE_WINDOW_MS. */
export const CHALLENGE_RATE_MAX = 10;
export const CHALLENGE_RATE_WINDOW_MS = 60_000;
/** How long an unanswered challenge lasts (seconds). */
export const EXPIRES_IN_SECONDS = { min: 30, max: 86_400, default: 600 } as const;

export type ChallengeRefusalCode = 'CHALLENGES_REFUSED' | 'CHALLENGE_NOT_OPEN';

export interface ChallengeRefusal {
  readonly code: ChallengeRefusalCode | MoveErrorCode;
  readonly message: string;
  readonly field?: readonly string[];
}

export type ChallengeOutcome =
  | { readonly kind: 'done'; readonly challenge: ChallengeRecord }
  | { readonly kind: 'refused'; readonly error: ChallengeRefusal; readonly challenge: ChallengeRecord | null }
  | { readonly kind: 'rate_limited'; readonly retryAfterSeconds: number }
  /** No such challenge, or not one of the caller's; `what` names it. */
  | { readonly kind: 'not_found'; readonly what: string };

/** Thrown for input that breaks a rule (the resolver answers BAD_USER_INPUT with its message). */
export class ChallengeInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Thrown inside a challenge's transaction to roll it back with a refusal. */
export class Refused extends Error {
  constructor(readonly refusal: ChallengeRefusal) {
    super(refusal.message);
  }
}

export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many challenges');
  }
}

export interface KeyedRequest {
  readonly idempotencyKey: string | null;
  /** The fingerprint of the request a retry with the same key must match. */
  readonly requestHash: string;
}

export interface NewChallengeRequest {
  readonly inviteeIds: readonly string[];
  readonly rules: RuleSet;
  readonly rated: boolean;
  readonly turnSeconds: number | null;
  readonly message: string | null;
  readonly expiresInSeconds: number;
}

/** Where the challenges read games from. */
export interface ChallengeGames {
  load(gameId: string): Promise<GameState | null>;
}

/** One event of `type` about `challenge` for each of `players`, at the time of the change. */
export function events(
  type: ChallengeEvent['type'],
  players: readonly string[],
  challenge: ChallengeRecord,
): ChallengeEvent[] {
  const at = new Date();
  return players.map((playerId) => ({
    type,
    playerId,
    challengeId: challenge.id,
    gameId: challenge.gameId,
    at,
  }));
}

/** Whether the challenge is `playerId`'s: they made it or were invited. */
export function concerns(challenge: ChallengeRecord, playerId: string): boolean {
  return challenge.challengerId === playerId || challenge.invitees.some((i) => i.playerId === playerId);
}

/** The game is in its lobby with `playerId` the only person seated. */
export function aloneInLobby(state: GameState, playerId: string): boolean {
  return (
    state.status === 'LOBBY' &&
    seatOf(state, playerId) >= 0 &&
    state.seats.every((s) => s.bot || s.playerId === playerId)
  );
}

export const NOT_OPEN: ChallengeRefusal = {
  code: 'CHALLENGE_NOT_OPEN',
  message: 'this challenge is no longer open: it was answered, cancelled or expired',
};
export const REFUSED: ChallengeRefusal = {
  code: 'CHALLENGES_REFUSED',
  message: 'a player you challenged does not take challenges from you',
};
