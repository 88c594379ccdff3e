// What the challenges tell every API process: one challenge event for one player, for their playerEvents.
import type { Codec } from '../realtime/bus-channel';

export const CHALLENGE_EVENT_TYPES = [
  'CHALLENGE_RECEIVED',
  'CHALLENGE_ACCEPTED',
  'CHALLENGE_DECLINED',
  'CHALLENGE_EXPIRED',
] as const;
export type ChallengeEventType = (typeof CHALLENGE_EVENT_TYPES)[number];

/** A committed change of a challenge, as it concerns one player. */
export interface ChallengeEvent {
  readonly type: ChallengeEventType;
  /** Whom it concerns. */
  readonly playerId: string;
  readonly challengeId: string;
  /** The challenge's game. */
  readonly gameId: string;
  readonly at: Date;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SHAPE = new RegExp(
  `^(${CHALLENGE_EVENT_TYPES.join('|')})\\|(${UUID})\\|(${UUID})\\|(${UUID})\\|(\\d{1,15})$`,
);

export const CHALLENGE_EVENT: Codec<ChallengeEvent> = {
  encode: (e) => [e.type, e.playerId, e.challengeId, e.gameId, e.at.getTime()].join('|'),
  decode(text) {
    const m = SHAPE.exec(text);
    if (!m) return null;
    return {
      type: m[1] as ChallengeEventType,
      playerId: m[2]!,
      challengeId: m[3]!,
      gameId: m[4]!,
      at: new Date(Number(m[5])),
    };
  },
};
