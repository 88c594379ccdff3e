import { request } from 'node:http';
import { type App } from '../../src/app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { gql, lobbyGame, registerPlayer } from '../support/graphql-client';
import { type ServerProcess, spawnServer, startServer, stopAll } from '../support/server-launcher';
import { sleep } from '../support/timing';
import { connect, subscribeEvents, Subscription, untilSeq, type WsConnection } from '../support/ws-client';

let database: TestDatabase | undefined;
let idle: ServerProcess | undefined;
let busy: ServerProcess | undefined;
const connections: WsConnection[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.dispose()));
  await stopAll([idle, busy]);
  await database?.drop();
});

function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => 'accepted',
    (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
  );
}

it('stop() closes subscriptions with 1001, lets in-flight requests finish, then refuses connections', async () => {
  const app: App = await startServer(database!.url);
  let stopping: Promise<void> | null = null;
  let inFlight: ReturnType<typeof request> | undefined;
  try {
    const url = app.url;
    const wsUrl = url.replace(/^http/, 'ws');
    const host = await registerPlayer(url, 'Ana');
    const game = await lobbyGame(url, [host], { preset: 'PERUDO' });
    const spectator = connect(wsUrl);
    const player = connect(wsUrl, host.token);
    connections.push(spectator, player);
    const events = subscribeEvents(spectator, game.id, 0);
    const lobby = new Subscription(player.client, 'subscription { lobbyEvents { id } }', {}, 'lobbyEvents');
    const mine = subscribeEvents(player, game.id, 0);
    await untilSeq(events, game.lastEventSeq);
    await untilSeq(mine, game.lastEventSeq);
    expect(app.ws.connections()).toBe(2);
    const closes = [spectator.nextClose(), player.nextClose()];

    // A request whose body has only half arrived when the server is told to stop.
    const body = JSON.stringify({
      query: 'query($id: ID!) { game(id: $id) { id status } }',
      variables: { id: game.id },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: app.port,
          path: '/graphql',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      inFlight = req;
    });
    await sleep(100);

    const started = Date.now();
    let stopped = false;
    stopping = app.stop().then(() => {
      stopped = true;
    });
    expect((await Promise.all(closes)).map((c) => c.code)).toEqual([1001, 1001]);
    await events.ended();
    await lobby.ended();
    expect(await refusal(fetch(url, { method: 'POST' }))).toBe('ECONNREFUSED');
    await sleep(100);
    expect(stopped).toBe(false); // the half-sent request is still being served

    inFlight!.end(body.slice(20));
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ data: { game: { id: game.id, status: 'LOBBY' } } });
    await stopping;
    expect(Date.now() - started).toBeLessThan(2_000);

    expect(await refusal(gql(url, '{ __typename }'))).toBe('ECONNREFUSED');
    const late = connect(wsUrl);
    connections.push(late);
    const lateSub = subscribeEvents(late, game.id, 0);
    await lateSub.ended();
    expect(lateSub.items).toEqual([]);
  } finally {
    inFlight?.destroy(); // if the test failed half way, stop() must not wait for this request
    await (stopping ?? app.stop());
  }
});

function exitWithin(server: ServerProcess, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    server.exited,
    new Promise((resolve) => (timer = setTimeout(() => resolve('still running'), ms))),
  ]).finally(() => clearTimeout(timer));
}

it('shuts the server process down on SIGTERM, idle or with open sockets (closed with 1001), exit code 0', async () => {
  // Outside tests (NODE_ENV unset or production) nothing else may race the process's own signal handler.
  [idle, busy] = await Promise.all(
    [0, 1].map(() => spawnServer({ databaseUrl: database!.url, env: { NODE_ENV: 'development' } })),
  );
  const host = await registerPlayer(busy!.url, 'Ben');
  const game = await lobbyGame(busy!.url, [host], { preset: 'PERUDO' });
  const conn = connect(busy!.wsUrl, host.token);
  connections.push(conn);
  const sub = subscribeEvents(conn, game.id, 0);
  await untilSeq(sub, game.lastEventSeq);
  const closed = conn.nextClose();

  idle!.child.kill('SIGTERM');
  busy!.child.kill('SIGTERM');
  expect((await closed).code).toBe(1001);
  expect(await exitWithin(idle!, 10_000)).toBe(0);
  expect(await exitWithin(busy!, 10_000)).toBe(0);
  for (const server of [idle!, busy!]) {
    expect(server.output()).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
  }
});
