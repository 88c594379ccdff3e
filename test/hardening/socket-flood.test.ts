// One address's sockets may not slow everyone: at most SOCKETS_PER_ADDRESS sockets an address (429 with
// Retry-After before the upgrade), a replaying subscription charged by what it replays, and nothing of a
// socket kept once it closed.
import type { App } from '../../src/app';
import { DEFAULT_LIMITS, NO_RATE_LIMITS } from '../../src/gate/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServer } from '../support/server-launcher';
import { gql, registerPlayer, startedGame, type Player, type PlayView } from '../support/graphql-client';
import { sent } from '../chat/chat-support';
import { RawSocket, type Frame } from '../support/ws-client';
import { until } from '../support/timing';

const CAP = DEFAULT_LIMITS.socketsPerAddress!;
const SOCKET_BURST = 10;
const EVENTS_PER_TOKEN = 2;
const REPLAY = 'subscription($g: ID!, $a: Int) { gameEvents(gameId: $g, afterSeq: $a) { seq } }';

let database: TestDatabase;
let app: App;
let game: PlayView;
let players: Player[];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url, {
    // One trusted proxy: X-Forwarded-For names the client, so a test can be several addresses.
    limits: {
      ...NO_RATE_LIMITS,
      trustedProxies: 1,
      socketsPerAddress: CAP,
      perSocket: { perSecond: 0.001, burst: SOCKET_BURST },
      replayEventsPerToken: EVENTS_PER_TOKEN,
    },
  });
  players = await Promise.all(['Ann', 'Bob', 'Cid'].map((n) => registerPlayer(app.url, n)));
  game = await startedGame(app.url, players);
});

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

const from = (address: string): Record<string, string> => ({ 'x-forwarded-for': address });

/** The HTTP status and headers an upgrade was refused with. */
async function refusal(address: string): Promise<{ status: number; retryAfter: unknown }> {
  try {
    const s = await RawSocket.open(app.url, from(address));
    await s.close();
    return { status: 101, retryAfter: null };
  } catch (error) {
    const res = (error as { response?: { statusCode: number; headers: Record<string, unknown> } }).response;
    if (!res) throw error;
    return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
  }
}

async function connected(address: string): Promise<RawSocket> {
  const s = await RawSocket.open(app.url, from(address));
  s.send({ type: 'connection_init', payload: {} });
  await s.waitFor((f) => f.type === 'connection_ack');
  return s;
}

const typename = async (address: string): Promise<number> => {
  const t0 = performance.now();
  const res = await fetch(app.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from(address) },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  return performance.now() - t0;
};

test(`the socket past ${CAP} of an address is refused 429 with Retry-After; closing one frees a slot`, async () => {
  const sockets = await Promise.all(Array.from({ length: CAP }, () => connected('203.0.113.7')));
  try {
    expect(await refusal('203.0.113.7')).toEqual({ status: 429, retryAfter: '10' });
    // Another address is not held back by this one.
    const other = await connected('198.51.100.2');
    await other.close();
    await sockets.pop()!.close();
    await until(
      'the closed socket to free its slot',
      async () => (await refusal('203.0.113.7')).status === 101,
      5_000,
    );
    sockets.push(await connected('203.0.113.7'));
    expect(await refusal('203.0.113.7')).toEqual({ status: 429, retryAfter: '10' });
  } finally {
    await Promise.all(sockets.map((s) => s.close()));
  }
  await until(
    'every slot given back',
    async () => app.ws.addresses() === 0 && app.ws.connections() === 0,
    5_000,
  );
});

test('a replay is charged by its length: one token per 2 events, after the operation’s own token', async () => {
  const last = game.lastEventSeq;
  expect(last).toBe(6);
  const s = await connected('192.0.2.10');
  try {
    // 10 tokens. The whole log: 1 + 6 / 2 = 4, 6 left.
    s.subscribe('1', REPLAY, { g: game.id, a: 0 });
    await s.waitFor((f) => f.id === '1' && f.type === 'next' && seqOf(f) === last);
    // The 4 events after seq 2: 1 + 2 = 3, 3 left.
    s.subscribe('2', REPLAY, { g: game.id, a: 2 });
    await s.waitFor((f) => f.id === '2' && f.type === 'next' && seqOf(f) === last);
    expect([s.results('1').length, s.results('2').length]).toEqual([6, 4]);
    // The operation takes 1 (2 left); its replay (3) is refused with the contract's RATE_LIMITED, and nothing
    // of it is sent.
    s.subscribe('3', REPLAY, { g: game.id, a: 0 });
    await s.end('3');
    const refused = s.frames.filter((f) => f.id === '3');
    expect(refused.map((f) => f.type)).toEqual(['next', 'complete']);
    const errors = (
      refused[0]!.payload as { errors: { message: string; extensions: Record<string, unknown> }[] }
    ).errors;
    expect(errors.map((e) => e.extensions.code)).toEqual(['RATE_LIMITED']);
    expect(errors[0]!.extensions.retryAfterSeconds).toBeGreaterThan(900);
    expect(errors[0]!.message).toMatch(/^too many replayed events from this connection: retry in \d/);
    // Following without a replay costs the operation's token only: 2 such, then nothing is left.
    for (const id of ['4', '5', '6']) s.subscribe(id, REPLAY, { g: game.id, a: last });
    expect((await s.end('6')).type).toBe('error');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ended = s.frames.filter((f) => f.type === 'complete' || f.type === 'error').map((f) => f.id);
    expect(ended).toEqual(['3', '6']);
  } finally {
    await s.close();
  }
});

test('a chat replay is charged by its length like an event replay', async () => {
  // Six messages (5 a player per 10 s in a game): 5 from Ann, 1 from Bob.
  for (const [i, p] of [0, 0, 0, 0, 0, 1].entries()) {
    await sent(app.url, { gameId: game.id, text: `message ${i + 1}` }, players[p]!);
  }
  const CHAT = 'subscription($g: ID!, $a: Int) { gameChat(gameId: $g, afterSeq: $a) { seq } }';
  const s = await connected('192.0.2.11');
  try {
    // 10 tokens. The whole chat: 1 + 6 / 2 = 4, 6 left; again: 4, 2 left.
    for (const id of ['1', '2']) {
      s.subscribe(id, CHAT, { g: game.id, a: 0 });
      await s.waitFor(
        (f) =>
          f.id === id &&
          f.type === 'next' &&
          (f.payload as { data?: { gameChat?: { seq: number } } }).data?.gameChat?.seq === 6,
      );
    }
    expect([s.results('1').length, s.results('2').length]).toEqual([6, 6]);
    // The operation takes 1 (1 left); its replay (3) is refused, and nothing of it is sent.
    s.subscribe('3', CHAT, { g: game.id, a: 0 });
    await s.end('3');
    const refused = s.frames.filter((f) => f.id === '3');
    expect(refused.map((f) => f.type)).toEqual(['next', 'complete']);
    const errors = (refused[0]!.payload as { errors: { extensions: Record<string, unknown> }[] }).errors;
    expect(errors.map((e) => e.extensions.code)).toEqual(['RATE_LIMITED']);
  } finally {
    await s.close();
  }
});

function seqOf(f: Frame): number | undefined {
  return (f.payload as { data?: { gameEvents?: { seq: number } } }).data?.gameEvents?.seq;
}

test('a flood of replaying sockets from one address: most refused, innocent requests answered, nothing kept after', async () => {
  const innocent: number[] = [];
  for (let i = 0; i < 5; i++) innocent.push(await typename('198.51.100.50'));
  const attempts = await Promise.allSettled(Array.from({ length: CAP * 3 }, () => connected('203.0.113.66')));
  const open = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
  expect(open).toHaveLength(CAP);
  // Each socket sends its 12 replays one after the other (each once the previous one was answered).
  const flood = Promise.all(
    open.map(async (s) => {
      for (let i = 0; i < 12; i++) {
        s.subscribe(String(i), REPLAY, { g: game.id, a: 0 });
        await s.waitFor((f) => f.id === String(i), 10_000);
      }
    }),
  );
  for (let i = 0; i < 20; i++) innocent.push(await typename('198.51.100.50'));
  await flood;
  // Generous: this checks that they are answered, not how fast (bench/socket-flood.bench.ts measures that).
  expect(Math.max(...innocent)).toBeLessThan(2_000);
  // Each socket ran what its budget paid for: 2 whole replays (4 tokens each); 2 operations took the last
  // tokens and had their replays refused, the other 8 were refused outright.
  await until(
    'every subscription answered',
    async () =>
      open.every(
        (s) =>
          s.frames.filter((f) => f.type === 'error').length === 8 &&
          s.frames.filter((f) => f.type === 'complete').length === 2,
      ),
    10_000,
  );
  for (const s of open) {
    expect(s.frames.filter((f) => f.type === 'next' && seqOf(f) !== undefined)).toHaveLength(2 * 6);
  }
  expect(app.ws.subscriptions()).toBe(CAP * 2);
  await Promise.all(open.map((s) => s.close()));
  await until(
    'the sockets forgotten',
    async () => app.ws.connections() === 0 && app.ws.subscriptions() === 0 && app.ws.addresses() === 0,
    5_000,
  );
  const count = await gql<{ game: { spectatorCount: number } }>(
    app.url,
    'query($id: ID!) { game(id: $id) { spectatorCount } }',
    { id: game.id },
  );
  expect(count.body.data?.game.spectatorCount).toBe(0);
});
