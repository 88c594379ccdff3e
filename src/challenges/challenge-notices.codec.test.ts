import { CHALLENGE_EVENT, type ChallengeEvent } from './challenge-notices.codec';

const EVENT: ChallengeEvent = {
  type: 'CHALLENGE_DECLINED',
  playerId: '0b6c1c55-6f0e-4a4f-9a51-3c1f1e0f2a11',
  challengeId: 'a2b1f3d4-1111-4222-8333-944455556666',
  gameId: 'c0ffee00-aaaa-4bbb-8ccc-dddddddddddd',
  at: new Date('2026-11-28T10:00:00.123Z'),
};

describe('the challenge event codec', () => {
  test('decodes what it encodes, the time to the millisecond', () => {
    const text = CHALLENGE_EVENT.encode(EVENT);
    expect(text).toBe(
      'CHALLENGE_DECLINED|0b6c1c55-6f0e-4a4f-9a51-3c1f1e0f2a11|a2b1f3d4-1111-4222-8333-944455556666|c0ffee00-aaaa-4bbb-8ccc-dddddddddddd|1795860000123',
    );
    expect(CHALLENGE_EVENT.decode(text)).toEqual(EVENT);
  });

  test('accepts nothing else: another type, a malformed id, a missing part', () => {
    const text = CHALLENGE_EVENT.encode(EVENT);
    expect(CHALLENGE_EVENT.decode(text.replace('CHALLENGE_DECLINED', 'YOUR_TURN'))).toBeNull();
    expect(CHALLENGE_EVENT.decode(text.replace('0b6c1c55', '0b6c1c5'))).toBeNull();
    expect(CHALLENGE_EVENT.decode(text.slice(0, text.lastIndexOf('|')))).toBeNull();
  });
});
