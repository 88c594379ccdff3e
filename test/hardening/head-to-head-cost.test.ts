import { startApp, type App } from '../../src/app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { accepted, gql, mutate, registerPlayer, startedGame, type Player } from '../support/graphql-client';
import { keyOf, sql } from '../support/sql';
import { pairResultsBackfillSql } from '../../src/database/pair-results-backfill';

/**
 * `Player.headToHead` is priced by what it reads (the pair's stored results, one a game), into the
 * same per-execution total as `Player.stats`: many aliases of a long shared history are refused past the cost
 * limit, while one read of it is served.
 */

let db: TestDatabase;
let app: App;
let ann: Player;
let bob: Player;
const MAX_COST = 25_000;
const EXTRA_GAMES = 3_000;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startApp({ databaseUrl: db.url, port: 0, host: '127.0.0.1', production: true, log: () => {} });
  ann = await registerPlayer(app.url, 'Ann');
  bob = await registerPlayer(app.url, 'Bob');
  const game = await startedGame<{ id: string }>(app.url, [ann, bob], { preset: 'PERUDO' }, 'id');
  accepted(await mutate(app.url, 'leaveGame', { gameId: game.id }, bob.token, 'id'), 'leaveGame');
  // A long shared history: copies of their finished game, each with a round in which Ann's dudo cost Bob a
  // die, seeded in SQL and given their pair results by the migration's backfill.
  await sql(
    db.url,
    `WITH src AS (SELECT g.*, gen_random_uuid() AS copy FROM games g, generate_series(1, ${EXTRA_GAMES}) WHERE g.id = $1::uuid),
     gi AS (INSERT INTO games SELECT (jsonb_populate_record(NULL::games, to_jsonb(src) || jsonb_build_object('id', src.copy))).*
              FROM src RETURNING id),
     si AS (INSERT INTO seats (game_id, position, player_id, dice_count, eliminated, has_been_palifico)
              SELECT gi.id, s.position, s.player_id, s.dice_count, s.eliminated, s.has_been_palifico
                FROM gi JOIN seats s ON s.game_id = $1::uuid)
     INSERT INTO rounds (game_id, number, starter_position, dice, ended_at, outcome_kind, caller_position,
                         bid_quantity, bid_face, bidder_position, actual_count, loser_position)
     SELECT gi.id, 1, 0, '[[2], [3]]'::jsonb, now(), 'DUDO', a.position, 3, 2, b.position, 1, b.position
       FROM gi
       JOIN seats a ON a.game_id = $1::uuid AND a.player_id = $2::uuid
       JOIN seats b ON b.game_id = $1::uuid AND b.player_id = $3::uuid`,
    [keyOf(game.id), keyOf(ann.id, 'Player'), keyOf(bob.id, 'Player')],
  );
  await sql(db.url, await pairResultsBackfillSql());
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

interface PairRecord {
  games: number;
  diceTaken: number;
  diceLost: number;
}

function aliases(n: number): string {
  return `query($id: ID!, $opponent: ID!) { ${Array.from({ length: n }, (_, i) => `a${i}: player(id: $id) { headToHead(opponentId: $opponent) { games diceTaken diceLost } }`).join(' ')} }`;
}

test('many aliases of a long shared history are refused past the cost limit; one read is served', async () => {
  const one = await gql<{ a0: { headToHead: PairRecord } }>(app.url, aliases(1), {
    id: ann.id,
    opponent: bob.id,
  });
  expect(one.body.errors).toBeUndefined();
  expect(one.body.data!.a0.headToHead).toEqual({
    games: 1 + EXTRA_GAMES,
    diceTaken: EXTRA_GAMES,
    diceLost: 0,
  });
  // A stored result a game, beyond the flat database read (50) it was priced with.
  const perRead = 1 + EXTRA_GAMES - 50;
  const refusedAt = Math.floor(MAX_COST / perRead) + 1;
  expect(refusedAt).toBe(9);

  const many = await gql(app.url, aliases(12), { id: ann.id, opponent: bob.id });
  const errors = many.body.errors ?? [];
  expect(errors.length).toBe(12 - refusedAt + 1);
  expect(errors[0]!.extensions).toEqual({
    code: 'GRAPHQL_VALIDATION_FAILED',
    limit: 'cost',
    value: refusedAt * perRead,
    max: MAX_COST,
  });
  expect(errors[0]!.message).toBe(
    `the shared games read would cost ${refusedAt * perRead} by the seats, games and rounds read; at most ${MAX_COST} is allowed (ask for fewer pairs)`,
  );
  const data = many.body.data as { [alias: string]: unknown };
  expect(Object.values(data).filter((v) => v !== null).length).toBe(refusedAt - 1);
});
