import { startApp, type App } from '../../src/app';
import { NO_RATE_LIMITS } from '../../src/gate/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { accepted, dataOf, mutate, type Player, registerPlayer } from '../support/graphql-client';
import { sql } from '../support/sql';
import { nextMove } from './support';

/**
 * The open-games cap counts the games a player created until they end, also once the player has left them:
 * before, a host could start a game, leave it to the others (or to bots) and start another, past the cap.
 */

let db: TestDatabase;
let app: App;
let ann: Player;
let bob: Player;
let cat: Player;
let dan: Player;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    limits: { ...NO_RATE_LIMITS, maxActiveGamesPerPlayer: 2 },
    log: () => {},
  });
  [ann, bob, cat, dan] = await Promise.all(
    ['Ann', 'Bob', 'Cat', 'Dan'].map((name) => registerPlayer(app.url, name)),
  );
});

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

const TOO_MANY = {
  code: 'TOO_MANY_GAMES',
  message: 'you already sit in 2 open games: finish or leave one first',
  field: null,
};

/** A game Ann creates, Bob and Cat join, Ann starts and then leaves (forfeits): Bob and Cat play on. */
async function leftToOthers(): Promise<string> {
  const game = accepted(
    await mutate(app.url, 'createGame', { preset: 'PUB', overrides: { startingDice: 1 } }, ann.token),
    'createGame',
  );
  accepted(await mutate(app.url, 'joinGame', { gameId: game.id }, bob.token), 'joinGame');
  accepted(await mutate(app.url, 'joinGame', { gameId: game.id }, cat.token), 'joinGame');
  accepted(await mutate(app.url, 'startGame', { gameId: game.id }, ann.token), 'startGame');
  const left = accepted(await mutate(app.url, 'leaveGame', { gameId: game.id }, ann.token), 'leaveGame');
  expect(left.status).toBe('IN_PROGRESS');
  return game.id;
}

it('counts a running game its creator left until it ends', async () => {
  const first = await leftToOthers();
  const second = await leftToOthers();

  // Ann sits in no open game, but created two that are still running: a third is refused, nothing created.
  const third = await mutate(app.url, 'createGame', { preset: 'PUB', clientMutationId: 'c3' }, ann.token);
  expect(dataOf(third).createGame).toEqual({ game: null, userErrors: [TOO_MANY], clientMutationId: 'c3' });
  const dans = accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, dan.token), 'createGame');
  const join = await mutate(app.url, 'joinGame', { gameId: dans.id }, ann.token);
  expect(dataOf(join).joinGame.userErrors).toEqual([TOO_MANY]);
  expect(await sql(db.url, 'SELECT count(*) AS n FROM games')).toEqual([{ n: '3' }]);

  // Once one of them ends, Ann may start one more, and no more.
  let status = 'IN_PROGRESS';
  while (status === 'IN_PROGRESS') {
    const move = await nextMove(app.url, first, [bob, cat], 1);
    status = accepted(await mutate(app.url, move.name, move.input, move.player.token), move.name).status;
  }
  expect(status).toBe('FINISHED');
  accepted(await mutate(app.url, 'createGame', { preset: 'PUB' }, ann.token), 'createGame');
  const again = await mutate(app.url, 'createGame', { preset: 'PUB' }, ann.token);
  expect(dataOf(again).createGame.userErrors).toEqual([TOO_MANY]);
  expect(second).not.toBe(first);
});
