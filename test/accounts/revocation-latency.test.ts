import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';
import { dataOf, gql, lobbyGame, registerPlayer } from '../support/graphql-client';
import { connect, subscribeEvents, wsUrlOf } from '../support/ws-client';

// The rotation's revocation latency across two processes: rotate on A, measure on B (ROTATIONS, default 100).
let database: TestDatabase | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  [a, b] = await Promise.all([
    spawnServer({ databaseUrl: database.url }),
    spawnServer({ databaseUrl: database.url }),
  ]);
});

afterAll(async () => {
  await stopAll([a, b]);
  await database?.drop();
});

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

it('closes the other process’s sockets on a rotated token well within 5 s, and its HTTP refuses it at once', async () => {
  const rotations = Number(process.env.ROTATIONS ?? 100);
  const host = await registerPlayer(a!.url, 'Host');
  const guest = await registerPlayer(a!.url, 'Guest');
  const game = await lobbyGame(a!.url, [host, guest]);
  const socketMs: number[] = [];
  const answerMs: number[] = [];
  const httpRefusedFirstTry: boolean[] = [];
  for (let i = 0; i < rotations; i++) {
    const p = await registerPlayer(a!.url, `P${i}`);
    const conn = connect(wsUrlOf(b!.url), p.token);
    const sub = subscribeEvents(conn, game.id, 0);
    await sub.until((s) => s.items.length > 0, 10_000, 'the replay');
    // B has the token cached.
    dataOf(await gql(b!.url, '{ viewer { id } }', {}, p.token));
    const closed = conn.nextClose().then((c) => ({ ...c, at: performance.now() }));
    const t0 = performance.now();
    const rotated = dataOf(
      await gql<{ rotateToken: { token: string } }>(
        a!.url,
        'mutation { rotateToken(input: {}) { token } }',
        {},
        p.token,
      ),
    );
    expect(rotated.rotateToken.token).toBeTruthy();
    answerMs.push(performance.now() - t0);
    const refused = await gql(b!.url, '{ viewer { id } }', {}, p.token);
    httpRefusedFirstTry.push(refused.status === 401);
    const close = await closed;
    socketMs.push(close.at - t0);
    expect(close.code).toBe(4403);
    await conn.dispose();
  }
  const sorted = [...socketMs].sort((x, y) => x - y);
  const figures = {
    rotations,
    socketCloseMs: {
      p50: +percentile(sorted, 50).toFixed(1),
      p99: +percentile(sorted, 99).toFixed(1),
      max: +sorted[sorted.length - 1]!.toFixed(1),
    },
    rotateAnswerMs: {
      p50: +percentile(
        [...answerMs].sort((x, y) => x - y),
        50,
      ).toFixed(1),
      p99: +percentile(
        [...answerMs].sort((x, y) => x - y),
        99,
      ).toFixed(1),
    },
    httpRefusedOnFirstRequest: httpRefusedFirstTry.filter(Boolean).length,
  };
  console.log(`revocation latency across two processes: ${JSON.stringify(figures)}`);
  expect(figures.httpRefusedOnFirstRequest).toBe(rotations);
  expect(figures.socketCloseMs.p99).toBeLessThan(5_000);
}, 120_000);
