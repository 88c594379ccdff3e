// A refusal the client caused is an answer, not a fault: it reaches the log at info level at most, without a
// stack, over HTTP and over the socket; a fault of the server is still logged as an error.
import { Writable } from 'node:stream';
import { TestApi } from '../support/api-harness';
import { errorsOf, gql, registerPlayer, startedGame, type Player } from '../support/graphql-client';
import { createLogger } from '../../src/observability/logger';
import { PlayerRepository } from '../../src/store/player.repository';
import { RawSocket } from '../support/ws-client';

type Line = Record<string, unknown> & { level: number; msg?: string };

const lines: Line[] = [];
let api: TestApi;
let ann: Player;
let bob: Player;
let cid: Player;
let gameId: string;

beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Line);
      done();
    },
  });
  // No `log` of its own: the server's parts log through the structured logger, as the server does.
  api = await TestApi.start({
    production: true,
    logger: createLogger({ destination, level: 'debug' }),
    server: { log: undefined },
  });
  [ann, bob, cid] = await Promise.all(['Ann', 'Bob', 'Cid'].map((n) => registerPlayer(api.url, n)));
  gameId = (
    await startedGame<{ id: string }>(api.url, [ann, bob], { preset: 'PERUDO', allowSpectators: false }, 'id')
  ).id;
});

afterAll(async () => {
  await api?.close();
});

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100));

/** Lines at warn or above, and lines with a stack, since `from`. */
function problems(from: number): Line[] {
  return lines.slice(from).filter((l) => l.level >= 40 || JSON.stringify(l).includes('"stack"'));
}

test('SPECTATORS_NOT_ALLOWED over HTTP: one request line at info, no error, no stack', async () => {
  const from = lines.length;
  const reply = await gql(api.url, 'query($id: ID!) { game(id: $id) { id } }', { id: gameId }, cid.token);
  expect(errorsOf(reply).map((e) => e.extensions?.code)).toEqual(['SPECTATORS_NOT_ALLOWED']);
  await settle();
  expect(problems(from)).toEqual([]);
  expect(lines.slice(from).map((l) => [l.level, l.msg, l.outcome])).toEqual([
    [30, 'request', 'SPECTATORS_NOT_ALLOWED'],
  ]);
});

test('other refusals over HTTP (bad input, validation, no player, bad token) log no error', async () => {
  const from = lines.length;
  const codes = [];
  for (const [query, variables, token] of [
    ['query($id: ID!) { game(id: $id) { events(first: 501) { seq } } }', { id: gameId }, ann.token],
    ['query($id: ID!) { node(id: $id) { id } }', { id: 'not an id' }, null],
    ['mutation($id: ID!) { startGame(input: { gameId: $id }) { game { id } } }', { id: gameId }, null],
    ['{ nope }', {}, null],
    ['{ viewer { id } }', {}, 'x'.repeat(40)],
  ] as const) {
    codes.push(errorsOf(await gql(api.url, query, variables, token))[0]?.extensions?.code);
  }
  expect(codes).toEqual([
    'BAD_USER_INPUT',
    'BAD_USER_INPUT',
    'UNAUTHENTICATED',
    'GRAPHQL_VALIDATION_FAILED',
    'UNAUTHENTICATED',
  ]);
  await settle();
  expect(problems(from)).toEqual([]);
});

test('SPECTATORS_NOT_ALLOWED over the socket: the subscription ends with it, nothing logged as an error', async () => {
  const from = lines.length;
  const socket = await RawSocket.connect(api.url, cid.token);
  socket.subscribe('1', 'subscription($g: ID!) { gameEvents(gameId: $g, afterSeq: 0) { seq } }', {
    g: gameId,
  });
  await socket.end('1');
  expect(JSON.stringify(socket.frames)).toContain('SPECTATORS_NOT_ALLOWED');
  await socket.close();
  await settle();
  expect(problems(from)).toEqual([]);
});

test('a fault of the server is still logged as an error, with its stack', async () => {
  const from = lines.length;
  const spy = jest
    .spyOn(PlayerRepository.prototype, 'findByIds')
    .mockRejectedValueOnce(new Error('disk on fire'));
  try {
    const reply = await gql(api.url, 'query($id: ID!) { player(id: $id) { name } }', { id: bob.id });
    expect(errorsOf(reply).map((e) => e.extensions?.code)).toEqual(['INTERNAL_SERVER_ERROR']);
  } finally {
    spy.mockRestore();
  }
  await settle();
  const errors = lines.slice(from).filter((l) => l.level >= 50);
  expect(errors).toHaveLength(1);
  expect(JSON.stringify(errors[0])).toContain('disk on fire');
  expect(JSON.stringify(errors[0])).toContain('"stack"');
});
