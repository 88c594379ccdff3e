// Nothing lost, nothing sent twice: deliveries written with the moves survive the process that wrote them
// (killed before it sent anything), and two processes sending one outbox send each delivery once.
import { accepted, errorsOf, gql, mutate, registerPlayer, type Player } from '../support/graphql-client';
import { spawnServer, stopAll, type ServerProcess } from '../support/server-launcher';
import { sql } from '../support/sql';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { sleep, until } from '../support/timing';
import { RECEIVER_HOST, startReceiver, type Receiver } from './webhook-receiver';

const ENV = { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_ADDRESSES: RECEIVER_HOST, BOT_DELAY_MS: '20' };

let database: TestDatabase;
const servers: ServerProcess[] = [];
let hook: Receiver;

beforeAll(async () => {
  database = await createTestDatabase();
  hook = await startReceiver();
}, 60_000);

afterAll(async () => {
  await stopAll(servers);
  await hook?.close();
  await database?.drop();
});

async function start(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const server = await spawnServer({ databaseUrl: database.url, env: { ...ENV, ...env } });
  servers.push(server);
  return server;
}

async function subscribe(url: string, p: Player): Promise<void> {
  const r = await gql(
    url,
    'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { userErrors { code } } }',
    { input: { url: hook.url, events: ['GAME_STARTED', 'YOUR_TURN', 'GAME_FINISHED'] } },
    p.token,
  );
  expect(errorsOf(r)).toEqual([]);
}

/** A game of `host` against a bot, started and left (which ends it). */
async function shortGame(url: string, host: Player): Promise<void> {
  const game = accepted(await mutate(url, 'createGame', { preset: 'PUB' }, host.token), 'createGame');
  const bot = await gql(
    url,
    'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code } } }',
    { input: { gameId: game.id, level: 'EASY' } },
    host.token,
  );
  expect(errorsOf(bot)).toEqual([]);
  accepted(await mutate(url, 'startGame', { gameId: game.id }, host.token), 'startGame');
  accepted(await mutate(url, 'leaveGame', { gameId: game.id }, host.token), 'leaveGame');
}

async function outbox(): Promise<{ message_id: string; status: string }[]> {
  return sql(database.url, 'SELECT message_id, status FROM webhook_deliveries ORDER BY created_at');
}

test('a process killed after its moves and before sending: the next one sends each delivery once', async () => {
  const writer = await start({ WEBHOOK_DELIVERY: 'off' });
  const ann = await registerPlayer(writer.url, 'Ann');
  await subscribe(writer.url, ann);
  for (let i = 0; i < 3; i++) await shortGame(writer.url, ann);
  const written = await outbox();
  // Each game: GAME_STARTED and GAME_FINISHED at least (YOUR_TURN when Ann opens).
  expect(written.length).toBeGreaterThanOrEqual(6);
  expect(written.every((d) => d.status === 'PENDING')).toBe(true);
  await writer.kill('SIGKILL');
  expect(hook.received).toEqual([]);

  await start();
  await until('every delivery', async () => hook.received.length >= written.length, 20_000);
  await sleep(1_500);
  expect(hook.received.map((r) => r.id).sort()).toEqual(written.map((d) => d.message_id).sort());
  expect((await outbox()).every((d) => d.status === 'SUCCEEDED')).toBe(true);
}, 90_000);

test('two processes sending one outbox send each delivery once', async () => {
  const earlier = new Set((await outbox()).map((d) => d.message_id));
  hook.received.length = 0;
  const [a, b] = [servers[1]!, await start()];
  const players = await Promise.all(
    ['Bea', 'Cy', 'Di', 'Ed'].map((n, i) => registerPlayer((i % 2 ? a : b).url, n)),
  );
  for (const p of players) await subscribe(a.url, p);
  // Games on both processes at once: each writes deliveries that either may send.
  await Promise.all(
    players.map(async (p, i) => {
      for (let g = 0; g < 4; g++) await shortGame((i + g) % 2 ? a.url : b.url, p);
    }),
  );
  await until(
    'every delivery sent',
    async () => (await outbox()).every((d) => d.status === 'SUCCEEDED'),
    30_000,
  );
  await sleep(1_500);
  const written = (await outbox()).map((d) => d.message_id).filter((id) => !earlier.has(id));
  expect(written.length).toBeGreaterThanOrEqual(4 * 4 * 2);
  expect(hook.received.map((r) => r.id).sort()).toEqual(written.sort());
}, 120_000);
