import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signatureHeader } from './webhook-signature';
import { retryDelayMs, RETRY_SCHEDULE_MS } from './webhook-settings';

describe('signatures', () => {
  test('a secret is whsec_ and base64 of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  test('the standardwebhooks library verifies a signature, under each secret of a rotation', () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    const body = JSON.stringify({ type: 'YOUR_TURN', timestamp: '2026-11-28T10:00:00.000Z', data: { a: 1 } });
    const timestamp = Math.floor(Date.now() / 1000);
    const header = signatureHeader([current, previous], 'msg_1', timestamp, body);
    expect(header.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': header,
    };
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(body.replace('1', '2'), headers)).toThrow();
  });

  test('the signature is HMAC-SHA256 of id.timestamp.body in base64', () => {
    // The Standard Webhooks specification's example (its README's test vector).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signatureHeader([secret], 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });
});

describe('retry schedule', () => {
  test('5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then none', () => {
    expect(RETRY_SCHEDULE_MS).toEqual([5e3, 3e5, 1.8e6, 7.2e6, 1.8e7, 3.6e7, 3.6e7]);
    expect(retryDelayMs(1, 1, 0.5)).toBe(5_000);
    expect(retryDelayMs(7, 1, 0.5)).toBe(36_000_000);
    expect(retryDelayMs(8, 1, 0.5)).toBeNull();
  });

  test('jitter is ±10 %, and the scale divides', () => {
    expect(retryDelayMs(2, 1, 0)).toBe(270_000);
    expect(retryDelayMs(2, 1, 0.999999)).toBe(330_000);
    expect(retryDelayMs(2, 100, 0.5)).toBe(3_000);
  });
});
