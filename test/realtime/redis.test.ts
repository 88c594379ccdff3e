import { Socket } from 'node:net';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { crossProcessGame } from '../support/realtime-harness';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';

// The cross-process check with the change notices fanned out through Redis pub/sub (REDIS_URL) instead
// of LISTEN/NOTIFY.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers PING at `url`. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(Number(port || 6379), hostname || '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

let reachable = false;
let database: TestDatabase | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;

beforeAll(async () => {
  reachable = await redisAnswers(REDIS_URL);
  if (!reachable) {
    console.warn(`Redis does not answer at ${REDIS_URL}: the Redis fan-out test is skipped`);
    return;
  }
  database = await createTestDatabase();
  [a, b] = await Promise.all([
    spawnServer({ databaseUrl: database.url, redisUrl: REDIS_URL }),
    spawnServer({ databaseUrl: database.url, redisUrl: REDIS_URL }),
  ]);
});

afterAll(async () => {
  await stopAll([a, b]);
  await database?.drop();
});

it('delivers every event exactly once and in order across processes through Redis', async () => {
  if (!reachable) return;
  const { events } = await crossProcessGame(a!, b!);
  expect(events).toBeGreaterThan(20);
  // Nothing went through PostgreSQL: neither process listens there.
  const { Client } = await import('pg');
  const client = new Client({ connectionString: database!.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'perudo-listener' AND datname = $1",
      [database!.name],
    );
    expect(rows[0].n).toBe(0);
  } finally {
    await client.end();
  }
});
