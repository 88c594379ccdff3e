// Tables across two API processes on one database: quick play fills tables exactly under concurrency, a
// rematch is created once, and a bot fill happens once, also when the process that created the table stops.
import { errorsOf, gql, registerPlayer, type Player } from '../support/graphql-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';
import { keyOf, sql } from '../support/sql';
import { until } from '../support/timing';
import { connect, subscribeEvents } from '../support/ws-client';

let database: TestDatabase | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  [a, b] = await Promise.all([
    spawnServer({ databaseUrl: database.url }),
    spawnServer({ databaseUrl: database.url }),
  ]);
}, 60_000);

afterAll(async () => {
  await stopAll([a, b]);
  await database?.drop();
});

interface Seated {
  id: string;
  status: string;
  seats: { player: { id: string; isBot: boolean } }[];
}

const FIELDS = 'id status seats { player { id isBot } }';

async function mutation(url: string, name: string, type: string, input: object, p: Player): Promise<Seated> {
  const r = await gql<Record<string, { game: Seated | null; userErrors: { code: string }[] }>>(
    url,
    `mutation($input: ${type}!) { ${name}(input: $input) { game { ${FIELDS} } userErrors { code } } }`,
    { input },
    p.token,
  );
  if (errorsOf(r).length > 0) throw new Error(r.text);
  const payload = r.body.data![name]!;
  if (payload.userErrors.length > 0) throw new Error(`${name}: ${JSON.stringify(payload.userErrors)}`);
  return payload.game!;
}

const rawId = (globalId: string) => keyOf(globalId);

test('40 concurrent quickPlay calls on two processes give 10 full tables of 4, each started once', async () => {
  const players = await Promise.all(
    Array.from({ length: 40 }, (_, i) => registerPlayer(i % 2 ? a!.url : b!.url, `Q${i}`)),
  );
  const games = await Promise.all(
    players.map((p, i) =>
      mutation(
        i % 2 ? a!.url : b!.url,
        'quickPlay',
        'QuickPlayInput',
        { preset: 'PERUDO', botFillSeconds: 300 },
        p,
      ),
    ),
  );
  const tables = new Map<string, Set<string>>();
  games.forEach((g, i) => {
    const seated = tables.get(g.id) ?? new Set<string>();
    seated.add(players[i]!.id);
    tables.set(g.id, seated);
  });
  expect(tables.size).toBe(10);
  expect([...tables.values()].map((s) => s.size)).toEqual(Array(10).fill(4));
  const rows = await sql<{ id: string; status: string; seats: string; starts: string }>(
    database!.url,
    `SELECT g.id::text, g.status::text,
            (SELECT count(*) FROM seats s WHERE s.game_id = g.id) AS seats,
            (SELECT count(*) FROM game_events e WHERE e.game_id = g.id AND e.type = 'GAME_STARTED') AS starts
       FROM games g WHERE g.id = ANY($1::uuid[])`,
    [[...tables.keys()].map(rawId)],
  );
  expect(rows.map((r) => [r.status, r.seats, r.starts])).toEqual(Array(10).fill(['IN_PROGRESS', '4', '1']));
  // No player sits at two tables.
  const [{ n }] = (await sql<{ n: string }>(
    database!.url,
    `SELECT count(*) AS n FROM (SELECT player_id FROM seats WHERE game_id = ANY($1::uuid[])
       GROUP BY player_id HAVING count(*) > 1) twice`,
    [[...tables.keys()].map(rawId)],
  )) as [{ n: string }];
  expect(n).toBe('0');
}, 60_000);

test('concurrent first rematch calls on two processes create one game, with every player seated', async () => {
  const four = await Promise.all([0, 1, 2, 3].map((i) => registerPlayer(a!.url, `R${i}`)));
  const game = await mutation(a!.url, 'createGame', 'CreateGameInput', { preset: 'PERUDO' }, four[0]!);
  for (const p of four.slice(1)) await mutation(b!.url, 'joinGame', 'GameInput', { gameId: game.id }, p);
  await mutation(a!.url, 'startGame', 'GameInput', { gameId: game.id }, four[0]!);
  for (const p of four.slice(1)) await mutation(a!.url, 'leaveGame', 'GameInput', { gameId: game.id }, p);
  const results = await Promise.all(
    four.map((p, i) => mutation(i % 2 ? a!.url : b!.url, 'rematch', 'GameInput', { gameId: game.id }, p)),
  );
  expect(new Set(results.map((g) => g.id)).size).toBe(1);
  const rows = await sql<{ n: string; seats: string; links: string }>(
    database!.url,
    `SELECT count(*) AS n, max((SELECT count(*) FROM seats s WHERE s.game_id = g.id)) AS seats,
            (SELECT count(*) FROM game_events e WHERE e.game_id = $1 AND e.type = 'REMATCH_CREATED') AS links
       FROM games g WHERE g.previous_game_id = $1`,
    [rawId(game.id)],
  );
  expect(rows).toEqual([{ n: '1', seats: '4', links: '1' }]);
}, 60_000);

test('a bot fill falls due on the other process when the creating one stops, and happens once', async () => {
  const p = await registerPlayer(a!.url, 'Filler');
  const game = await mutation(
    a!.url,
    'quickPlay',
    'QuickPlayInput',
    { preset: 'PUB', players: 3, botFillSeconds: 2 },
    p,
  );
  expect(game.status).toBe('LOBBY');
  expect(await a!.stop()).toBe(0);
  const started = await until(
    'the fill and start by the other process',
    async () => {
      const r = await gql<{ game: Seated }>(b!.url, `query($id: ID!) { game(id: $id) { ${FIELDS} } }`, {
        id: game.id,
      });
      return r.body.data!.game.status === 'IN_PROGRESS' ? r.body.data!.game : null;
    },
    15_000,
  );
  expect(started.seats.map((s) => s.player.isBot)).toEqual([false, true, true]);
  const [row] = await sql<{ joins: string; starts: string }>(
    database!.url,
    `SELECT count(*) FILTER (WHERE type = 'PLAYER_JOINED') AS joins,
            count(*) FILTER (WHERE type = 'GAME_STARTED') AS starts
       FROM game_events WHERE game_id = $1`,
    [rawId(game.id)],
  );
  expect(row).toEqual({ joins: '3', starts: '1' });
}, 60_000);

test('spectatorCount counts distinct viewers without a seat on both processes, within 5 s', async () => {
  const [host, guest, watcher] = await Promise.all(['S0', 'S1', 'S2'].map((n) => registerPlayer(b!.url, n)));
  const game = await mutation(b!.url, 'createGame', 'CreateGameInput', { preset: 'PERUDO' }, host!);
  await mutation(b!.url, 'joinGame', 'GameInput', { gameId: game.id }, guest!);
  const count = async () =>
    (
      await gql<{ game: { spectatorCount: number } }>(
        b!.url,
        `query($id: ID!) { game(id: $id) { spectatorCount } }`,
        {
          id: game.id,
        },
      )
    ).body.data!.game.spectatorCount;
  expect(await count()).toBe(0);
  // On the other process: the watcher twice (counted once), an anonymous follower, and a seated player (not counted).
  const a2 = await spawnServer({ databaseUrl: database!.url });
  const conns = [
    connect(a2.wsUrl, watcher!.token),
    connect(a2.wsUrl, watcher!.token),
    connect(a2.wsUrl),
    connect(a2.wsUrl, guest!.token),
  ];
  const subs = conns.map((c) => subscribeEvents(c, game.id, 0));
  await Promise.all(subs.map((s) => s.until((x) => x.items.length > 0)));
  const t0 = Date.now();
  await until('2 spectators', async () => (await count()) === 2, 5_000);
  expect(Date.now() - t0).toBeLessThan(5_000);
  subs[2]!.close();
  await until('1 spectator', async () => (await count()) === 1, 5_000);
  for (const c of conns) await c.dispose();
  await until('no spectator', async () => (await count()) === 0, 5_000);
  await stopAll([a2]);
}, 60_000);
