import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { crossProcessGame } from '../support/realtime-harness';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';

// Two API processes on one PostgreSQL: moves are made on A, subscribers follow on B (LISTEN/NOTIFY).
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

it('delivers every event of a game played on one process exactly once and in order to subscribers on another', async () => {
  const { events } = await crossProcessGame(a!, b!);
  expect(events).toBeGreaterThan(20);
});

it('shuts both processes down cleanly on SIGTERM', async () => {
  const [codeA, codeB] = await Promise.all([a!.stop(), b!.stop()]);
  expect({ a: codeA, b: codeB }).toEqual({ a: 0, b: 0 });
});
