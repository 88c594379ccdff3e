// Tests of the token-bucket rate limiter and of its budget shared between API processes.
import type { Broadcast } from '../realtime/change-bus';
import { RateLimiter } from './rate-limiter';
import { RateLimitSync } from './rate-limit-sync';

/** A clock the test moves by hand (milliseconds). */
function clock(): { now: () => number; advance: (ms: number) => void } {
  let t = 0;
  return { now: () => t, advance: (ms) => (t += ms) };
}

/** Every process's broadcasts reach every process, at once and in order, as pub/sub would carry them. */
class Room {
  private readonly listeners = new Set<(text: string) => void>();
  readonly sent: string[] = [];

  member(): Broadcast {
    return {
      send: (text) => {
        this.sent.push(text);
        for (const l of this.listeners) l(text);
      },
      onMessage: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
  }
}

describe('RateLimiter', () => {
  it('serves a burst, then one request per refill, and says how long to wait', () => {
    const c = clock();
    const limiter = new RateLimiter({ perSecond: 2, burst: 3 }, c.now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(0.5);
    expect(limiter.take('b')).toBe(0);
    c.advance(250);
    expect(limiter.take('a')).toBe(0.3); // half a token back: 0.25 s more, rounded up to tenths
    c.advance(250);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(0.5);
  });

  it('says how long several tokens would take without taking any', () => {
    const c = clock();
    const limiter = new RateLimiter({ perSecond: 2, burst: 3 }, c.now);
    expect(limiter.check('a', 3)).toBe(0);
    expect(limiter.check('a', 4)).toBe(0.5);
    expect(limiter.take('a', 2)).toBe(0);
    expect(limiter.check('a', 2)).toBe(0.5);
    expect(limiter.take('a', 2)).toBe(0.5);
    expect(limiter.take('a')).toBe(0); // the refused take cost nothing
  });

  it('counts what it let through by key, from the first drain on', () => {
    const limiter = new RateLimiter({ perSecond: 1, burst: 5 }, clock().now);
    limiter.take('a');
    expect(limiter.drainUsage()).toEqual(new Map());
    limiter.take('a');
    limiter.take('a');
    limiter.take('b');
    expect(limiter.drainUsage()).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
    expect(limiter.drainUsage()).toEqual(new Map());
  });

  it('takes debits from other processes, down to minus one burst, and refills from there', () => {
    const c = clock();
    const limiter = new RateLimiter({ perSecond: 1, burst: 3 }, c.now);
    limiter.debit('a', 2);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
    limiter.debit('a', 100);
    expect(limiter.take('a')).toBe(4); // from -3 back to 1 token
    c.advance(4000);
    expect(limiter.take('a')).toBe(0);
  });

  it('forgets a bucket once it is full again', () => {
    const c = clock();
    const limiter = new RateLimiter({ perSecond: 1, burst: 2 }, c.now);
    limiter.take('a');
    limiter.take('a');
    c.advance(20_000);
    limiter.take('b'); // sweeps: 'a' refilled long ago
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
  });
});

describe('RateLimitSync', () => {
  const LIMIT = { perSecond: 1, burst: 3 };

  function process(room: Room, c: ReturnType<typeof clock>) {
    const ip = new RateLimiter(LIMIT, c.now);
    const player = new RateLimiter(LIMIT, c.now);
    const sync = new RateLimitSync({ ip, player }, room.member(), 60_000);
    return { ip, player, sync };
  }

  it('makes each process pay for what the others let through, limiter by limiter', () => {
    const room = new Room();
    const c = clock();
    const one = process(room, c);
    const two = process(room, c);
    try {
      for (let i = 0; i < 3; i++) expect(one.player.take('p1')).toBe(0);
      expect(one.ip.take('10.0.0.1')).toBe(0);
      one.sync.flush();
      // On the bus's `rate-limits` channel, as JSON.
      expect(room.sent.map((m) => m.slice(0, 'rate-limits:'.length))).toEqual(['rate-limits:']);
      expect(room.sent.map((m) => JSON.parse(m.slice('rate-limits:'.length)) as unknown)).toEqual([
        { p: expect.any(String), u: { ip: [['10.0.0.1', 1]], player: [['p1', 3]] } },
      ]);
      expect(two.player.take('p1')).toBe(1);
      expect(two.player.take('p2')).toBe(0);
      expect([two.ip.take('10.0.0.1'), two.ip.take('10.0.0.1'), two.ip.take('10.0.0.1')]).toEqual([0, 0, 1]);
      // The sender does not pay twice for its own requests.
      expect(one.ip.take('10.0.0.1')).toBe(0);
      // Nothing taken since the last flush: nothing sent.
      two.sync.flush();
      two.sync.flush();
      expect(room.sent).toHaveLength(2);
    } finally {
      one.sync.close();
      two.sync.close();
    }
  });

  it('splits a large report into messages a NOTIFY payload can carry', () => {
    const room = new Room();
    const c = clock();
    const one = process(room, c);
    const two = process(room, c);
    try {
      const keys = Array.from({ length: 2000 }, (_, i) => `2001:db8::${i.toString(16)}`);
      for (const key of keys) one.ip.take(key);
      one.sync.flush();
      expect(room.sent.length).toBeGreaterThan(5);
      for (const m of room.sent) expect(Buffer.byteLength(m)).toBeLessThan(8000);
      expect(keys.map((k) => [two.ip.take(k), two.ip.take(k), two.ip.take(k)])).toEqual(
        keys.map(() => [0, 0, 1]),
      );
    } finally {
      one.sync.close();
      two.sync.close();
    }
  });

  it('ignores malformed messages, unknown limiters, long keys and bad counts', () => {
    const room = new Room();
    const c = clock();
    const one = process(room, c);
    const send = room.member().send;
    try {
      for (const text of [
        'not json',
        'null',
        '{"p":"x"}',
        '{"p":"x","u":{"other":[["k",5]]}}',
        '{"p":"x","u":{"ip":[["k",-5],["k",1.5],["k","5"],[5,5],"k"]}}',
        `{"p":"x","u":{"ip":[["${'k'.repeat(101)}",5]]}}`,
        '{"p":"x","u":{"__proto__":[["k",5]],"constructor":[["k",5]]}}',
      ]) {
        send(text);
      }
      expect([one.ip.take('k'), one.ip.take('k'), one.ip.take('k'), one.ip.take('k')]).toEqual([0, 0, 0, 1]);
    } finally {
      one.sync.close();
    }
  });
});
