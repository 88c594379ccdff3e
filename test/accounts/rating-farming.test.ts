import type { Pool } from 'pg';
import type { App } from '../../src/app';
import { createTestDatabase, testPool, type TestDatabase } from '../support/test-database';
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
  app = await startServer(database.url, { ratingIntervalMs: 100 });
  pool = testPool(database.url, 2);
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

it('a puppet that plays one round and leaves: at most 5 counted games a day per puppet, 10 in all for fresh puppets', async () => {
  const one = await campaign('solo', 1, 40);
  const four = await campaign('crew', 4, 40);
  console.log(`rating farming through the API: ${JSON.stringify({ onePuppet: one, fourPuppets: four })}`);
  expect(one.counted).toBe(5);
  // Established after 10 counted games, the main account gains nothing more from fresh puppets.
  expect(four.counted).toBe(10);
  expect(one.ordinal).toBeLessThan(one.ordinalWithoutCap);
  expect(four.ordinal).toBeLessThan(four.ordinalWithoutCap);
}, 120_000);

interface R {
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
}
type Rated = ReturnType<typeof rating>;

function record(r: Rated, games: number): R {
  return { mu: r.mu, sigma: r.sigma, ordinal: ordinal(r), games };
}

/**
 * One game of `seated` (host first): the `silent` ones leave at once without a move; the others each make a
 * bid or the closing dudo call in a round, then leave in the order of `places` from the last, so
 * that `places[0]` wins.
 */
async function play(seated: readonly Player[], places: readonly Player[], silent: readonly Player[] = []) {
  const host = seated[0]!;
  const { id: gameId } = accepted(
    await mutate(app.url, 'createGame', { preset: 'PERUDO' }, host.token),
    'create',
  );
  for (const p of seated.slice(1)) accepted(await mutate(app.url, 'joinGame', { gameId }, p.token), 'join');
  accepted(await mutate(app.url, 'startGame', { gameId }, host.token), 'start');
  for (const p of silent) accepted(await mutate(app.url, 'leaveGame', { gameId }, p.token), 'leave');
  // A leave voids the round it happens in: the movers play the next one.
  const round = (await playView(app.url, gameId)).currentRound!.number;
  const moved = new Set<string>();
  for (;;) {
    const view = await playView(app.url, gameId);
    if (view.currentRound!.number > round || view.status !== 'IN_PROGRESS') break;
    const player = seated.find((p) => p.id === view.seats[view.turn!.position]!.player.id)!;
    const others = places.filter((p) => p !== player && !moved.has(p.id));
    const legal = (await playView(app.url, gameId, player)).legalActions!;
    moved.add(player.id);
    if (others.length > 0 || !legal.canDudo) {
      const min = legal.minBids[0]!;
      accepted(
        await mutate(
          app.url,
          'placeBid',
          { gameId, quantity: min.minQuantity, face: min.face },
          player.token,
        ),
        'bid',
      );
    } else {
      accepted(await mutate(app.url, 'callDudo', { gameId }, player.token), 'dudo');
    }
  }
  for (const p of [...places].reverse().slice(0, -1))
    accepted(await mutate(app.url, 'leaveGame', { gameId }, p.token), 'leave');
  expect((await playView(app.url, gameId)).status).toBe('FINISHED');
  return gameId;
}

async function ratingOf(player: Player): Promise<R | null> {
  return dataOf(
    await gql<{ player: { rating: R | null } }>(
      app.url,
      'query($id: ID!) { player(id: $id) { rating(preset: PERUDO) { mu sigma ordinal games } } }',
      { id: player.id },
    ),
  ).player.rating;
}

async function placesOf(gameId: string) {
  return dataOf(
    await gql<{
      game: { places: { player: { id: string }; ratingBefore: R | null; ratingAfter: R | null }[] };
    }>(
      app.url,
      `query($id: ID!) { game(id: $id) { places { player { id } ratingBefore { mu sigma ordinal games }
         ratingAfter { mu sigma ordinal games } } } }`,
      { id: gameId },
    ),
  ).game.places;
}

async function registerAll(tag: string, n: number): Promise<Player[]> {
  const out: Player[] = [];
  for (let i = 0; i < n; i++) out.push(await registerPlayer(app.url, `${tag} ${i}`));
  return out;
}

it('two capped accounts gain nothing by seating a fresh account that leaves without a move', async () => {
  const [main, puppet] = await registerAll('pair', 2);
  // Six games between the two: five count (the pair cap), as before.
  for (let i = 0; i < 6; i++) await play([main, puppet], [main, puppet]);
  // Eight more, each with a fresh third account that leaves at once: it is no mover, so the pair is capped.
  const thirds = await registerAll('silent', 8);
  const games: string[] = [];
  for (const third of thirds) games.push(await play([main, puppet, third], [main, puppet], [third]));
  await settled();
  let m = rating();
  let p = rating();
  for (let i = 0; i < 5; i++) [[m], [p]] = rate([[m!], [p!]], { rank: [1, 2] }) as [[Rated], [Rated]];
  const got = await ratingOf(main);
  console.log(`pair cap with a silent third account: main ${JSON.stringify(got)}`);
  expect(got).toEqual(record(m!, 5));
  expect(await ratingOf(puppet)).toEqual(record(p!, 5));
  for (const third of thirds) expect(await ratingOf(third)).toBeNull();
  for (const gameId of games)
    expect((await placesOf(gameId)).map((x) => [x.ratingBefore, x.ratingAfter])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
}, 120_000);

it('an established rating changes only beside another established mover; fresh movers are still rated against it', async () => {
  // Two accounts established by beating ten fresh accounts each (every game counts, 2 movers).
  const [star, rival] = await registerAll('established', 2);
  const fodder = await registerAll('fodder', 20);
  let s = rating();
  let r = rating();
  for (let i = 0; i < 10; i++) {
    await play([star, fodder[i]!], [star, fodder[i]!]);
    await play([rival, fodder[10 + i]!], [rival, fodder[10 + i]!]);
    [[s]] = rate([[s], [rating()]], { rank: [1, 2] }) as [[Rated], [Rated]];
    [[r]] = rate([[r], [rating()]], { rank: [1, 2] }) as [[Rated], [Rated]];
  }
  await settled();
  expect(await ratingOf(star)).toEqual(record(s, 10));

  // A crew of fresh accounts: the star wins five games against them and keeps the rating it had; each fresh
  // account is rated against it, as rate() gives for the two of them.
  const crew = await registerAll('crew', 5);
  const crewGames: string[] = [];
  for (const c of crew) crewGames.push(await play([star, c], [star, c]));
  // Two fresh movers and the star, the star first: the two fresh ones get what rate() gives the three.
  const [f1, f2] = await registerAll('fresh pair', 2);
  const threeFresh = await play([star, f1!, f2!], [star, f1!, f2!]);
  await settled();
  expect(await ratingOf(star)).toEqual(record(s, 10));
  const lone = rate([[s], [rating()]], { rank: [1, 2] }) as [[Rated], [Rated]];
  for (let i = 0; i < crew.length; i++) {
    expect(await ratingOf(crew[i]!)).toEqual(record(lone[1][0], 1));
    expect((await placesOf(crewGames[i]!)).map((x) => [x.ratingBefore, x.ratingAfter])).toEqual([
      [null, null],
      [null, record(lone[1][0], 1)],
    ]);
  }
  const three = rate([[s], [rating()], [rating()]], { rank: [1, 2, 3] }) as Rated[][];
  expect((await placesOf(threeFresh)).map((x) => [x.player.id, x.ratingBefore, x.ratingAfter])).toEqual([
    [star.id, null, null],
    [f1!.id, null, record(three[1]![0]!, 1)],
    [f2!.id, null, record(three[2]![0]!, 1)],
  ]);
  const history = dataOf(
    await gql<{ player: { ratingHistory: { edges: unknown[] } } }>(
      app.url,
      'query($id: ID!) { player(id: $id) { ratingHistory(preset: PERUDO, first: 100) { edges { cursor } } } }',
      { id: star.id },
    ),
  ).player.ratingHistory;
  expect(history.edges).toHaveLength(10);

  // The star, the rival (established too) and a fresh account: all three change, as rate() gives.
  const [f3] = await registerAll('fresh third', 1);
  const together = await play([star, rival, f3!], [rival, star, f3!]);
  await settled();
  const all = rate([[r], [s], [rating()]], { rank: [1, 2, 3] }) as Rated[][];
  expect((await placesOf(together)).map((x) => [x.player.id, x.ratingBefore, x.ratingAfter])).toEqual([
    [rival.id, record(r, 10), record(all[0]![0]!, 11)],
    [star.id, record(s, 10), record(all[1]![0]!, 11)],
    [f3!.id, null, record(all[2]![0]!, 1)],
  ]);
}, 240_000);
