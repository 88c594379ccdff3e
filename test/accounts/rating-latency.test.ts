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
import { sleep } from '../support/timing';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ordinal, rate, rating } = require('openskill') as typeof import('openskill', {
  with: { 'resolution-mode': 'import' },
});
type Rated = ReturnType<typeof rating>;

// Ratings come with the result: a game is rated as soon as its end is committed, on whichever process it
// ended, once across processes, and in (finishedAt, id) order even when a game commits late.
let database: TestDatabase;
const apps: App[] = [];
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  // The periodic run is far off: only the end of a game can rate it in time.
  for (let i = 0; i < 2; i++) apps.push(await startServer(database.url, { ratingIntervalMs: 60_000 }));
  pool = testPool(database.url, 2);
});

afterAll(async () => {
  await pool?.end();
  await Promise.all(apps.map((a) => a.stop()));
  await database?.drop();
});

/** A game on `app` that `winner` wins after both moved in the first round; resolves once it is finished. */
async function play(app: App, winner: Player, loser: Player): Promise<string> {
  const { id: gameId } = accepted(
    await mutate(app.url, 'createGame', { preset: 'PERUDO' }, winner.token),
    'create',
  );
  accepted(await mutate(app.url, 'joinGame', { gameId }, loser.token), 'join');
  accepted(await mutate(app.url, 'startGame', { gameId }, winner.token), 'start');
  const view = await playView(app.url, gameId);
  const [first, second] =
    view.seats[view.turn!.position]!.player.id === winner.id ? [winner, loser] : [loser, winner];
  const min = (await playView(app.url, gameId, first)).legalActions!.minBids[0]!;
  accepted(
    await mutate(app.url, 'placeBid', { gameId, quantity: min.minQuantity, face: min.face }, first.token),
    'bid',
  );
  accepted(await mutate(app.url, 'callDudo', { gameId }, second.token), 'dudo');
  accepted(await mutate(app.url, 'leaveGame', { gameId }, loser.token), 'leave');
  return gameId;
}

/** How long after now the game's places carry their ratings (polled every 10 ms, up to `limitMs`). */
async function ratedAfter(app: App, gameId: string, limitMs = 2_000): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const places = dataOf(
      await gql<{ game: { places: { ratingAfter: { games: number } | null }[] } }>(
        app.url,
        'query($id: ID!) { game(id: $id) { places { ratingAfter { games } } } }',
        { id: gameId },
      ),
    ).game.places;
    if (places.every((p) => p.ratingAfter !== null)) return Date.now() - started;
    await sleep(10);
  }
  return null;
}

async function ratingOf(app: App, player: Player) {
  return dataOf(
    await gql<{ player: { rating: { mu: number; sigma: number; ordinal: number; games: number } | null } }>(
      app.url,
      'query($id: ID!) { player(id: $id) { rating(preset: PERUDO) { mu sigma ordinal games } } }',
      { id: player.id },
    ),
  ).player.rating;
}

function record(r: Rated, games: number) {
  return { mu: r.mu, sigma: r.sigma, ordinal: ordinal(r), games };
}

it('a game is rated with its result, on either of two processes, once', async () => {
  const ann = await registerPlayer(apps[0]!.url, 'Ann');
  const puppets: Player[] = [];
  for (let i = 0; i < 4; i++) puppets.push(await registerPlayer(apps[0]!.url, `Bea ${i}`));
  const delays: (number | null)[] = [];
  // Each puppet plays Ann twice: the pair cap is never reached.
  let a = rating();
  const p = puppets.map(() => rating());
  for (let i = 0; i < 8; i++) {
    const gameId = await play(apps[i % 2]!, ann, puppets[i % 4]!);
    // Read on the other process: the rating is in the database as soon as the finishing move answered.
    delays.push(await ratedAfter(apps[(i + 1) % 2]!, gameId));
    [[a], [p[i % 4]]] = rate([[a], [p[i % 4]!]], { rank: [1, 2] }) as [[Rated], [Rated]];
  }
  console.log(`rating delays after the finishing move answered (ms): ${JSON.stringify(delays)}`);
  expect(delays.filter((d) => d === null)).toEqual([]);
  // Once each, across both processes: 8 counted games, the exact chain openskill gives.
  const { rows } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM rating_games WHERE counted',
  );
  expect(rows[0]!.n).toBe(8);
  expect(await ratingOf(apps[1]!, ann)).toEqual(record(a, 8));
  for (let i = 0; i < 4; i++) expect(await ratingOf(apps[0]!, puppets[i]!)).toEqual(record(p[i]!, 2));
}, 60_000);

it('a game that commits after a later one was rated is rated before it all the same (finishedAt order)', async () => {
  // A process whose clock is 10 minutes behind: its games commit with a finishedAt before games rated already
  // (the same as a commit that took that long), further back than the applier looks by time.
  const behind = await startServer(database.url, {
    ratingIntervalMs: 60_000,
    clock: () => new Date(Date.now() - 10 * 60_000),
  });
  apps.push(behind);
  const [uma, vic, wes] = [
    await registerPlayer(apps[0]!.url, 'Uma'),
    await registerPlayer(apps[0]!.url, 'Vic'),
    await registerPlayer(apps[0]!.url, 'Wes'),
  ];
  const later = await play(apps[0]!, uma, vic);
  expect(await ratedAfter(apps[0]!, later)).not.toBeNull();
  const earlier = await play(behind, wes, uma);
  expect(await ratedAfter(apps[1]!, earlier)).not.toBeNull();
  // Uma lost the earlier game, then won the later one: rate() in that order.
  const [[w], [u1]] = rate([[rating()], [rating()]], { rank: [1, 2] }) as [[Rated], [Rated]];
  const [[u2], [v]] = rate([[u1], [rating()]], { rank: [1, 2] }) as [[Rated], [Rated]];
  expect(await ratingOf(apps[1]!, uma)).toEqual(record(u2, 2));
  expect(await ratingOf(apps[1]!, vic)).toEqual(record(v, 1));
  expect(await ratingOf(apps[1]!, wes)).toEqual(record(w, 1));
  const { rows } = await pool.query<{ game_id: string; player_id: string; games_before: number }>(
    `SELECT game_id::text AS game_id, player_id::text AS player_id, games_before FROM rating_changes
      WHERE game_id = ANY($1::uuid[]) ORDER BY finished_at, player_id`,
    [[earlier, later].map((id) => Buffer.from(id, 'base64url').toString().split(':')[1])],
  );
  expect(rows.filter((r) => r.games_before === 1)).toHaveLength(1);
}, 60_000);
