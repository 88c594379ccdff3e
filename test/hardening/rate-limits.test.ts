import { startApp, type App } from '../../src/app';
import { NO_RATE_LIMITS, type ServerLimits } from '../../src/gate/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  accepted,
  dataOf,
  type GamePayload,
  gql,
  mutate,
  onlyError,
  type Player,
  postJson,
  registerPlayer,
  type Reply,
} from '../support/graphql-client';
import { keyOf, sql } from '../support/sql';
import { sleep } from '../support/timing';
import { RawSocket } from '../support/ws-client';
import { nextMove, publicGame } from './support';

/**
 * Rate limits and caps, on servers started with small limits: per player and per connection (RATE_LIMITED
 * with retryAfterSeconds), per IP address (HTTP 429 with Retry-After), each recovering after the wait, and
 * shared by the processes on one database (or one Redis); and TOO_MANY_GAMES once a player sits in
 * maxActiveGamesPerPlayer open games.
 */

let db: TestDatabase;
const apps: App[] = [];

/** One token a second, bursts of three: the fourth request in a row waits about a second. */
const SMALL = { perSecond: 1, burst: 3 };

async function start(limits: ServerLimits, options: { redisUrl?: string } = {}): Promise<App> {
  const app = await startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    limits,
    log: () => {},
    rateLimitSyncMs: 50,
    ...options,
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await db?.drop();
});

const VIEWER = '{ viewer { id } }';

/** The requests of a burst sent at once: which were served, and the refused ones. */
async function burst(
  n: number,
  run: () => Promise<Reply<unknown>>,
): Promise<{ ok: Reply<unknown>[]; refused: Reply<unknown>[] }> {
  const replies = await Promise.all(Array.from({ length: n }, run));
  return {
    ok: replies.filter((r) => r.status === 200 && !r.body?.errors),
    refused: replies.filter((r) => r.body?.errors?.[0]?.extensions?.code === 'RATE_LIMITED'),
  };
}

function retryAfter(reply: Reply<unknown>): number {
  const wait = onlyError(reply).extensions?.retryAfterSeconds;
  if (typeof wait !== 'number') throw new Error(`no retryAfterSeconds in ${reply.text}`);
  return wait;
}

describe('per player and per connection', () => {
  let app: App;
  let ann: Player;
  let bob: Player;

  beforeAll(async () => {
    app = await start({ ...NO_RATE_LIMITS, perPlayer: SMALL, perSocket: SMALL });
    [ann, bob] = await Promise.all([registerPlayer(app.url, 'Ann'), registerPlayer(app.url, 'Bob')]);
  });

  it('refuses a player past the burst with RATE_LIMITED and retryAfterSeconds, and serves the player again after the wait', async () => {
    const first = await burst(4, () => gql(app.url, VIEWER, {}, ann.token));
    expect([first.ok.length, first.refused.length]).toEqual([3, 1]);
    const refused = first.refused[0]!;
    const wait = retryAfter(refused);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      errors: [
        {
          message: `too many requests from this player: retry in ${wait} s`,
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds: wait },
        },
      ],
      extensions: { rateLimit: { limit: 3, remaining: 0, resetAt: expect.any(String) } },
    });
    // Nobody else is slowed down: another player, and anonymous readers.
    expect(dataOf(await gql(app.url, VIEWER, {}, bob.token))).toEqual({ viewer: { id: bob.id } });
    const anonymous = await burst(6, () => gql(app.url, VIEWER));
    expect([anonymous.ok.length, anonymous.refused.length]).toEqual([6, 0]);

    await sleep(wait * 1000 + 50);
    expect(dataOf(await gql(app.url, VIEWER, {}, ann.token))).toEqual({ viewer: { id: ann.id } });
    const again = await gql(app.url, VIEWER, {}, ann.token);
    expect(onlyError(again).extensions?.code).toBe('RATE_LIMITED');
  });

  it('charges an operation one token per mutation it runs, over HTTP and WebSocket', async () => {
    const dan = await registerPlayer(app.url, 'Dan'); // a full bucket: 3 tokens
    const leaves = (n: number) =>
      `mutation { ${Array.from({ length: n }, (_, i) => `l${i}: leaveGame(input: { gameId: "R2FtZTox" }) { userErrors { code } }`).join(' ')} }`;
    // Four mutations need four tokens: refused before any runs.
    const four = await gql(app.url, leaves(4), {}, dan.token);
    expect(onlyError(four).extensions?.code).toBe('RATE_LIMITED');
    expect(four.status).toBe(429);
    expect(four.body?.data).toBeUndefined();
    expect(retryAfter(four)).toBeGreaterThan(0);
    // With a full bucket again, three mutations in one operation spend it all.
    await sleep(3100);
    const three = await gql(app.url, leaves(3), {}, dan.token);
    expect(three.status).toBe(200);
    const next = await gql(app.url, VIEWER, {}, dan.token);
    expect(onlyError(next).extensions?.code).toBe('RATE_LIMITED');

    const eli = await registerPlayer(app.url, 'Eli');
    const socket = await RawSocket.connect(app.url, eli.token);
    try {
      socket.subscribe('m', leaves(4));
      const refused = await socket.end('m');
      expect(refused.type).toBe('error');
      expect((refused.payload as { extensions: { code: string } }[])[0]!.extensions.code).toBe(
        'RATE_LIMITED',
      );
    } finally {
      await socket.close();
    }
  });

  it('counts a player’s WebSocket operations against the same limit', async () => {
    const cat = await registerPlayer(app.url, 'Cat'); // a full bucket
    const socket = await RawSocket.connect(app.url, cat.token);
    try {
      expect(dataOf(await gql(app.url, VIEWER, {}, cat.token))).toEqual({ viewer: { id: cat.id } });
      expect(dataOf(await gql(app.url, VIEWER, {}, cat.token))).toEqual({ viewer: { id: cat.id } });
      socket.subscribe('a', VIEWER);
      expect(await socket.end('a')).toEqual({ id: 'a', type: 'complete' });
      expect(socket.results('a')).toEqual([{ data: { viewer: { id: cat.id } } }]);
      socket.subscribe('b', VIEWER);
      const refused = await socket.end('b');
      const errors = refused.payload as {
        message: string;
        extensions: { code: string; retryAfterSeconds: number };
      }[];
      const wait = errors[0]!.extensions.retryAfterSeconds;
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(1);
      expect(refused).toEqual({
        id: 'b',
        type: 'error',
        payload: [
          {
            message: `too many requests from this player: retry in ${wait} s`,
            extensions: { code: 'RATE_LIMITED', retryAfterSeconds: wait },
          },
        ],
      });
    } finally {
      await socket.close();
    }
  });

  it('limits each anonymous WebSocket on its own', async () => {
    const [one, two] = await Promise.all([RawSocket.connect(app.url), RawSocket.connect(app.url)]);
    try {
      for (const id of ['1', '2', '3', '4']) one.subscribe(id, '{ __typename }');
      const ends = await Promise.all(['1', '2', '3', '4'].map((id) => one.end(id)));
      expect(ends.map((f) => f.type)).toEqual(['complete', 'complete', 'complete', 'error']);
      const wait = (ends[3]!.payload as { extensions: { retryAfterSeconds: number } }[])[0]!.extensions
        .retryAfterSeconds;
      expect(wait).toBeGreaterThan(0);
      expect((ends[3]!.payload as { message: string }[])[0]!.message).toBe(
        `too many requests from this connection: retry in ${wait} s`,
      );
      // The other socket has a bucket of its own.
      two.subscribe('x', '{ __typename }');
      expect(await two.end('x')).toEqual({ id: 'x', type: 'complete' });
      await sleep(wait * 1000 + 50);
      one.subscribe('5', '{ __typename }');
      expect(await one.end('5')).toEqual({ id: '5', type: 'complete' });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('per IP address', () => {
  it('answers past the burst with HTTP 429, Retry-After and RATE_LIMITED, refuses WebSocket upgrades, and recovers', async () => {
    const app = await start({ ...NO_RATE_LIMITS, perIp: SMALL });
    const first = await burst(4, () => gql(app.url, '{ __typename }'));
    expect([first.ok.length, first.refused.length]).toEqual([3, 1]);
    const refused = first.refused[0]!;
    const wait = retryAfter(refused);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(Math.ceil(wait)));
    expect(refused.body).toEqual({
      errors: [
        {
          message: `too many requests from this address: retry in ${wait} s`,
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds: wait },
        },
      ],
      extensions: { rateLimit: { limit: 3, remaining: 0, resetAt: expect.any(String) } },
    });
    // A WebSocket is refused at the upgrade, with the same status and header.
    const upgrade = await RawSocket.open(app.url).then(
      () => null,
      (error: { response?: { statusCode?: number; headers: Record<string, string> } }) => error.response,
    );
    expect(upgrade?.statusCode).toBe(429);
    expect(Number(upgrade?.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    await sleep(Math.ceil(wait) * 1000 + 100);
    const recovered = await gql(app.url, '{ __typename }');
    expect([recovered.status, recovered.body]).toEqual([
      200,
      {
        data: { __typename: 'Query' },
        extensions: { rateLimit: { limit: 3, remaining: 0, resetAt: expect.any(String) } },
      },
    ]);
  });
});

describe('across processes', () => {
  /** Two processes on the test database, exchanging what they let through every 50 ms. */
  async function pair(limits: ServerLimits, options: { redisUrl?: string } = {}): Promise<[App, App]> {
    return [await start(limits, options), await start(limits, options)];
  }

  async function playerBudgetIsShared(one: App, two: App): Promise<void> {
    const gus = await registerPlayer(one.url, 'Gus');
    const first = await burst(3, () => gql(one.url, VIEWER, {}, gus.token));
    expect([first.ok.length, first.refused.length]).toEqual([3, 0]);
    await sleep(300);
    // The other process heard of the burst: its bucket for Gus is spent too.
    const elsewhere = await gql(two.url, VIEWER, {}, gus.token);
    expect(onlyError(elsewhere).extensions?.code).toBe('RATE_LIMITED');
    const wait = retryAfter(elsewhere);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1);
    await sleep(wait * 1000 + 50);
    expect(dataOf(await gql(two.url, VIEWER, {}, gus.token))).toEqual({ viewer: { id: gus.id } });
  }

  it('gives a player one budget over the processes sharing the database', async () => {
    const [one, two] = await pair({ ...NO_RATE_LIMITS, perPlayer: SMALL });
    await playerBudgetIsShared(one, two);
  });

  it('gives an address one budget over the processes, for HTTP requests and WebSocket upgrades', async () => {
    const [one, two] = await pair({ ...NO_RATE_LIMITS, perIp: SMALL, trustedProxies: 1 });
    const from = (app: App, address: string) => () =>
      postJson(app.url, { query: '{ __typename }' }, { 'x-forwarded-for': address });
    const first = await burst(3, from(one, '192.0.2.55'));
    expect([first.ok.length, first.refused.length]).toEqual([3, 0]);
    await sleep(300);
    const elsewhere = await burst(1, from(two, '192.0.2.55'));
    expect([elsewhere.ok.length, elsewhere.refused.length]).toEqual([0, 1]);
    expect(elsewhere.refused[0]!.status).toBe(429);
    const upgrade = await RawSocket.open(two.url, { 'x-forwarded-for': '192.0.2.55' }).then(
      () => null,
      (error: { response?: { statusCode?: number } }) => error.response,
    );
    expect(upgrade?.statusCode).toBe(429);
    // Another address is not slowed down by it.
    const other = await burst(3, from(two, '192.0.2.56'));
    expect([other.ok.length, other.refused.length]).toEqual([3, 0]);
  });

  it('shares the budgets through Redis when the processes fan out through it', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const [one, two] = await pair({ ...NO_RATE_LIMITS, perPlayer: SMALL }, { redisUrl });
    await playerBudgetIsShared(one, two);
  });
});

describe('per IP address over WebSocket', () => {
  it('charges every operation on a socket to its address, as HTTP requests are', async () => {
    const app = await start({ ...NO_RATE_LIMITS, perIp: SMALL, trustedProxies: 1 });
    const socket = await RawSocket.open(app.url, { 'x-forwarded-for': '198.51.100.77' }); // 1 token
    try {
      socket.send({ type: 'connection_init', payload: {} });
      await socket.waitFor((f) => f.type === 'connection_ack');
      for (const id of ['1', '2']) {
        socket.subscribe(id, '{ __typename }');
        expect(await socket.end(id)).toEqual({ id, type: 'complete' });
      }
      socket.subscribe('3', '{ __typename }');
      const refused = await socket.end('3');
      const errors = refused.payload as { message: string; extensions: { code: string } }[];
      expect([refused.type, errors[0]!.extensions.code]).toEqual(['error', 'RATE_LIMITED']);
      expect(errors[0]!.message).toMatch(/^too many requests from this address: retry in /);
      // The address's HTTP requests share the same budget.
      const http = await postJson(
        app.url,
        { query: '{ __typename }' },
        { 'x-forwarded-for': '198.51.100.77' },
      );
      expect(http.status).toBe(429);
    } finally {
      await socket.close();
    }
  });
});

describe('per client behind a trusted proxy', () => {
  it('counts each client by the address the proxy forwarded, ignoring what clients claim', async () => {
    const app = await start({ ...NO_RATE_LIMITS, perIp: SMALL, trustedProxies: 1 });
    const from = (chain: string) => () =>
      postJson(app.url, { query: '{ __typename }' }, { 'x-forwarded-for': chain });
    const first = await burst(4, from('203.0.113.7'));
    expect([first.ok.length, first.refused.length]).toEqual([3, 1]);
    // Another client behind the same proxy has a bucket of its own.
    const other = await burst(3, from('198.51.100.4'));
    expect([other.ok.length, other.refused.length]).toEqual([3, 0]);
    // Prepending a made-up address does not give the first client a fresh bucket.
    const spoofed = await burst(1, from('192.0.2.1, 203.0.113.7'));
    expect([spoofed.ok.length, spoofed.refused.length]).toEqual([0, 1]);
    // Nor does it reach WebSocket upgrades from the same client.
    const upgrade = await RawSocket.open(app.url, { 'x-forwarded-for': '203.0.113.7' }).then(
      () => null,
      (error: { response?: { statusCode?: number } }) => error.response,
    );
    expect(upgrade?.statusCode).toBe(429);
  });
});

describe('open games per player', () => {
  let app: App;
  let ann: Player;
  let bob: Player;

  beforeAll(async () => {
    app = await start({ ...NO_RATE_LIMITS, maxActiveGamesPerPlayer: 2 });
    [ann, bob] = await Promise.all([registerPlayer(app.url, 'Ann'), registerPlayer(app.url, 'Bob')]);
  });

  const TOO_MANY = {
    code: 'TOO_MANY_GAMES',
    message: 'you already sit in 2 open games: finish or leave one first',
    field: null,
  };

  async function hosted(player: Player): Promise<number> {
    const [row] = await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM games WHERE host_id = $1', [
      keyOf(player.id, 'Player'),
    ]);
    return Number(row!.n);
  }

  it('refuses a third open game with TOO_MANY_GAMES, creating and joining nothing', async () => {
    const g1 = accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, ann.token), 'createGame');
    accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, ann.token), 'createGame');
    const third = await mutate(
      app.url,
      'createGame',
      { preset: 'PUB', clientMutationId: 'c3', idempotencyKey: 'third' },
      ann.token,
    );
    expect(dataOf(third).createGame).toEqual({ game: null, userErrors: [TOO_MANY], clientMutationId: 'c3' });
    expect(await hosted(ann)).toBe(2);

    const bobs = accepted(
      await mutate(app.url, 'createGame', { preset: 'PUB', overrides: { startingDice: 1 } }, bob.token),
      'createGame',
    );
    const before = await publicGame(app.url, bobs.id);
    const join = await mutate(app.url, 'joinGame', { gameId: bobs.id, clientMutationId: 'j' }, ann.token);
    // The refusal shows the lobby as it is, without the player.
    expect(dataOf(join).joinGame).toEqual({
      game: { ...bobs, legalActions: null },
      userErrors: [TOO_MANY],
      clientMutationId: 'j',
    });
    expect(await publicGame(app.url, bobs.id)).toEqual(before);
    expect(await sql(db.url, 'SELECT count(*) AS n FROM seats WHERE game_id = $1', [keyOf(bobs.id)])).toEqual(
      [{ n: '1' }],
    );

    // Leaving a lobby frees a place (the game, left empty, is cancelled).
    const left = accepted(await mutate(app.url, 'leaveGame', { gameId: g1.id }, ann.token), 'leaveGame');
    expect(left.status).toBe('CANCELLED');
    const joined = accepted(await mutate(app.url, 'joinGame', { gameId: bobs.id }, ann.token), 'joinGame');
    expect(joined.seats.map((s) => s.player.id)).toEqual([bob.id, ann.id]);
    const full = await mutate(app.url, 'createGame', { preset: 'PUB' }, ann.token);
    expect(dataOf(full).createGame.userErrors).toEqual([TOO_MANY]);

    // A finished game does not count any more.
    accepted(await mutate(app.url, 'startGame', { gameId: bobs.id }, bob.token), 'startGame');
    let status = 'IN_PROGRESS';
    while (status === 'IN_PROGRESS') {
      const move = await nextMove(app.url, bobs.id, [ann, bob], 1);
      const reply = await mutate(app.url, move.name, move.input, move.player.token);
      status = accepted(reply, move.name).status;
    }
    expect(status).toBe('FINISHED');
    accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, ann.token), 'createGame');
    expect(await hosted(ann)).toBe(3);
  });

  it('answers a retried create or join that took the last place with its first result', async () => {
    const [dee, eve] = await Promise.all([registerPlayer(app.url, 'Dee'), registerPlayer(app.url, 'Eve')]);
    accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, dee.token), 'createGame');
    const input = { preset: 'PUB', idempotencyKey: 'second game', clientMutationId: 'first' };
    const first = accepted(await mutate(app.url, 'createGame', input, dee.token), 'createGame');
    const retry = await mutate(app.url, 'createGame', { ...input, clientMutationId: 'retry' }, dee.token);
    expect(dataOf(retry).createGame).toEqual({ game: first, userErrors: [], clientMutationId: 'retry' });
    expect(await hosted(dee)).toBe(2);

    const eves = accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, eve.token), 'createGame');
    const eves2 = accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, eve.token), 'createGame');
    const cid = await registerPlayer(app.url, 'Cid');
    accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, cid.token), 'createGame');
    const join = { gameId: eves.id, idempotencyKey: 'join', clientMutationId: 'j' };
    const joined = accepted(await mutate(app.url, 'joinGame', join, cid.token), 'joinGame');
    expect(joined.version).toBe(2);
    const again = await mutate(app.url, 'joinGame', join, cid.token);
    expect(dataOf(again).joinGame).toEqual({ game: joined, userErrors: [], clientMutationId: 'j' });
    // A new join (another key) is refused by the cap, and changes nothing.
    const before = await publicGame(app.url, eves2.id);
    const other = await mutate(app.url, 'joinGame', { gameId: eves2.id, idempotencyKey: 'other' }, cid.token);
    expect(dataOf(other).joinGame.userErrors).toEqual([TOO_MANY]);
    expect(await publicGame(app.url, eves2.id)).toEqual(before);
  });

  it('holds the cap when a player creates games concurrently', async () => {
    const fay = await registerPlayer(app.url, 'Fay');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        mutate(app.url, 'createGame', { preset: 'PUB' }, fay.token).then(
          (r) => dataOf(r).createGame as GamePayload,
        ),
      ),
    );
    const created = replies.filter((p) => p.game !== null);
    expect(created.length).toBe(2);
    expect(replies.filter((p) => p.userErrors[0]?.code === 'TOO_MANY_GAMES').length).toBe(4);
    expect(await hosted(fay)).toBe(2);
  });

  it('holds the cap when a player creates and joins through several processes at once', async () => {
    const processes = [app, await start({ ...NO_RATE_LIMITS, maxActiveGamesPerPlayer: 2 })];
    const [gus, hal] = await Promise.all([registerPlayer(app.url, 'Gus'), registerPlayer(app.url, 'Hal')]);
    const lobby = accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, hal.token), 'createGame');
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i === 0
          ? mutate(processes[i % 2]!.url, 'joinGame', { gameId: lobby.id }, gus.token)
          : mutate(processes[i % 2]!.url, 'createGame', { preset: 'PUB' }, gus.token)
        ).then((r) => Object.values(dataOf(r))[0]!),
      ),
    );
    // A refused join shows the lobby it was for: what was accepted is what has no user error.
    const seated = replies.filter((p) => p.userErrors.length === 0);
    expect(seated.length).toBe(2);
    expect(replies.filter((p) => p.userErrors[0]?.code === 'TOO_MANY_GAMES').length).toBe(6);
    const [row] = await sql<{ n: number }>(
      db.url,
      `SELECT count(*)::int AS n FROM seats s JOIN games g ON g.id = s.game_id
        WHERE s.player_id = $1 AND s.left_at IS NULL AND g.status IN ('LOBBY', 'IN_PROGRESS')`,
      [keyOf(gus.id, 'Player')],
    );
    expect(row!.n).toBe(2);
  });
});
