// The presence rows on a real database: connected while a fresh process holds a connection (to the game or
// to every game), the last disconnection kept, and a stopped process's connections expired at its last beat.
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { ANY_GAME, PresenceRepository } from '../../src/presence/presence.repository';
import { sql } from '../support/sql';
import { createTestDatabase, testPool, type TestDatabase } from '../support/test-database';

let database: TestDatabase | undefined;
let pool: Pool | undefined;
let presence: PresenceRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool(database.url, 2);
  presence = new PresenceRepository(pool);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

test('a player never connected is disconnected since null', async () => {
  expect(await presence.connectionState(randomUUID(), randomUUID())).toEqual({
    connected: false,
    since: null,
  });
});

test('connected through the game or through every game; since is the last disconnection', async () => {
  const processId = randomUUID();
  const game = randomUUID();
  const other = randomUUID();
  const player = randomUUID();
  await presence.connect(processId, player, game);
  expect(await presence.connectionState(game, player)).toEqual({ connected: true });
  expect(await presence.connectionState(other, player)).toEqual({ connected: false, since: null });
  expect(await presence.connectedOf(game, [player, randomUUID()])).toEqual(new Set([player]));
  await presence.disconnect(processId, player, game);
  const after = await presence.connectionState(game, player);
  const [{ at }] = await sql<{ at: Date }>(
    database!.url,
    'SELECT at FROM presence_disconnects WHERE player_id = $1 AND game_id = $2',
    [player, game],
  );
  expect(after).toEqual({ connected: false, since: at });
  await presence.connect(processId, player, ANY_GAME);
  expect(await presence.connectionState(other, player)).toEqual({ connected: true });
  expect(await presence.connectedPairs([{ gameId: other, playerId: player }])).toEqual(
    new Set([`${other}:${player}`]),
  );
  await presence.removeProcess(processId);
  expect((await presence.connectionState(other, player)).connected).toBe(false);
});

test('a process whose heartbeat is stale stops counting, and its connections end at its last beat', async () => {
  const processId = randomUUID();
  const game = randomUUID();
  const player = randomUUID();
  await presence.connect(processId, player, game);
  await sql(
    database!.url,
    `UPDATE presence_processes SET heartbeat_at = '2026-01-02T03:04:05.678Z' WHERE id = $1`,
    [processId],
  );
  const beat = new Date('2026-01-02T03:04:05.678Z');
  expect(await presence.connectionState(game, player)).toEqual({ connected: false, since: beat });
  expect(await presence.expireStale()).toEqual([{ playerId: player, gameId: game }]);
  expect(await presence.connectionState(game, player)).toEqual({ connected: false, since: beat });
  expect(
    await sql(database!.url, 'SELECT * FROM presence_connections WHERE process_id = $1', [processId]),
  ).toEqual([]);
});
