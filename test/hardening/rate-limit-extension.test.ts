import { startApp, type App } from '../../src/app';
import { NO_RATE_LIMITS } from '../../src/gate/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { gql, postJson, registerPlayer, send, type Player, type Reply } from '../support/graphql-client';
import { RawSocket } from '../support/ws-client';

/**
 * `extensions.rateLimit { limit remaining resetAt }` on every HTTP response, for the bucket the request was
 * charged to: the player's with a valid token, otherwise the address's; on results and on every kind of
 * refusal, including bodies that are not GraphQL requests. The buckets refill so slowly (one token per
 * 100 s) that every request's charge shows exactly. Each test uses addresses of its own (X-Forwarded-For
 * behind one trusted proxy), so that its buckets start full.
 */

let db: TestDatabase;
let app: App;
let ann: Player;

const PER_IP = { perSecond: 0.01, burst: 50 };
const PER_PLAYER = { perSecond: 0.01, burst: 20 };

interface Budget {
  limit: number;
  remaining: number;
  resetAt: string;
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    limits: { ...NO_RATE_LIMITS, perIp: PER_IP, perPlayer: PER_PLAYER, trustedProxies: 1 },
    log: () => {},
  });
  ann = await registerPlayer(app.url, 'Ann');
});

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

let nextAddress = 1;
/** An address no request came from yet: a full bucket. */
function freshAddress(): Record<string, string> {
  return { 'x-forwarded-for': `198.51.100.${nextAddress++}` };
}

/** The reply's budget, checked against the clock: resetAt is when the missing tokens are back. */
async function timed(
  request: () => Promise<Reply<unknown>>,
): Promise<{ reply: Reply<unknown>; budget: Budget }> {
  const before = Date.now();
  const reply = await request();
  const after = Date.now();
  const body = JSON.parse(reply.text) as { extensions?: { rateLimit?: Budget } };
  const budget = body.extensions?.rateLimit;
  if (!budget) throw new Error(`no extensions.rateLimit in HTTP ${reply.status}: ${reply.text}`);
  expect(Object.keys(budget).sort()).toEqual(['limit', 'remaining', 'resetAt']);
  expect(new Date(budget.resetAt).toISOString()).toBe(budget.resetAt);
  const perSecond = budget.limit === PER_IP.burst ? PER_IP.perSecond : PER_PLAYER.perSecond;
  // Whole tokens left: the bucket holds remaining up to remaining + 1 tokens (it refills continuously).
  const missing = budget.limit - budget.remaining;
  const resetAt = Date.parse(budget.resetAt);
  expect(resetAt).toBeGreaterThanOrEqual(before + (Math.max(0, missing - 1) / perSecond) * 1000);
  expect(resetAt).toBeLessThanOrEqual(after + (missing / perSecond) * 1000 + 1);
  return { reply, budget };
}

const QUERY = '{ __typename }';
const leaves = (n: number): string =>
  `mutation { ${Array.from({ length: n }, (_, i) => `l${i}: leaveGame(input: { gameId: "R2FtZTox" }) { userErrors { code } }`).join(' ')} }`;

describe('the address bucket (no token, or a token that is not valid)', () => {
  it('reports limit and remaining after each request, one token a request and one per further mutation', async () => {
    const from = freshAddress();
    const first = await timed(() => gql(app.url, QUERY, {}, null, from));
    expect(first.reply.status).toBe(200);
    expect(first.reply.body).toEqual({
      data: { __typename: 'Query' },
      extensions: { rateLimit: first.budget },
    });
    expect([first.budget.limit, first.budget.remaining]).toEqual([50, 49]);
    const second = await timed(() => gql(app.url, QUERY, {}, null, from));
    expect([second.budget.limit, second.budget.remaining]).toEqual([50, 48]);
    // Two tokens missing: full again 200 s after the first went (within the time between the replies).
    expect(Date.parse(second.budget.resetAt) - Date.parse(first.budget.resetAt)).toBeGreaterThan(99_000);
    expect(Date.parse(second.budget.resetAt) - Date.parse(first.budget.resetAt)).toBeLessThanOrEqual(
      100_000 + 5_000,
    );
    // Three mutations (refused, as anonymous) cost three tokens.
    const three = await timed(() => gql(app.url, leaves(3), {}, null, from));
    expect(three.budget.remaining).toBe(45);
  });

  it('is the one charged for a token that is not valid (UNAUTHENTICATED)', async () => {
    const from = freshAddress();
    const bad = await timed(() => gql(app.url, QUERY, {}, 'not-a-token', from));
    expect(bad.reply.status).toBe(401);
    expect(bad.reply.body).toEqual({
      errors: [{ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED' } }],
      extensions: { rateLimit: bad.budget },
    });
    expect([bad.budget.limit, bad.budget.remaining]).toEqual([50, 49]);
  });

  it('is on validation and syntax errors', async () => {
    const from = freshAddress();
    const unknown = await timed(() => gql(app.url, '{ nope }', {}, null, from));
    expect(unknown.reply.status).toBe(400);
    expect(
      (unknown.reply.body as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code,
    ).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(unknown.budget.remaining).toBe(49);
    const syntax = await timed(() => gql(app.url, '{ nope', {}, null, from));
    expect(syntax.reply.status).toBe(400);
    expect(syntax.budget.remaining).toBe(48);
  });

  it('is on bodies that are not GraphQL requests, answered as JSON { errors, extensions } with status 400', async () => {
    const from = freshAddress();
    const post = (body: string, type = 'application/json') =>
      send(app.url, { method: 'POST', headers: { 'content-type': type, ...from }, body });
    const cases: [string, () => Promise<Reply<unknown>>][] = [
      ['not JSON', () => post('{ "query": ')],
      ['no query', () => post('{}')],
      ['a query that is not a string', () => post('{ "query": 7 }')],
      ['a JSON array (a batch)', () => post('[{ "query": "{ __typename }" }]')],
      ['a text/plain body (CSRF)', () => post('{ "query": "{ __typename }" }', 'text/plain')],
      ['a GET with no query', () => send(app.url, { headers: { ...from, 'apollo-require-preflight': '1' } })],
      ['a plain GET (CSRF)', () => send(`${app.url}?query=${encodeURIComponent(QUERY)}`, { headers: from })],
      [
        'a subscription over HTTP',
        () => post(JSON.stringify({ query: 'subscription { lobbyEvents { id } }' })),
      ],
    ];
    let remaining = 50;
    for (const [what, request] of cases) {
      const { reply, budget } = await timed(request);
      remaining -= 1;
      expect([what, reply.status, reply.headers.get('content-type')?.split(';')[0]]).toEqual([
        what,
        400,
        'application/json',
      ]);
      const body = reply.body as unknown as {
        errors: { extensions: { code: string } }[];
        extensions: unknown;
      };
      expect([what, Object.keys(body).sort(), body.errors[0]!.extensions.code]).toEqual([
        what,
        ['errors', 'extensions'],
        'BAD_USER_INPUT',
      ]);
      expect([what, budget.limit, budget.remaining]).toEqual([what, 50, remaining]);
    }
  });

  it('is on a body over the size limit (413)', async () => {
    const from = freshAddress();
    const { reply, budget } = await timed(() =>
      postJson(app.url, { query: QUERY, variables: { pad: 'x'.repeat(70 * 1024) } }, from),
    );
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({
      errors: [
        {
          message: 'request body over 65536 bytes',
          extensions: { code: 'BAD_USER_INPUT', reason: 'PAYLOAD_TOO_LARGE' },
        },
      ],
      extensions: { rateLimit: budget },
    });
    expect([budget.limit, budget.remaining]).toEqual([50, 49]);
  });

  it('is on RATE_LIMITED (429): nothing remaining, full again when resetAt says', async () => {
    const from = freshAddress();
    // Ten mutations cost ten tokens: five such operations spend the burst of 50.
    for (let i = 0; i < 5; i++) {
      const { budget } = await timed(() => gql(app.url, leaves(10), {}, null, from));
      expect(budget.remaining).toBe(40 - 10 * i);
    }
    const refused = await timed(() => gql(app.url, QUERY, {}, null, from));
    expect(refused.reply.status).toBe(429);
    expect(refused.reply.body).toEqual({
      errors: [
        {
          message: expect.stringMatching(/^too many requests from this address: retry in [\d.]+ s$/),
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
        },
      ],
      extensions: { rateLimit: refused.budget },
    });
    expect([refused.budget.limit, refused.budget.remaining]).toEqual([50, 0]);
    // Empty: full again after 50 tokens' time (5,000 s).
    expect(Date.parse(refused.budget.resetAt) - Date.now()).toBeGreaterThan(4_990_000);
  });
});

describe('the player bucket (a valid token)', () => {
  it('is the one charged and reported, on results, validation errors and RATE_LIMITED', async () => {
    const bob = await registerPlayer(app.url, 'Bob');
    const from = freshAddress();
    const viewer = await timed(() => gql(app.url, '{ viewer { name } }', {}, bob.token, from));
    expect(viewer.reply.body).toEqual({
      data: { viewer: { name: 'Bob' } },
      extensions: { rateLimit: viewer.budget },
    });
    expect([viewer.budget.limit, viewer.budget.remaining]).toEqual([20, 19]);
    const invalid = await timed(() => gql(app.url, '{ nope }', {}, bob.token, from));
    expect(invalid.reply.status).toBe(400);
    expect([invalid.budget.limit, invalid.budget.remaining]).toEqual([20, 18]);
    const two = await timed(() => gql(app.url, leaves(2), {}, bob.token, from));
    expect(two.reply.status).toBe(200);
    expect(two.budget.remaining).toBe(16);
    // Another address, the same player: the same bucket.
    const elsewhere = await timed(() => gql(app.url, QUERY, {}, bob.token, freshAddress()));
    expect(elsewhere.budget.remaining).toBe(15);
    const ten = await timed(() => gql(app.url, leaves(10), {}, bob.token, from));
    expect(ten.budget.remaining).toBe(5);
    // Six mutations need six tokens of the five left: refused, nothing taken but the request's own.
    const over = await timed(() => gql(app.url, leaves(6), {}, bob.token, from));
    expect(over.reply.status).toBe(429);
    expect([over.budget.limit, over.budget.remaining]).toEqual([20, 4]);
    await timed(() => gql(app.url, leaves(4), {}, bob.token, from));
    const empty = await timed(() => gql(app.url, QUERY, {}, bob.token, from));
    expect(empty.reply.status).toBe(429);
    expect(empty.reply.body).toEqual({
      errors: [
        {
          message: expect.stringMatching(/^too many requests from this player: retry in [\d.]+ s$/),
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
        },
      ],
      extensions: { rateLimit: empty.budget },
    });
    expect([empty.budget.limit, empty.budget.remaining]).toEqual([20, 0]);
    // Ann's budget is her own.
    const other = await timed(() => gql(app.url, QUERY, {}, ann.token, from));
    expect([other.budget.limit, other.budget.remaining]).toEqual([20, 19]);
  });
});

it('WebSocket messages carry no rateLimit', async () => {
  const socket = await RawSocket.connect(app.url, ann.token);
  try {
    socket.subscribe('q', '{ viewer { name } }');
    await socket.end('q');
    expect(socket.results('q')).toEqual([{ data: { viewer: { name: 'Ann' } } }]);
  } finally {
    await socket.close();
  }
});
