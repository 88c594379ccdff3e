import { startApp, type App } from '../../src/app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { accepted, gql, mutate, registerPlayer, startedGame, type Player } from '../support/graphql-client';
import { keyOf, sql } from '../support/sql';

/**
 * `Player.stats` is priced by the history it reads (the player's games, rounds and bids placed), into the
 * same per-execution total as the pages of rounds: many aliases of a long-history player's stats are refused
 * past the cost limit, while one read of them, and many reads of a short history, are served.
 */

let db: TestDatabase;
let app: App;
let ann: Player;
let bob: Player;
const MAX_COST = 25_000;
const EXTRA_BIDS = 3_000;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startApp({ databaseUrl: db.url, port: 0, host: '127.0.0.1', production: true, log: () => {} });
  ann = await registerPlayer(app.url, 'Ann');
  bob = await registerPlayer(app.url, 'Bob');
  const game = await startedGame<{ id: string }>(app.url, [ann, bob], { preset: 'PERUDO' }, 'id');
  accepted(await mutate(app.url, 'leaveGame', { gameId: game.id }, bob.token, 'id'), 'leaveGame');
  // A long history for Ann: bids of hers in the game's first round.
  await sql(
    db.url,
    `INSERT INTO bids (game_id, round_number, seq, position, quantity, face)
     SELECT $1::uuid, 1, 1000 + g, s.position, 1, 2 FROM generate_series(1, ${EXTRA_BIDS}) g
       JOIN seats s ON s.game_id = $1::uuid AND s.player_id = $2::uuid`,
    [keyOf(game.id), keyOf(ann.id, 'Player')],
  );
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

interface Stats {
  gamesPlayed: number;
  roundsPlayed: number;
  bidsPlaced: number;
}

function aliases(n: number): string {
  return `query($id: ID!) { ${Array.from({ length: n }, (_, i) => `a${i}: player(id: $id) { stats { gamesPlayed roundsPlayed bidsPlaced } }`).join(' ')} }`;
}

test('many aliases of a long-history player stats are refused past the cost limit; one read is served', async () => {
  const one = await gql<{ a0: { stats: Stats } }>(app.url, aliases(1), { id: ann.id });
  expect(one.body.errors).toBeUndefined();
  const stats = one.body.data!.a0.stats;
  expect(stats.bidsPlaced).toBeGreaterThanOrEqual(EXTRA_BIDS);
  const perRead = stats.gamesPlayed + stats.roundsPlayed + stats.bidsPlaced - 50;
  const refusedAt = Math.floor(MAX_COST / perRead) + 1;
  expect(refusedAt).toBe(9);

  const many = await gql(app.url, aliases(12), { id: ann.id });
  const errors = many.body.errors ?? [];
  expect(errors.length).toBe(12 - refusedAt + 1);
  expect(errors[0]!.extensions).toEqual({
    code: 'GRAPHQL_VALIDATION_FAILED',
    limit: 'cost',
    value: refusedAt * perRead,
    max: MAX_COST,
  });
  expect(errors[0]!.message).toBe(
    `the stats read would cost ${refusedAt * perRead} by the players' games, rounds and bids; at most ${MAX_COST} is allowed (ask for fewer players' stats)`,
  );
  const data = many.body.data as Record<string, unknown>;
  expect(Object.values(data).filter((v) => v !== null).length).toBe(refusedAt - 1);
});

test('many aliases of a short-history player stats are served', async () => {
  const many = await gql<Record<string, { stats: Stats }>>(app.url, aliases(12), { id: bob.id });
  expect(many.body.errors).toBeUndefined();
  expect(Object.values(many.body.data!).map((p) => p.stats.gamesPlayed)).toEqual(Array(12).fill(1));
});
