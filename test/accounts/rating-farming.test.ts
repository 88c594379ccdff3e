import { Pool } from 'pg';
import type { App } from '../../src/app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServer } from '../support/server-launcher';
import {
  accepted,
  dataOf,
  gql,
  mutate,
  playView,
  registerPlayer,
  type Player,
} from '../support/graphql-client';
import { until } from '../support/timing';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ordinal, rate, rating } = require('openskill') as typeof import('openskill', {
  with: { 'resolution-mode': 'import' },
});

// Rating farming tried through the API: a main account and puppets that play one round, lose it on
// purpose and leave. Prints what the main account gets, against what it would get without the pair cap.
let database: TestDatabase;
let app: App;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startServer(database.url, { ratingSettleMs: 0, ratingIntervalMs: 100 });
  pool = new Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await app?.stop();
  await database?.drop();
});

async function settled(): Promise<void> {
  await until('every finished game rated', async () => {
    const { rows } = await pool.query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM games g, rating_cursor c
        WHERE g.status = 'FINISHED' AND (c.finished_at IS NULL OR (g.finished_at, g.id) > (c.finished_at, c.game_id))`,
    );
    return rows[0]?.pending === 0;
  });
}

/** One farmed game: the puppet loses the first round on purpose (both move), then leaves. */
async function farm(main: Player, puppet: Player): Promise<void> {
  const game = accepted(await mutate(app.url, 'createGame', { preset: 'PERUDO' }, main.token), 'create');
  const gameId = game.id;
  accepted(await mutate(app.url, 'joinGame', { gameId }, puppet.token), 'join');
  accepted(await mutate(app.url, 'startGame', { gameId }, main.token), 'start');
  const view = await playView(app.url, gameId, main);
  const mainSeat = view.seats.find((s) => s.player.id === main.id)!;
  if (view.turn!.position === mainSeat.position) {
    // A true bid of one die of a face the main account holds (aces are wild), then the puppet calls it.
    const face = mainSeat.dice!.find((d) => d !== 1) ?? 2;
    accepted(await mutate(app.url, 'placeBid', { gameId, quantity: 1, face }, main.token), 'bid');
    accepted(await mutate(app.url, 'callDudo', { gameId }, puppet.token), 'dudo');
  } else {
    // A bid no hand of ten dice makes, then the main account calls it.
    accepted(await mutate(app.url, 'placeBid', { gameId, quantity: 10, face: 6 }, puppet.token), 'bid');
    accepted(await mutate(app.url, 'callDudo', { gameId }, main.token), 'dudo');
  }
  accepted(await mutate(app.url, 'leaveGame', { gameId }, puppet.token), 'leave');
}

interface Figures {
  games: number;
  seconds: number;
  counted: number;
  ordinal: number;
  rank: number | null;
  ordinalWithoutCap: number;
}

/** `games` farmed games of a new main account against `puppets` new puppets in turn. */
async function campaign(tag: string, puppets: number, games: number): Promise<Figures> {
  const main = await registerPlayer(app.url, `${tag} main`);
  const crew: Player[] = [];
  for (let i = 0; i < puppets; i++) crew.push(await registerPlayer(app.url, `${tag} puppet ${i}`));
  const started = Date.now();
  for (let i = 0; i < games; i++) await farm(main, crew[i % puppets]!);
  const seconds = (Date.now() - started) / 1000;
  await settled();
  const data = dataOf(
    await gql<{ player: { rating: { ordinal: number; games: number } | null } }>(
      app.url,
      'query($id: ID!) { player(id: $id) { rating(preset: PERUDO) { ordinal games } } }',
      { id: main.id },
    ),
  );
  const board = dataOf(
    await gql<{ leaderboard: { edges: { node: { rank: number; player: { id: string } } }[] } }>(
      app.url,
      '{ leaderboard(preset: PERUDO, first: 100) { edges { node { rank player { id } } } } }',
    ),
  );
  // The same wins without the cap: every game counted (openskill, the main account first).
  let m = rating();
  const puppetRatings = crew.map(() => rating());
  for (let i = 0; i < games; i++) {
    const [[mm], [pp]] = rate([[m], [puppetRatings[i % puppets]!]], { rank: [1, 2] });
    m = mm!;
    puppetRatings[i % puppets] = pp!;
  }
  return {
    games,
    seconds: +seconds.toFixed(1),
    counted: data.player.rating?.games ?? 0,
    ordinal: +(data.player.rating?.ordinal ?? 0).toFixed(2),
    rank: board.leaderboard.edges.find((e) => e.node.player.id === main.id)?.node.rank ?? null,
    ordinalWithoutCap: +ordinal(m).toFixed(2),
  };
}

it('a puppet that plays one round and leaves: at most 5 counted games a day per puppet', async () => {
  const one = await campaign('solo', 1, 40);
  const four = await campaign('crew', 4, 40);
  console.log(`rating farming through the API: ${JSON.stringify({ onePuppet: one, fourPuppets: four })}`);
  expect(one.counted).toBe(5);
  expect(four.counted).toBe(20);
  expect(one.ordinal).toBeLessThan(one.ordinalWithoutCap);
  expect(four.ordinal).toBeLessThan(four.ordinalWithoutCap);
}, 120_000);
