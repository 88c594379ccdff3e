import http from 'node:http';
import { getIntrospectionQuery } from 'graphql';
import { startApp, type App } from '../../src/app';
import { OPERATION_LIMITS } from '../../src/graphql/operation-costs';
import { DEFAULT_LIMITS } from '../../src/gate/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  accepted,
  dataOf,
  gql,
  type GqlError,
  mutate,
  onlyError,
  postJson,
  registerPlayer,
  type Reply,
  send,
} from '../support/graphql-client';
import { sql } from '../support/sql';
import { type Frame, RawSocket } from '../support/ws-client';

/**
 * The checks graphql-cop runs against a GraphQL endpoint, made against the real server in production mode
 * (and, where the difference is the point, in development mode): introspection, alias / directive / depth /
 * cost / token / body limits, batching, CSRF and GET mutations, field suggestions, stack traces. The same
 * operation limits are checked over WebSocket, with the per-socket subscription cap and the
 * connection_init timeout.
 */

let db: TestDatabase;
let prod: App;
let dev: App;
let gameId: string;

const quiet = (): void => {};

beforeAll(async () => {
  db = await createTestDatabase();
  prod = await startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    // The registration quota has its own tests (test/api/operations.test.ts); this file registers many players.
    limits: { ...DEFAULT_LIMITS, registrationsPerIp: null, connectionInitTimeoutMs: 300 },
    log: quiet,
  });
  dev = await startApp({ databaseUrl: db.url, port: 0, host: '127.0.0.1', production: false, log: quiet });
  const host = await registerPlayer(prod.url, 'Cop');
  gameId = accepted(await mutate(prod.url, 'createGame', { preset: 'PUB' }, host.token), 'createGame').id;
});

afterAll(async () => {
  await prod?.stop();
  await dev?.stop();
  await db?.drop();
});

/** The limit an operation was refused for: [status, code, limit, value, max]. */
function refusal(reply: Reply<unknown>): [number, unknown, unknown, unknown, unknown] {
  const e = onlyError(reply);
  return [reply.status, e.extensions?.code, e.extensions?.limit, e.extensions?.value, e.extensions?.max];
}

function wsRefusal(frame: Frame): [string, unknown, unknown, unknown, unknown] {
  const errors = frame.payload as GqlError[];
  expect(errors).toHaveLength(1);
  const e = errors[0]!;
  return [frame.type, e.extensions?.code, e.extensions?.limit, e.extensions?.value, e.extensions?.max];
}

/** `{ a1: __typename ... }` with n aliases. */
function aliases(n: number): string {
  return `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`;
}

/** n fields, each with an @include directive. */
function directives(n: number): string {
  return `{ ${'__typename @include(if: true) '.repeat(n)}}`;
}

/** A query exactly `depth` levels deep: game → (host → games → nodes)* → id. */
function deep(depth: number): string {
  const chain = ['host', 'games(first: 1)', 'nodes'];
  const levels = Array.from({ length: depth - 2 }, (_, i) => chain[i % 3]!);
  return `query($id: ID!) { game(id: $id) { ${levels.map((l) => `${l} { `).join('')}id ${'} '.repeat(levels.length)}} }`;
}

/** An introspection query `depth` levels deep: __schema → types → ofType* → name. */
function deepIntrospection(depth: number): string {
  const levels = depth - 3;
  return `{ __schema { types { ${'ofType { '.repeat(levels)}name ${'} '.repeat(levels)}} } }`;
}

/** graphql-cop's circular introspection: __schema → types → (fields → type)* → name. */
function circularIntrospection(cycles: number): string {
  return `{ __schema { types { ${'fields { type { '.repeat(cycles)}name ${'} } '.repeat(cycles)}} } }`;
}

/** Every HTTP answer of the production server reports the address's budget (its limits are the defaults). */
const BUDGET = { rateLimit: { limit: 400, remaining: expect.any(Number), resetAt: expect.any(String) } };

const COSTLY = '{ games(first: 100) { nodes { rounds(first: 100) { nodes { bids { seq } } } } } }';
// games: 1 + 100 × (nodes: 1 + (rounds: 1 + 100 × (nodes: 1 + (bids: 1 + 10 × seq 1)))) = 120201
const COSTLY_COST = 120_201;

const CSRF_MESSAGE =
  "This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a 'content-type' header (with a type that is not one of application/x-www-form-urlencoded, multipart/form-data, text/plain) or provide a non-empty value for one of the following headers: x-apollo-operation-name, apollo-require-preflight\n";

it('runs with the limits this file asserts', () => {
  expect(OPERATION_LIMITS).toEqual({
    maxTokens: 3000,
    maxDepth: 14,
    maxIntrospectionDepth: 20,
    maxAliases: 30,
    maxDirectives: 10,
    maxCost: 25000,
    maxMutationFields: 10,
  });
  expect(DEFAULT_LIMITS.maxSubscriptionsPerSocket).toBe(50);
});

describe('over HTTP, in production mode', () => {
  it('keeps introspection on, as the schema is public; the standard query passes, a circular one does not', async () => {
    const roots = await gql(
      prod.url,
      '{ __schema { queryType { name } mutationType { name } subscriptionType { name } } }',
    );
    expect(dataOf(roots)).toEqual({
      __schema: {
        queryType: { name: 'Query' },
        mutationType: { name: 'Mutation' },
        subscriptionType: { name: 'Subscription' },
      },
    });
    const full = dataOf(
      await gql<{ __schema: { types: { name: string }[] } }>(prod.url, getIntrospectionQuery()),
    );
    expect(full.__schema.types.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Game', 'Seat', 'Round', 'GameEvent', 'ErrorCode']),
    );
    // graphql-js refuses introspection that cycles through fields → type → fields (more than 3 times).
    const circular = await gql(prod.url, circularIntrospection(4));
    expect(circular.status).toBe(400);
    expect(circular.body).toEqual({
      errors: [
        {
          message: 'Maximum introspection depth exceeded',
          locations: [{ line: 1, column: 3 }],
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ],
      extensions: BUDGET,
    });
    // A deep chain of ofType has no cycle, and is bounded by the server's own introspection depth.
    expect(dataOf(await gql(prod.url, deepIntrospection(20)))).toHaveProperty('__schema.types');
    const over = await gql(prod.url, deepIntrospection(21));
    expect(refusal(over)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 'introspectionDepth', 21, 20]);
    expect(onlyError(over).message).toBe('the introspection query is 21 levels deep; at most 20 are allowed');
  });

  it('refuses alias overloading past 30 aliases', async () => {
    const ok = dataOf(await gql(prod.url, aliases(30)));
    expect(Object.keys(ok)).toHaveLength(30);
    const over = await gql(prod.url, aliases(31));
    expect(refusal(over)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 'aliases', 31, 30]);
    expect(onlyError(over).message).toBe('the query has 31 aliases; at most 30 are allowed');
    expect(over.body!.data).toBeUndefined();
  });

  it('refuses batched (array) requests, even of two operations', async () => {
    const batch = await postJson(prod.url, [{ query: '{ __typename }' }, { query: '{ __typename }' }]);
    expect(batch.status).toBe(400);
    expect(batch.body).toEqual({
      errors: [
        {
          message: 'Operation batching disabled.',
          extensions: { code: 'BAD_USER_INPUT', reason: 'BAD_REQUEST' },
        },
      ],
      extensions: BUDGET,
    });
    const registered = await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM players');
    const mutations = await postJson(
      prod.url,
      Array.from({ length: 10 }, (_, i) => ({
        query: `mutation { registerPlayer(input: { name: "batch ${i}" }) { token } }`,
      })),
    );
    expect(mutations.status).toBe(400);
    expect(await sql(db.url, 'SELECT count(*) AS n FROM players')).toEqual(registered);
  });

  it('serves no explorer in production, whatever NODE_ENV says: a short page without scripts', async () => {
    const browser = { method: 'GET', headers: { accept: 'text/html' } };
    const prodPage = await fetch(prod.url, browser);
    expect(prodPage.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = await prodPage.text();
    expect(text).toContain('<h1>Perudo API</h1>');
    expect(text).not.toContain('<script');
    expect((await fetch(prod.url.replace(/graphql$/, 'explorer/graphiql.js'))).status).toBe(404);
    // The development server (same NODE_ENV) serves the explorer: the difference is the production option.
    const devPage = await fetch(dev.url, browser);
    expect(devPage.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await devPage.text()).toContain('<script src="/explorer/graphiql.js"></script>');
  });

  it('refuses GET and form posts without a preflight header, and never runs a mutation over GET', async () => {
    const query = (q: string): string => `${prod.url}?query=${encodeURIComponent(q)}`;
    const plainGet = await send(query('{ __typename }'), { method: 'GET' });
    expect(plainGet.status).toBe(400);
    expect(plainGet.body).toEqual({
      errors: [{ message: CSRF_MESSAGE, extensions: { code: 'BAD_USER_INPUT', reason: 'BAD_REQUEST' } }],
      extensions: BUDGET,
    });
    const form = await send(prod.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `query=${encodeURIComponent('mutation { registerPlayer(input: { name: "form" }) { token } }')}`,
    });
    expect(form.status).toBe(400);
    expect(form.body).toEqual({
      errors: [{ message: CSRF_MESSAGE, extensions: { code: 'BAD_USER_INPUT', reason: 'BAD_REQUEST' } }],
      extensions: BUDGET,
    });
    // A preflighted GET query is allowed (no browser can send it cross-site without CORS consent).
    const preflighted = await send(query('{ __typename }'), {
      method: 'GET',
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect([preflighted.status, preflighted.body]).toEqual([
      200,
      { data: { __typename: 'Query' }, extensions: BUDGET },
    ]);

    const before = await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM players');
    const headerSets: Record<string, string>[] = [
      {},
      { 'apollo-require-preflight': 'true' },
      { 'content-type': 'application/json' },
    ];
    for (const headers of headerSets) {
      const getMutation = await send(
        query('mutation { registerPlayer(input: { name: "by GET" }) { token } }'),
        {
          method: 'GET',
          headers,
        },
      );
      expect(getMutation.status).toBeGreaterThanOrEqual(400);
      expect(getMutation.text).not.toContain('token"');
      expect(getMutation.body!.data).toBeUndefined();
    }
    const preflightedMutation = await send(
      query('mutation { registerPlayer(input: { name: "by GET" }) { token } }'),
      {
        method: 'GET',
        headers: { 'apollo-require-preflight': 'true' },
      },
    );
    expect(preflightedMutation.status).toBe(405);
    expect(preflightedMutation.body).toEqual({
      errors: [
        {
          message: 'GET requests only support query operations, not mutation operations',
          extensions: { code: 'BAD_USER_INPUT', reason: 'BAD_REQUEST' },
        },
      ],
      extensions: BUDGET,
    });
    expect(await sql(db.url, 'SELECT count(*) AS n FROM players')).toEqual(before);
    expect(await sql(db.url, `SELECT count(*) AS n FROM players WHERE name IN ('by GET', 'form')`)).toEqual([
      { n: '0' },
    ]);
  });

  it('hides field, argument, enum and input-field suggestions in production (not in development)', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['{ gamez }', {}, 'Cannot query field "gamez" on type "Query".', ' Did you mean "game" or "games"?'],
      [
        '{ games(status: LOBY) { nodes { id } } }',
        {},
        'Value "LOBY" does not exist in "GameStatus" enum.',
        ' Did you mean the enum value "LOBBY"?',
      ],
      [
        'query($s: GameStatus) { games(status: $s) { nodes { id } } }',
        { s: 'LOBY' },
        'Variable "$s" got invalid value "LOBY"; Value "LOBY" does not exist in "GameStatus" enum.',
        ' Did you mean the enum value "LOBBY"?',
      ],
      [
        'mutation($i: GameInput!) { joinGame(input: $i) { clientMutationId } }',
        { i: { gameID: 'x' } },
        'Variable "$i" got invalid value { gameID: "x" }; Field "gameID" is not defined by type "GameInput".',
        ' Did you mean "gameId"?',
      ],
    ];
    for (const [query, variables, message, suggestion] of cases) {
      const p = await gql(prod.url, query, variables);
      expect([p.status, onlyError(p).message]).toEqual([400, message]);
      expect(p.text).not.toContain('Did you mean');
      const d = await gql(dev.url, query, variables);
      expect([d.status, onlyError(d).message]).toEqual([400, message + suggestion]);
    }
  });

  it('refuses directive overloading', async () => {
    expect(dataOf(await gql(prod.url, directives(10)))).toEqual({ __typename: 'Query' });
    const over = await gql(prod.url, directives(11));
    expect(refusal(over)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 'directives', 11, 10]);
    expect(onlyError(over).message).toBe('the query has 11 directives; at most 10 are allowed');
    // Unknown directives never get that far: validation refuses each of them.
    const unknown = await gql(prod.url, `{ __typename ${'@aa '.repeat(50)}}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body!.errors).toHaveLength(50);
    expect(new Set(unknown.body!.errors!.map((e) => `${e.extensions?.code} ${e.message}`))).toEqual(
      new Set(['GRAPHQL_VALIDATION_FAILED Unknown directive "@aa".']),
    );
  });

  it('refuses queries deeper than 14 levels, and fragment cycles', async () => {
    expect(dataOf(await gql(prod.url, deep(14), { id: gameId }))).toHaveProperty('game.host');
    const over = await gql(prod.url, deep(15), { id: gameId });
    expect(refusal(over)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 'depth', 15, 14]);
    expect(onlyError(over).message).toBe('the query is 15 levels deep; at most 14 are allowed');
    const cycle = await gql(
      prod.url,
      'query { viewer { ...A } } fragment A on Player { games { nodes { host { ...B } } } } fragment B on Player { ...A }',
    );
    expect(cycle.status).toBe(400);
    expect(cycle.body!.errors!.map((e) => e.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(cycle.body!.errors![0]!.message).toBe('Cannot spread fragment "A" within itself via "B".');
  });

  it('refuses queries over the cost limit before running them', async () => {
    expect(dataOf(await gql(prod.url, '{ games(first: 100) { nodes { id } } }'))).toHaveProperty(
      'games.nodes',
    );
    const over = await gql(prod.url, COSTLY);
    expect(refusal(over)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 'cost', COSTLY_COST, 25000]);
    expect(onlyError(over).message).toBe(
      `the query would cost ${COSTLY_COST}; at most 25000 is allowed (ask for smaller pages or fewer fields)`,
    );
    // A page size given in a variable counts as well.
    const byVariable = await gql(
      prod.url,
      'query($n: Int) { games(first: $n) { nodes { rounds(first: $n) { nodes { bids { seq } } } } } }',
      { n: 100 },
    );
    expect(refusal(byVariable)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 'cost', COSTLY_COST, 25000]);
  });

  it('measures the cost of every request whose directives take variables', async () => {
    const pruned = `query($x: Boolean!) { games(first: 100) @include(if: $x) {
      nodes { rounds(first: 100) { nodes { bids { seq } } } } } }`;
    // Pruned, the costly subtree is free and the query runs; included, the same text is refused.
    expect(dataOf(await gql(prod.url, pruned, { x: false }))).toEqual({});
    const included = await gql(prod.url, pruned, { x: true });
    expect(refusal(included)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 'cost', COSTLY_COST, 25000]);
    const skipped = pruned.replace('@include(if: $x)', '@skip(if: $x)');
    expect(dataOf(await gql(prod.url, skipped, { x: true }))).toEqual({});
    expect(refusal(await gql(prod.url, skipped, { x: false }))).toEqual([
      400,
      'GRAPHQL_VALIDATION_FAILED',
      'cost',
      COSTLY_COST,
      25000,
    ]);
  });

  it('refuses an operation that runs more than 10 mutations, creating nothing', async () => {
    const many = (n: number) =>
      `mutation { ${Array.from({ length: n }, (_, i) => `p${i}: registerPlayer(input: { name: "many ${n} ${i}" }) { token }`).join(' ')} }`;
    const over = await gql(prod.url, many(11));
    expect(refusal(over)).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', 'mutations', 11, 10]);
    expect(onlyError(over).message).toBe('the operation runs 11 mutations; at most 10 are allowed');
    const [row] = await sql<{ n: number }>(
      db.url,
      "SELECT count(*)::int AS n FROM players WHERE name LIKE 'many 11 %'",
    );
    expect(row!.n).toBe(0);
    const ten = dataOf(await gql<Record<string, { token: string }>>(prod.url, many(10)));
    expect(Object.keys(ten)).toHaveLength(10);
  });

  it('refuses documents of more than 3000 tokens; duplicated fields below that are merged', async () => {
    const huge = await gql(prod.url, `{ ${'__typename '.repeat(3000)}}`);
    expect(huge.status).toBe(400);
    expect(onlyError(huge).extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      reason: 'GRAPHQL_PARSE_FAILED',
    });
    expect(onlyError(huge).message).toBe(
      'Syntax Error: Document contains more that 3000 tokens. Parsing aborted.',
    );
    // graphql-cop's "field duplication": 500 copies of a field are one field in the result.
    const duplicated = await gql(prod.url, `{ ${'__typename '.repeat(500)}}`);
    expect([duplicated.status, duplicated.body]).toEqual([
      200,
      { data: { __typename: 'Query' }, extensions: BUDGET },
    ]);
  });

  it('answers a request body over 64 KiB with 413, whether declared or streamed', async () => {
    const padded = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(64 * 1024) } });
    const declared = await postJson(prod.url, padded);
    expect([declared.status, declared.body]).toEqual([
      413,
      {
        errors: [
          {
            message: 'request body over 65536 bytes',
            extensions: { code: 'BAD_USER_INPUT', reason: 'PAYLOAD_TOO_LARGE' },
          },
        ],
        extensions: BUDGET,
      },
    ]);
    const streamed = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(prod.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      for (let i = 0; i < 80; i++) req.write('x'.repeat(1024));
      req.end();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.text)).toEqual({
      errors: [
        {
          message: 'request body over 65536 bytes',
          extensions: { code: 'BAD_USER_INPUT', reason: 'PAYLOAD_TOO_LARGE' },
        },
      ],
      extensions: BUDGET,
    });
    const ok = await postJson(prod.url, {
      query: '{ __typename }',
      variables: { pad: 'x'.repeat(60 * 1024) },
    });
    expect([ok.status, ok.body]).toEqual([200, { data: { __typename: 'Query' }, extensions: BUDGET }]);
  });

  it('sends no stack traces, traces or debug extensions in production (development has stack traces)', async () => {
    const trace = { 'apollo-federation-include-trace': 'ftv1' };
    const failing: [string, Record<string, unknown>, string | null][] = [
      ['{ game(id: "nope!") { id } }', {}, null],
      ['{ gamez }', {}, null],
      ['{ games { ', {}, null],
      ['mutation { joinGame(input: { gameId: "x" }) { clientMutationId } }', {}, null],
      ['{ viewer { id } }', {}, 'Bearer nonsense-token-that-is-long-enough'],
      ['query($n: Int) { games(first: $n) { nodes { id } } }', { n: 'ten' }, null],
    ];
    for (const [query, variables, authorization] of failing) {
      const headers: Record<string, string> = { ...trace, ...(authorization ? { authorization } : {}) };
      const p = await postJson(prod.url, { query, variables }, headers);
      expect(p.body!.errors!.length).toBeGreaterThan(0);
      for (const e of p.body!.errors!) {
        expect(Object.keys(e.extensions ?? {}).sort()).toEqual(
          expect.not.arrayContaining(['stacktrace', 'exception', 'ftv1', 'tracing']),
        );
      }
      expect(p.text).not.toMatch(/\bat .*\.(ts|js):\d+|node_modules|stacktrace|ftv1/);
      const d = await postJson(dev.url, { query, variables }, headers);
      expect(d.body!.errors!.some((e) => Array.isArray(e.extensions?.stacktrace))).toBe(true);
    }
  });
});

describe('over WebSocket, in production mode', () => {
  it('applies the alias, directive, depth, cost and token limits and hides suggestions', async () => {
    const socket = await RawSocket.connect(prod.url);
    try {
      const cases: [string, Record<string, unknown>, [string, unknown, unknown, unknown, unknown], string][] =
        [
          [
            aliases(31),
            {},
            ['error', 'GRAPHQL_VALIDATION_FAILED', 'aliases', 31, 30],
            'the query has 31 aliases; at most 30 are allowed',
          ],
          [
            directives(11),
            {},
            ['error', 'GRAPHQL_VALIDATION_FAILED', 'directives', 11, 10],
            'the query has 11 directives; at most 10 are allowed',
          ],
          [
            deep(15),
            { id: gameId },
            ['error', 'GRAPHQL_VALIDATION_FAILED', 'depth', 15, 14],
            'the query is 15 levels deep; at most 14 are allowed',
          ],
          [
            deepIntrospection(21),
            {},
            ['error', 'GRAPHQL_VALIDATION_FAILED', 'introspectionDepth', 21, 20],
            'the introspection query is 21 levels deep; at most 20 are allowed',
          ],
          [
            COSTLY,
            {},
            ['error', 'GRAPHQL_VALIDATION_FAILED', 'cost', COSTLY_COST, 25000],
            `the query would cost ${COSTLY_COST}; at most 25000 is allowed (ask for smaller pages or fewer fields)`,
          ],
          [
            `{ ${'__typename '.repeat(3000)}}`,
            {},
            ['error', 'GRAPHQL_VALIDATION_FAILED', undefined, undefined, undefined],
            'Syntax Error: Document contains more that 3000 tokens. Parsing aborted.',
          ],
          [
            '{ gamez }',
            {},
            ['error', 'GRAPHQL_VALIDATION_FAILED', undefined, undefined, undefined],
            'Cannot query field "gamez" on type "Query".',
          ],
          [
            'query($s: GameStatus) { games(status: $s) { nodes { id } } }',
            { s: 'LOBY' },
            ['error', 'BAD_USER_INPUT', undefined, undefined, undefined],
            'Variable "$s" got invalid value "LOBY"; Value "LOBY" does not exist in "GameStatus" enum.',
          ],
        ];
      for (const [i, [query, variables, expected, message]] of cases.entries()) {
        socket.subscribe(`op${i}`, query, variables);
        const frame = await socket.end(`op${i}`);
        expect(wsRefusal(frame)).toEqual(expected);
        expect((frame.payload as GqlError[])[0]!.message).toBe(message);
        expect(socket.results(`op${i}`)).toEqual([]);
      }
      // Within the limits the same socket still works.
      socket.subscribe('fine', aliases(30));
      expect(await socket.end('fine')).toEqual({ id: 'fine', type: 'complete' });
      expect(Object.keys(socket.results('fine')[0]!.data!)).toHaveLength(30);
      expect(JSON.stringify(socket.frames)).not.toContain('Did you mean');
    } finally {
      await socket.close();
    }
  });

  it('caps subscriptions at 50 on one socket, and frees a place when one completes', async () => {
    const socket = await RawSocket.connect(prod.url);
    try {
      const query = 'subscription($id: ID!) { gameEvents(gameId: $id, afterSeq: 0) { seq type } }';
      for (let i = 1; i <= 50; i++) socket.subscribe(`s${i}`, query, { id: gameId });
      // Each accepted subscription replays the log from seq 1.
      for (let i = 1; i <= 50; i++) {
        await socket.waitFor((f) => f.id === `s${i}` && f.type === 'next');
      }
      socket.subscribe('s51', query, { id: gameId });
      const refused = await socket.end('s51');
      expect(refused).toEqual({
        id: 's51',
        type: 'error',
        payload: [
          { message: 'at most 50 operations may run on one socket', extensions: { code: 'RATE_LIMITED' } },
        ],
      });
      socket.send({ id: 's1', type: 'complete' });
      const from = socket.frames.length;
      socket.subscribe('s52', query, { id: gameId });
      const first = await socket.waitFor((f) => f.id === 's52', 5_000, from);
      expect(first).toEqual({
        id: 's52',
        type: 'next',
        payload: { data: { gameEvents: { seq: 1, type: 'GAME_CREATED' } } },
      });
      expect(socket.frames.filter((f) => f.type === 'error').map((f) => f.id)).toEqual(['s51']);
    } finally {
      await socket.close();
    }
  });

  it('closes a socket that sends no connection_init within the timeout with 4408', async () => {
    const started = Date.now();
    const socket = await RawSocket.open(prod.url);
    const closed = await socket.closed;
    const elapsed = Date.now() - started;
    expect(closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(3_000);
    expect(socket.frames).toEqual([]);
  });

  it('closes a socket whose token is not valid with 4403 and sends nothing', async () => {
    const socket = await RawSocket.open(prod.url);
    socket.send({
      type: 'connection_init',
      payload: { authorization: 'Bearer not-a-real-token-at-all-000' },
    });
    expect(await socket.closed).toEqual({ code: 4403, reason: 'Forbidden' });
    expect(socket.frames).toEqual([]);
  });

  it('reads the token from connectionParams whatever the case of "authorization"', async () => {
    const player = await registerPlayer(prod.url, 'Case');
    for (const key of ['Authorization', 'AUTHORIZATION']) {
      const socket = await RawSocket.open(prod.url);
      socket.send({ type: 'connection_init', payload: { [key]: `Bearer ${player.token}` } });
      await socket.waitFor((f) => f.type === 'connection_ack');
      socket.subscribe('me', '{ viewer { id } }');
      expect(await socket.end('me')).toEqual({ id: 'me', type: 'complete' });
      expect(socket.results('me')).toEqual([{ data: { viewer: { id: player.id } } }]);
      await socket.close();
    }
    const wrong = await RawSocket.open(prod.url);
    wrong.send({ type: 'connection_init', payload: { Authorization: 'Bearer not-a-real-token-at-all-000' } });
    expect(await wrong.closed).toEqual({ code: 4403, reason: 'Forbidden' });
  });
});
