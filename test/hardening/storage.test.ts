import { createHash } from 'node:crypto';
import { startApp, type App } from '../../src/app';
import { moveStatement } from '../../src/store/move-statement';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  accepted,
  dataOf,
  gql,
  mutate,
  onlyError,
  type Player,
  registerPlayer,
  startedGame,
} from '../support/graphql-client';
import { keyOf, sql } from '../support/sql';
import { nextMove } from './support';

/**
 * What the database keeps of what clients send: bearer tokens only as SHA-256 digests (a copy of the
 * database lets nobody act as a player), and names, keys and IDs as data, never as SQL.
 */

let db: TestDatabase;
let app: App;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startApp({ databaseUrl: db.url, port: 0, host: '127.0.0.1', production: true, log: () => {} });
});

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

/** Every row of every table of the database, as JSON text. */
async function everyRow(): Promise<string[]> {
  const tables = await sql<{ name: string }>(
    db.url,
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  expect(tables.length).toBeGreaterThanOrEqual(7);
  const rows: string[] = [];
  for (const { name } of tables) {
    const found = await sql<{ row: string }>(db.url, `SELECT row_to_json(t)::text AS row FROM ${name} t`);
    rows.push(...found.map((r) => r.row));
  }
  return rows;
}

it('keeps only a SHA-256 digest of each 256-bit token, never the token', async () => {
  const players = await Promise.all(Array.from({ length: 20 }, (_, i) => registerPlayer(app.url, `P${i}`)));
  const game = await startedGame(app.url, players.slice(0, 3), { preset: 'PUB' });
  const move = await nextMove(app.url, game.id, players);
  accepted(
    await mutate(app.url, move.name, { ...move.input, idempotencyKey: 'k' }, move.player.token),
    move.name,
  );

  expect(new Set(players.map((p) => p.token)).size).toBe(20);
  for (const p of players) {
    expect(p.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(p.token, 'base64url')).toHaveLength(32);
    const [row] = await sql<{ token_hash: string }>(db.url, 'SELECT token_hash FROM players WHERE id = $1', [
      keyOf(p.id, 'Player'),
    ]);
    expect(row!.token_hash).toBe(createHash('sha256').update(p.token).digest('hex'));
  }
  const rows = await everyRow();
  for (const p of players) expect(rows.filter((r) => r.includes(p.token))).toEqual([]);

  // The digest is no token: presenting it is refused before anything runs.
  const [stored] = await sql<{ token_hash: string }>(db.url, 'SELECT token_hash FROM players WHERE id = $1', [
    keyOf(players[0]!.id, 'Player'),
  ]);
  const withDigest = await gql(app.url, '{ viewer { id } }', {}, stored!.token_hash);
  expect(withDigest.status).toBe(401);
  expect(onlyError(withDigest)).toEqual({
    message: 'the bearer token is not valid: use the token registerPlayer returned',
    extensions: { code: 'UNAUTHENTICATED' },
  });
});

it('stores names and keys that look like SQL as they were sent', async () => {
  const name = "Robert'); DROP TABLE players;--";
  const bobby: Player = await registerPlayer(app.url, name);
  const other = await registerPlayer(app.url, 'Ann');
  const gameName = "x'; DELETE FROM games; --";
  const created = accepted(
    await mutate(app.url, 'createGame', { preset: 'PUB', name: gameName }, bobby.token),
    'createGame',
  );
  accepted(await mutate(app.url, 'joinGame', { gameId: created.id }, other.token), 'joinGame');
  const key = "'; TRUNCATE idempotency_records; --";
  accepted(
    await mutate(app.url, 'startGame', { gameId: created.id, idempotencyKey: key }, bobby.token),
    'startGame',
  );

  expect(
    dataOf(
      await gql<{ game: { name: string; host: { name: string } } }>(
        app.url,
        'query($id: ID!) { game(id: $id) { name host { name } } }',
        { id: created.id },
      ),
    ),
  ).toEqual({ game: { name: gameName, host: { name } } });
  expect(
    await sql(db.url, 'SELECT key, operation FROM idempotency_records WHERE player_id = $1', [
      keyOf(bobby.id, 'Player'),
    ]),
  ).toEqual([{ key, operation: 'startGame' }]);
  expect(
    await sql(
      db.url,
      "SELECT to_regclass('players') IS NOT NULL AS players, to_regclass('games') IS NOT NULL AS games",
    ),
  ).toEqual([{ players: true, games: true }]);
});

it('builds the move statement from placeholders only', () => {
  const key = "k'); DELETE FROM games; --";
  const { text, values } = moveStatement({
    gameId: '00000000-0000-4000-8000-000000000000',
    before: null,
    after: {
      version: 1,
      status: 'LOBBY',
      host: '00000000-0000-4000-8000-000000000001',
      winner: null,
      startedAt: null,
      finishedAt: null,
      seats: [],
      rounds: [],
      turnSeconds: null,
    } as never,
    events: [],
    expectedVersion: 0,
    seatsRewritten: false,
    idempotency: { playerId: '00000000-0000-4000-8000-000000000001', key, operation: 'op', response: {} },
    notify: null,
  } as never);
  expect(text).not.toContain(key);
  expect(text).not.toContain("'");
  expect(values).toContain(key);
});
