import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  buildSchema,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { startApp, type App } from '../../src/app';
import { NO_RATE_LIMITS } from '../../src/gate/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  accepted,
  type GamePayload,
  type GqlError,
  mutate,
  type Player,
  registerPlayer,
  type Reply,
  send,
  startedGame,
} from '../support/graphql-client';
import { PROJECT_ROOT } from '../support/server-launcher';
import { RawSocket } from '../support/ws-client';
import { nextMove, publicGame, type PublicGame } from './support';

/**
 * Random operations with random and invalid inputs against the real server over HTTP (and documents over
 * WebSocket). Whatever comes in, the server answers with a client error or a refusal, never an internal
 * error or a 5xx; and a refused move leaves the game exactly as it was (version and every public field).
 * The runs are bounded in time; a failure prints fast-check's seed and path to replay it.
 */

let db: TestDatabase;
let app: App;
const serverLog: unknown[] = [];
let players: Player[];
/** Games the operations pick from; a new game in play is added whenever the last one has ended. */
const games: string[] = [];
const otherIds: string[] = [];

const PUBLIC_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
  'OPERATION_RESOLUTION_FAILURE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
]);

/** `arb` one time in `every`, null otherwise. */
function sometimes<T>(arb: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 1, arbitrary: arb }, { weight: every - 1, arbitrary: fc.constant(null) });
}

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    limits: { ...NO_RATE_LIMITS, maxActiveGamesPerPlayer: 1000 },
    log: (m) => serverLog.push(m),
  });
  players = await Promise.all(['Ann', 'Bob', 'Cid'].map((n) => registerPlayer(app.url, n)));
  const lobby = accepted(
    await mutate(app.url, 'createGame', { preset: 'CLASSIC' }, players[0]!.token),
    'createGame',
  );
  const cancelled = accepted(
    await mutate(app.url, 'createGame', { preset: 'PUB' }, players[1]!.token),
    'createGame',
  );
  accepted(await mutate(app.url, 'leaveGame', { gameId: cancelled.id }, players[1]!.token), 'leaveGame');
  const finished = await startedGame(app.url, players.slice(0, 2), {
    preset: 'PUB',
    overrides: { startingDice: 1 },
  });
  for (let status = finished.status; status === 'IN_PROGRESS';) {
    const move = await nextMove(app.url, finished.id, players, 1);
    status = accepted(await mutate(app.url, move.name, move.input, move.player.token), move.name).status;
  }
  const playing = await startedGame(app.url, players, { preset: 'PERUDO', overrides: { startingDice: 2 } });
  games.push(lobby.id, cancelled.id, finished.id, playing.id);
  const roundId = b64(`Round:${Buffer.from(playing.id, 'base64url').toString().slice(5)}:1`);
  otherIds.push(...players.map((p) => p.id), roundId);
});

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

/** Fails with everything needed to understand a 5xx or an internal error. */
function expectNoServerError(reply: Reply<unknown>, what: unknown): void {
  const internal = (reply.body?.errors ?? []).filter(
    (e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR' || !PUBLIC_CODES.has(String(e.extensions?.code)),
  );
  if (reply.status >= 500 || reply.body === null || internal.length > 0) {
    throw new Error(
      `HTTP ${reply.status} for ${JSON.stringify(what)}:\n${reply.text.slice(0, 2000)}\nserver log:\n${serverLog
        .slice(-5)
        .map((m) => (m instanceof Error ? m.stack : String(m)))
        .join('\n')}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Values

/** An ID: mostly a known game, else another node's ID, a game that does not exist, or garbage. */
type IdChoice =
  { kind: 'game'; index: number } | { kind: 'other'; index: number } | { kind: 'raw'; value: unknown };

const controlText = fc
  .array(fc.integer({ min: 0, max: 0x9f }), { maxLength: 8 })
  .map((codes) => String.fromCharCode(...codes));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => `a${String.fromCharCode(c)}b`);
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  controlText,
  loneSurrogate,
  fc.constantFrom(
    '',
    ' ',
    '\u200b',
    '\u202e',
    'x'.repeat(129),
    'é'.repeat(81),
    "'; DROP TABLE games; --",
    '%s%n',
    '${x}',
  ),
);

const wrongType = fc.oneof(
  text,
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

const intLike: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -3, max: 40 }) },
  { weight: 2, arbitrary: fc.integer() },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      2 ** 31 - 1,
      -(2 ** 31),
      2 ** 31,
      2_000_000_000,
      2_000_000_001,
      2 ** 53,
      1e300,
      -0,
      1.5,
      NaN,
    ),
  },
  { weight: 1, arbitrary: wrongType },
);

const idChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 8, arbitrary: fc.nat().map((index) => ({ kind: 'game' as const, index })) },
  { weight: 2, arbitrary: fc.nat().map((index) => ({ kind: 'other' as const, index })) },
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.uuid().map((u) => b64(`Game:${u}`)),
        fc.uuid().map((u) => b64(`Round:${u}:1`)),
        fc.uuid().map((u) => b64(`Player:${u}`)),
        fc.uuid(),
        text.map((t) => b64(`Game:${t}`)),
        text,
        fc.constantFrom('', 'R2FtZTo', 'R2FtZQ', '==', 'x'.repeat(201), b64(`Game:${'0'.repeat(36)}`)),
        wrongType,
      )
      .map((value) => ({ kind: 'raw' as const, value })),
  },
);

function resolveId(choice: IdChoice): unknown {
  if (choice.kind === 'game') return games[choice.index % games.length];
  if (choice.kind === 'other') return otherIds[choice.index % otherIds.length];
  return choice.value;
}

const enumLike = (values: readonly string[]): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: wrongType });

const overrides = fc.record(
  {
    startingDice: intLike,
    maxDice: intLike,
    unlimitedDice: fc.oneof(fc.boolean(), wrongType),
    minPlayers: intLike,
    maxPlayers: intLike,
    raise: enumLike(['STRICT', 'STANDARD', 'QUANTITY_ONLY']),
    wildAces: fc.oneof(fc.boolean(), wrongType),
    openingAces: fc.boolean(),
    firstStarter: enumLike(['ROLL_OFF', 'RANDOM', 'SEAT_ORDER']),
    nextStarter: enumLike(['LOSER', 'WINNER']),
    palifico: enumLike(['NONE', 'ONCE_PER_GAME', 'EVERY_TIME']),
    palificoMinPlayers: intLike,
    palificoVeteransMayChangeFace: fc.boolean(),
    exact: enumLike(['NONE', 'CALZA', 'JINTO']),
    exactCaller: enumLike(['ANY_EXCEPT_NEXT', 'NEXT_ONLY']),
    exactMinPlayers: intLike,
    exactInPalifico: fc.boolean(),
    exactRequiresBelowMax: fc.boolean(),
    colour: text,
  },
  { requiredKeys: [] },
);

/** expectedVersion: absent, relative to the game's version at the time, or any value at all. */
type VersionChoice = { kind: 'none' } | { kind: 'relative'; delta: number } | { kind: 'raw'; value: unknown };
const versionChoice: fc.Arbitrary<VersionChoice> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.integer({ min: -2, max: 2 }).map((delta) => ({ kind: 'relative' as const, delta })),
  intLike.map((value) => ({ kind: 'raw' as const, value })),
);

/** Fields every mutation input may carry, each now and then, and one it may not. */
const common = fc
  .tuple(
    sometimes(fc.oneof(text, fc.constantFrom('k1', 'k2'), wrongType), 3),
    sometimes(fc.oneof(text, wrongType), 3),
    sometimes(wrongType, 12),
  )
  .map(([idempotencyKey, clientMutationId, extra]) => {
    const fields: Record<string, unknown> = {};
    if (idempotencyKey !== null) fields.idempotencyKey = idempotencyKey;
    if (clientMutationId !== null) fields.clientMutationId = clientMutationId;
    if (extra !== null) fields.extra = extra;
    return fields;
  });

// ---------------------------------------------------------------------------------------------------------
// Operations

type Actor = number | 'anonymous' | 'bad token' | 'malformed header';
const actor: fc.Arbitrary<Actor> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom<Actor>('anonymous', 'bad token', 'malformed header') },
);

type Op =
  | {
      kind: 'mutation';
      name: 'placeBid' | 'callDudo' | 'callExact' | 'joinGame' | 'leaveGame' | 'startGame';
      actor: Actor;
      game: IdChoice;
      version: VersionChoice;
      fields: Record<string, unknown>;
      omitGame: boolean;
      declaredType: string | null;
    }
  | { kind: 'create'; actor: Actor; input: Record<string, unknown>; omitPreset: boolean }
  | { kind: 'register'; name: unknown }
  | {
      kind: 'legal';
      tweak: 'none' | 'quantity' | 'face' | 'player' | 'stale' | 'repeat';
      delta: number;
      other: number;
    }
  | { kind: 'query'; actor: Actor; which: number; id: IdChoice; args: Record<string, unknown> };

const INPUT_TYPES = [
  'GameInput',
  'GameActionInput',
  'PlaceBidInput',
  'CreateGameInput',
  'String',
  'Int',
  'ID',
];

const MUTATIONS = ['placeBid', 'callDudo', 'callExact', 'joinGame', 'leaveGame', 'startGame'] as const;

const mutationOp: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('mutation' as const),
  name: fc.constantFrom(...MUTATIONS, 'placeBid', 'placeBid'),
  actor,
  game: idChoice,
  version: versionChoice,
  // A bid's quantity and face, which the other inputs do not have (sent to them one time in eight).
  fields: fc
    .tuple(fc.record({ quantity: intLike, face: intLike }, { requiredKeys: [] }), common, fc.nat({ max: 7 }))
    .map(([bid, rest, roll]) => ({ ...bid, ...rest, usual: roll < 7 })),
  omitGame: fc.oneof(
    { weight: 9, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
  declaredType: sometimes(fc.constantFrom<string>(...INPUT_TYPES), 8),
});

const createOp: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('create' as const),
  actor,
  input: fc
    .tuple(
      fc.record(
        {
          preset: enumLike(['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB', 'pub', 'CHESS']),
          overrides: fc.oneof(overrides, wrongType),
          maxPlayers: intLike,
          name: fc.oneof(text, wrongType),
          turnSeconds: intLike,
          timeoutsToForfeit: intLike,
        },
        { requiredKeys: ['preset'] },
      ),
      common,
    )
    .map(([a, b]) => ({ ...a, ...b })),
  omitPreset: fc.boolean(),
});

const registerOp: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('register' as const),
  name: fc.oneof(text, wrongType),
});

const legalOp: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('legal' as const),
  tweak: fc.constantFrom('none', 'none', 'quantity', 'face', 'player', 'stale', 'repeat'),
  delta: fc.integer({ min: -2, max: 2 }),
  other: fc.integer({ min: 1, max: 2 }),
});

const QUERIES = [
  'query($id: ID!) { game(id: $id) { id version status seats { dice } } }',
  'query($id: ID!) { node(id: $id) { id ... on Game { version } ... on Round { number reveal { dice } } } }',
  'query($id: ID!) { player(id: $id) { id name stats { gamesPlayed } games(first: 2) { nodes { id } } } }',
  'query($status: GameStatus, $first: Int, $after: String) { games(status: $status, first: $first, after: $after) { nodes { id } pageInfo { endCursor } } }',
  'query($id: ID!, $first: Int, $after: String) { game(id: $id) { rounds(first: $first, after: $after) { totalCount nodes { number } pageInfo { endCursor } } } }',
  '{ viewer { id name games { nodes { id legalActions { canBid } } } } rulePresets { preset } }',
];

const queryOp: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('query' as const),
  actor,
  which: fc.nat({ max: QUERIES.length - 1 }),
  id: idChoice,
  args: fc.record(
    {
      status: enumLike(['LOBBY', 'IN_PROGRESS', 'FINISHED', 'CANCELLED']),
      first: intLike,
      after: fc.oneof(text, fc.string().map(b64), wrongType),
    },
    { requiredKeys: [] },
  ),
});

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 10, arbitrary: mutationOp },
  { weight: 6, arbitrary: legalOp },
  { weight: 2, arbitrary: createOp },
  { weight: 1, arbitrary: registerOp },
  { weight: 3, arbitrary: queryOp },
);

function headersOf(a: Actor): Record<string, string> {
  if (a === 'anonymous') return {};
  if (a === 'bad token') return { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
  if (a === 'malformed header') return { authorization: 'Basic \u00ff\u00fe' };
  return { authorization: `Bearer ${players[a]!.token}` };
}

async function post(
  query: string,
  variables: Record<string, unknown>,
  a: Actor,
  operationName: string | null = null,
): Promise<Reply<Record<string, GamePayload>>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...headersOf(a) };
  const response = await fetch(app.url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables, ...(operationName === null ? {} : { operationName }) }),
  });
  const bodyText = await response.text();
  let body: Reply<Record<string, GamePayload>>['body'] = null;
  try {
    body = JSON.parse(bodyText) as Reply<Record<string, GamePayload>>['body'];
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, text: bodyText, body };
}

function payloadText(name: string, declared: string): string {
  return `mutation($input: ${declared}!) { ${name}(input: $input) { game { id version } userErrors { code message field } clientMutationId } }`;
}

/** Keeps one game in play among the known ones, so that moves meet every phase of a game. */
async function gameInPlay(): Promise<string> {
  const last = games[games.length - 1]!;
  const game = await publicGame(app.url, last);
  if (game?.status === 'IN_PROGRESS') return last;
  const fresh = await startedGame(app.url, players, { preset: 'PERUDO', overrides: { startingDice: 2 } });
  games.push(fresh.id);
  return fresh.id;
}

/** Runs a move that may be refused, and checks what a refusal must leave untouched. */
async function runMove(
  gameId: unknown,
  send: () => Promise<Reply<Record<string, GamePayload>>>,
  what: unknown,
): Promise<'applied' | 'refused'> {
  const before =
    typeof gameId === 'string' && games.includes(gameId) ? await publicGame(app.url, gameId) : null;
  const reply = await send();
  expectNoServerError(reply, what);
  const payload = reply.body?.data ? Object.values(reply.body.data)[0] : undefined;
  const refused = !payload || (reply.body?.errors?.length ?? 0) > 0 || payload.userErrors.length > 0;
  for (const e of reply.body?.errors ?? []) seenCodes.add(String(e.extensions?.code));
  for (const e of payload?.userErrors ?? []) seenCodes.add(e.code);
  if (before) {
    const after = (await publicGame(app.url, before.id)) as PublicGame;
    if (refused) {
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        throw new Error(`a refused move changed the game: ${JSON.stringify(what)}\n${reply.text}`);
      }
    } else if (after.version === before.version) {
      // An idempotent replay answers with the first result and changes nothing.
      expect(after).toEqual(before);
    } else {
      // A host leaving a lobby that keeps people hands it on as a change of its own (PLAYER_LEFT, then
      // HOST_CHANGED): two steps. Every other accepted move is one.
      const host = (g: PublicGame): string => (g.host as { id: string }).id;
      const handedOn =
        (what as { name?: unknown }).name === 'leaveGame' &&
        before.status === 'LOBBY' &&
        host(after) !== host(before);
      expect(after.version).toBe(before.version + (handedOn ? 2 : 1));
      expect(payload!.game!.version).toBe(after.version);
    }
  }
  return refused ? 'refused' : 'applied';
}

const tally = { applied: 0, refused: 0, queries: 0, documents: 0 };
/** The error codes and userError codes refused moves got. */
const seenCodes = new Set<string>();

async function run(o: Op): Promise<void> {
  switch (o.kind) {
    case 'mutation': {
      const gameId = resolveId(o.game);
      const current =
        typeof gameId === 'string' && games.includes(gameId) ? await publicGame(app.url, gameId) : null;
      const { usual, quantity, face, ...fields } = o.fields;
      const input: Record<string, unknown> = { ...fields };
      if ((o.name === 'placeBid') === usual) Object.assign(input, { quantity, face });
      if (!o.omitGame) input.gameId = gameId;
      if (o.version.kind === 'relative') input.expectedVersion = (current?.version ?? 0) + o.version.delta;
      if (o.version.kind === 'raw') input.expectedVersion = o.version.value;
      const declared =
        o.declaredType ??
        { placeBid: 'PlaceBidInput', callDudo: 'GameActionInput', callExact: 'GameActionInput' }[
          o.name as string
        ] ??
        'GameInput';
      tally[
        await runMove(gameId, () => post(payloadText(o.name, declared), { input }, o.actor), { ...o, input })
      ]++;
      return;
    }
    case 'create': {
      const input = { ...o.input };
      if (o.omitPreset) delete input.preset;
      const reply = await post(payloadText('createGame', 'CreateGameInput'), { input }, o.actor);
      expectNoServerError(reply, o);
      return;
    }
    case 'register': {
      const reply = await post(
        'mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { player { id name } userErrors { code } } }',
        { input: { name: o.name } },
        'anonymous',
      );
      expectNoServerError(reply, o);
      return;
    }
    case 'legal': {
      const gameId = await gameInPlay();
      const move = await nextMove(app.url, gameId, players, 1 + (o.delta & 1));
      const input = { ...move.input };
      let mover = players.indexOf(move.player);
      if (o.tweak === 'quantity' && 'quantity' in input) input.quantity = Number(input.quantity) + o.delta;
      if (o.tweak === 'face' && 'face' in input) input.face = Number(input.face) + o.delta;
      if (o.tweak === 'player') mover = (mover + o.other) % players.length;
      if (o.tweak === 'stale') input.expectedVersion = Number(input.expectedVersion) - o.other;
      const send = (): Promise<Reply<Record<string, GamePayload>>> =>
        post(
          payloadText(move.name, move.name === 'placeBid' ? 'PlaceBidInput' : 'GameActionInput'),
          { input },
          mover,
        );
      const first = await runMove(gameId, send, { ...o, input, mover });
      tally[first]++;
      // The same move again: now stale (refused), whatever happened the first time.
      if (o.tweak === 'repeat') tally[await runMove(gameId, send, { ...o, input, mover, again: true })]++;
      return;
    }
    case 'query': {
      const reply = await post(QUERIES[o.which]!, { id: resolveId(o.id), ...o.args }, o.actor);
      expectNoServerError(reply, { ...o, id: resolveId(o.id) });
      tally.queries++;
      return;
    }
  }
}

it('never answers random operations with an internal error, and refused moves change nothing', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      for (const o of ops) await run(o);
    }),
    { numRuns: 80, plugins: [fc.interruptAfterTimeLimit(14_000)] },
  );
  // Enough of each kind actually ran (the time limit may cut the runs short).
  expect(tally.applied).toBeGreaterThanOrEqual(20);
  expect(tally.refused).toBeGreaterThanOrEqual(100);
  expect(tally.queries).toBeGreaterThanOrEqual(20);
  expect([...seenCodes]).toEqual(
    expect.arrayContaining([
      'BAD_USER_INPUT',
      'GRAPHQL_VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'NOT_YOUR_TURN',
      'STALE_VERSION',
    ]),
  );
  expect(serverLog).toEqual([]);
});

// ---------------------------------------------------------------------------------------------------------
// Random documents from a small grammar over the schema

const schema: GraphQLSchema = buildSchema(fs.readFileSync(path.join(PROJECT_ROOT, 'schema.graphql'), 'utf8'));
const OBJECT_TYPES = Object.values(schema.getTypeMap()).filter(
  (t) => isObjectType(t) && !t.name.startsWith('__'),
) as GraphQLNamedType[];

/** A literal for an argument: usually of the right type, sometimes not. */
function literal(type: GraphQLInputType, depth = 0): fc.Arbitrary<string> {
  const inner = isNonNullType(type) ? type.ofType : type;
  const wrong = fc.oneof(
    fc.constantFrom(
      'null',
      '1',
      '-1',
      '2147483648',
      '1.5',
      'true',
      '"x"',
      '[]',
      '{}',
      'LOBBY',
      '$nope',
      '"\\u0000"',
    ),
    text.map((t) => JSON.stringify(t)),
  );
  let right: fc.Arbitrary<string>;
  if (isListType(inner)) {
    right = fc.array(literal(inner.ofType, depth + 1), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`);
  } else if (isEnumType(inner)) {
    right = fc.constantFrom(...inner.getValues().map((v) => v.name));
  } else if (isInputObjectType(inner) && depth < 2) {
    right = argumentsOf(Object.values(inner.getFields()), depth + 1).map(
      (pairs) => `{ ${pairs.slice(1, -1)} }`,
    );
  } else if (isScalarType(inner) && inner.name === 'Int') {
    right = intLike
      .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
      .map((v) => String(v));
  } else if (isScalarType(inner) && inner.name === 'ID') {
    right = idChoice.map((c) => {
      const id = resolveId(c);
      return JSON.stringify(typeof id === 'string' ? id : (JSON.stringify(id) ?? ''));
    });
  } else if (isScalarType(inner) && inner.name === 'Boolean') {
    right = fc.boolean().map(String);
  } else {
    right = fc
      .oneof({ weight: 4, arbitrary: fc.string({ maxLength: 20 }) }, { weight: 1, arbitrary: text })
      .map((t) => JSON.stringify(t));
  }
  return fc.oneof({ weight: 12, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

/** `(a: 1, b: "x")` for some of the optional arguments and (nearly always) every required one. */
function argumentsOf(
  args: readonly (Pick<GraphQLArgument, 'name'> & { type: GraphQLInputType })[],
  depth = 0,
): fc.Arbitrary<string> {
  if (args.length === 0) return fc.constant('');
  const required = args.filter((a) => isNonNullType(a.type));
  const optional = args.filter((a) => !isNonNullType(a.type));
  return fc
    .tuple(
      fc.subarray(optional, { maxLength: Math.min(3, optional.length) }),
      sometimes(fc.constant(true), 10),
    )
    .chain(([chosen, dropRequired]) =>
      fc.tuple(
        ...[...(dropRequired ? [] : required), ...chosen].map((a) =>
          literal(a.type, depth).map((v) => `${a.name}: ${v}`),
        ),
      ),
    )
    .map((pairs) => (pairs.length ? `(${pairs.join(', ')})` : ''));
}

const alias = sometimes(fc.constantFrom('a', 'b', 'x1', 'id', 'version', 'dice'), 5);
const directive = sometimes(
  fc.constantFrom(
    '@include(if: true)',
    '@skip(if: false)',
    '@skip(if: $flag)',
    '@include(if: $flag)',
    '@deprecated',
    '@nope',
  ),
  4,
);

/** Selection sets of every composite type, built with fc.letrec; depth past the server's limit on purpose. */
const selections = fc.letrec<Record<string, string>>((tie) => {
  const builders: Record<string, fc.Arbitrary<string>> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isCompositeType(type) || type.name.startsWith('__')) continue;
    // A valid rotateToken revokes the fuzzer's own token, as it should: every later request would be refused.
    const fields = ('getFields' in type ? Object.values(type.getFields()) : []).filter(
      (field) => !(type.name === 'Mutation' && field.name === 'rotateToken'),
    );
    const fieldArbs = fields.map((field) => {
      const named = getNamedType(field.type);
      // The first choice ends the recursion (fc.oneof takes it past maxDepth).
      const sub = isCompositeType(named)
        ? fc.oneof(
            { depthSize: 'small', maxDepth: 16 },
            { weight: 1, arbitrary: fc.constant('{ __typename }') },
            { weight: 8, arbitrary: tie(named.name) },
            { weight: 1, arbitrary: fc.constant('') },
          )
        : fc.oneof(
            { weight: 20, arbitrary: fc.constant('') },
            { weight: 1, arbitrary: fc.constant('{ id }') },
          );
      return fc
        .tuple(alias, argumentsOf(field.args), directive, sub)
        .map(([a, args, d, s]) => `${a ? `${a}: ` : ''}${field.name}${args}${d ? ` ${d}` : ''} ${s}`);
    });
    const fragmentTypes = isObjectType(type) ? [type.name] : schema.getPossibleTypes(type).map((t) => t.name);
    const fragment = fc
      .constantFrom(...fragmentTypes, ...OBJECT_TYPES.slice(0, 2).map((t) => t.name))
      .chain((on) => tie(on).map((set) => `... on ${on} ${set}`));
    const choice = fc.oneof(
      { depthSize: 'small', maxDepth: 16 },
      { weight: 4, arbitrary: fc.constant('__typename') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'nope',
          '__schema { queryType { name } }',
          '__type(name: "Game") { name }',
        ),
      },
      ...fieldArbs.map((arbitrary) => ({ weight: 3, arbitrary })),
      { weight: 1, arbitrary: fragment },
    );
    // A subscription selects one root field (graphql-js refuses more, and introspection, there).
    builders[type.name] =
      type.name === 'Subscription'
        ? fc
            .oneof({ weight: 6, arbitrary: fc.oneof(...fieldArbs) }, { weight: 1, arbitrary: choice })
            .map((x) => `{ ${x} }`)
        : fc.array(choice, { minLength: 1, maxLength: 3 }).map((xs) => `{ ${xs.join(' ')} }`);
  }
  return builders;
});

/** The operation keyword and the type whose selection set follows: mostly matching, sometimes not. */
const operation = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(['query', 'Query'], ['', 'Query'], ['query Q', 'Query']) },
  { weight: 2, arbitrary: fc.constant(['mutation', 'Mutation']) },
  { weight: 3, arbitrary: fc.constant(['subscription', 'Subscription']) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom('query', 'mutation', 'subscription', 'fragment F on Game'),
      fc.constantFrom('Query', 'Mutation', 'Subscription', 'Game'),
    ),
  },
);

const document = fc
  .tuple(
    operation.chain(([keyword, root]) => selections[root]!.map((set) => [keyword, set] as const)),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant('') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('($flag: Boolean)', '($flag: Boolean!, $id: ID)', '($flag: Int)'),
      },
    ),
    sometimes(fc.nat(), 12),
    sometimes(fc.string({ unit: 'binary-ascii', maxLength: 3 }), 12),
    sometimes(fc.constantFrom(' query B { __typename }', ' subscription S { lobbyEvents { id } }'), 6),
    sometimes(fc.constantFrom('Q', 'B', 'S', 'C', ''), 6),
  )
  .map(([[keyword, set], vars, cut, junk, another, operationName]) => {
    let doc = `${keyword}${keyword && !keyword.startsWith('fragment') ? vars : ''} ${set}`;
    if (another !== null) doc += another;
    if (cut !== null) doc = doc.slice(0, cut % (doc.length + 1));
    if (junk !== null) doc += junk;
    return { doc, operationName };
  });

const variables = fc.record(
  { flag: fc.oneof(fc.boolean(), wrongType), id: fc.oneof(text, wrongType) },
  { requiredKeys: [] },
);

it('never answers random documents over HTTP or WebSocket with an internal error', async () => {
  let socket = await RawSocket.connect(app.url, players[2]!.token);
  let n = 0;
  let ran = 0;
  try {
    await fc.assert(
      fc.asyncProperty(document, variables, fc.boolean(), async ({ doc, operationName }, vars, overWs) => {
        tally.documents++;
        if (!overWs) {
          const reply = await post(doc, vars, 0, operationName);
          expectNoServerError(reply, { doc, operationName, vars });
          if (reply.status === 200) ran++;
          return;
        }
        // A socket an earlier document closed has been reported already: go on with a new one.
        if (socket.closeState) socket = await RawSocket.connect(app.url, players[2]!.token);
        const id = `d${n++}`;
        const from = socket.frames.length;
        socket.send({
          id,
          type: 'subscribe',
          payload: { query: doc, variables: vars, ...(operationName === null ? {} : { operationName }) },
        });
        // A subscription that was accepted keeps running: one frame (or a pause) is enough.
        await socket.waitFor((f) => f.id === id, 300, from).catch(() => null);
        if (socket.closeState) {
          throw new Error(
            `the socket was closed (${JSON.stringify(socket.closeState)}) by ${doc} ${operationName} ${JSON.stringify(vars)}`,
          );
        }
        socket.send({ id, type: 'complete' });
        const frames = socket.frames.slice(from).filter((f) => f.id === id);
        // Accepted: it ran (a result) or still runs (a subscription with nothing to send yet).
        if (!frames.some((f) => f.type === 'error')) ran++;
        for (const f of frames) {
          const errors = (f.type === 'error' ? f.payload : (f.payload as { errors?: unknown })?.errors) as
            GqlError[] | undefined;
          for (const e of errors ?? []) {
            if (!PUBLIC_CODES.has(String(e.extensions?.code))) {
              throw new Error(
                `${JSON.stringify(e)} for ${doc} ${operationName} ${JSON.stringify(vars)}\n${serverLog.slice(-3).join('\n')}`,
              );
            }
          }
        }
      }),
      { numRuns: 400, plugins: [fc.interruptAfterTimeLimit(6_000)] },
    );
  } finally {
    await socket.close();
  }
  expect(tally.documents).toBeGreaterThanOrEqual(100);
  // A fair share of the documents were valid and ran.
  expect(ran).toBeGreaterThanOrEqual(tally.documents / 20);
  expect(serverLog).toEqual([]);
});

describe('what the fuzzing found, kept as fixed cases', () => {
  const SUBSCRIPTIONS_OVER_HTTP = {
    errors: [
      {
        message: 'subscriptions are served over WebSocket (graphql-transport-ws) at /graphql',
        extensions: { code: 'BAD_USER_INPUT', reason: 'BAD_REQUEST' },
      },
    ],
  };

  it('refuses subscription operations over HTTP with 400 (Apollo ran them as queries, or failed with a 500)', async () => {
    const skipped = 'subscription($f: Boolean!) { lobbyEvents @skip(if: $f) { id } }';
    for (const query of ['subscription { lobbyEvents { id } }', skipped]) {
      const reply = await post(query, { f: false }, 0);
      expect([reply.status, reply.body]).toEqual([400, SUBSCRIPTIONS_OVER_HTTP]);
    }
    const get = await send(`${app.url}?query=${encodeURIComponent(skipped)}`, {
      method: 'GET',
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect([get.status, get.body]).toEqual([400, SUBSCRIPTIONS_OVER_HTTP]);
    // A document that only mentions the word is a query like any other.
    const query = await post('{ subscription: __typename }', {}, 0);
    expect([query.status, query.body]).toEqual([200, { data: { subscription: 'Query' } }]);
  });

  it('asks over WebSocket, as over HTTP, which of several operations to run', async () => {
    const query = 'query A { __typename } query B { __typename }';
    const socket = await RawSocket.connect(app.url);
    try {
      for (const [operationName, message] of [
        [undefined, 'Must provide operation name if query contains multiple operations.'],
        ['C', 'Unknown operation named "C".'],
      ] as const) {
        const refusal = [
          {
            message,
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED', reason: 'OPERATION_RESOLUTION_FAILURE' },
          },
        ];
        const overHttp = await post(query, {}, 0, operationName ?? null);
        expect([overHttp.status, overHttp.body]).toEqual([400, { errors: refusal }]);
        socket.send({ id: `op ${operationName}`, type: 'subscribe', payload: { query, operationName } });
        expect(await socket.end(`op ${operationName}`)).toEqual({
          id: `op ${operationName}`,
          type: 'error',
          payload: refusal,
        });
      }
      socket.send({ id: 'b', type: 'subscribe', payload: { query, operationName: 'B' } });
      expect(await socket.end('b')).toEqual({ id: 'b', type: 'complete' });
      expect(serverLog).toEqual([]);
    } finally {
      await socket.close();
    }
  });

  it('refuses a subscription with @skip or @include on its root field, without closing the socket', async () => {
    const socket = await RawSocket.connect(app.url);
    try {
      socket.subscribe('s', 'subscription($f: Boolean!) { lobbyEvents @include(if: $f) { id } }', {
        f: true,
      });
      expect(await socket.end('s')).toEqual({
        id: 's',
        type: 'error',
        payload: [
          {
            message:
              'Argument "if" of required type "Boolean!" was provided the variable "$f" which was not provided a runtime value.',
            locations: [{ line: 1, column: 55 }],
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ],
      });
      socket.subscribe('q', '{ __typename }');
      expect(await socket.end('q')).toEqual({ id: 'q', type: 'complete' });
      expect(socket.results('q')).toEqual([{ data: { __typename: 'Query' } }]);
      expect(socket.closeState).toBeNull();
    } finally {
      await socket.close();
    }
  });
});
