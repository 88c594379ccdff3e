// An away seat's turns across API processes on one database: each played once by whichever process claims
// it, and played once still when every process is killed while one of them owns the turn and a new one
// starts (the deadline lives in the database). A second person plays their own turns, so the game does not
// wait for a person to return.
import { errorsOf, gql, registerPlayer, type Player } from '../support/graphql-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';
import { keyOf, sql } from '../support/sql';
import { until } from '../support/timing';

// Should Bob be eliminated, only away Ann is left in play: the game then waits, and ends a second later.
const ENV = { BOT_DELAY_MS: '150', ALL_AWAY_END_SECONDS: '1' };

let database: TestDatabase | undefined;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await stopAll(servers);
  await database?.drop();
});

async function start(): Promise<ServerProcess> {
  const server = await spawnServer({ databaseUrl: database!.url, env: ENV });
  servers.push(server);
  return server;
}

interface Game {
  id: string;
  status: string;
  version: number;
  turn: { position: number } | null;
  currentRound: { bids: { quantity: number }[] } | null;
  seats: { away: boolean; diceCount: number }[];
}

const FIELDS =
  'id status version turn { position } currentRound { bids { quantity } } seats { away diceCount }';

async function mutation(url: string, name: string, type: string, input: object, p: Player): Promise<Game> {
  const r = await gql<Record<string, { game: Game | null; userErrors: { code: string }[] }>>(
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

async function gameOf(url: string, id: string): Promise<Game> {
  const r = await gql<{ game: Game }>(url, `query($id: ID!) { game(id: $id) { ${FIELDS} } }`, { id });
  return r.body.data!.game;
}

/** Bob (seat 1) on turn calls dudo, or opens 1 x 2: his own moves. A lost race is tried again at the next look. */
async function bobPlays(url: string, id: string, bob: Player): Promise<Game> {
  const g = await gameOf(url, id);
  if (g.status !== 'IN_PROGRESS' || g.turn?.position !== 1) return g;
  const opening = (g.currentRound?.bids.length ?? 0) === 0;
  await gql(
    url,
    opening
      ? 'mutation($input: PlaceBidInput!) { placeBid(input: $input) { userErrors { code } } }'
      : 'mutation($input: GameActionInput!) { callDudo(input: $input) { userErrors { code } } }',
    { input: opening ? { gameId: id, quantity: 1, face: 2 } : { gameId: id } },
    bob.token,
  );
  return g;
}

/** Every move of the log (bids and calls) with its version, seat and byBot. */
async function moves(gameId: string): Promise<{ version: number; seat: number; by_bot: boolean }[]> {
  return sql(
    database!.url,
    `SELECT version, (payload->>'seat')::int AS seat, (payload->>'byBot')::boolean AS by_bot FROM game_events
      WHERE game_id = $1 AND type IN ('BID_PLACED', 'DUDO_CALLED', 'EXACT_CALLED') ORDER BY seq`,
    [keyOf(gameId)],
  );
}

test('an away seat with bots: every turn played once across two processes, and after all are killed mid-game', async () => {
  const [a, b] = [await start(), await start()];
  const ann = await registerPlayer(a.url, 'Cross Ann');
  const bob = await registerPlayer(b.url, 'Cross Bob');
  const created = await mutation(
    a.url,
    'createGame',
    'CreateGameInput',
    {
      preset: 'CLASSIC',
      overrides: { firstStarter: 'SEAT_ORDER', startingDice: 2 },
      turnSeconds: 30,
      timeoutsToForfeit: 1,
    },
    ann,
  );
  await mutation(b.url, 'joinGame', 'GameInput', { gameId: created.id }, bob);
  for (const url of [a.url, b.url]) {
    const r = await gql(
      url,
      'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code } } }',
      { input: { gameId: created.id, level: 'NORMAL' } },
      ann.token,
    );
    expect(errorsOf(r)).toEqual([]);
  }
  const started = await mutation(b.url, 'startGame', 'GameInput', { gameId: created.id }, ann);
  // Ann's first turn runs out: she is away, and from then every seat but Bob's is the server's to play.
  await sql(database!.url, "UPDATE games SET turn_deadline = now() - interval '1 second' WHERE id = $1", [
    keyOf(created.id),
  ]);
  await until(
    'some moves on two processes',
    async () => {
      await bobPlays(a.url, created.id, bob);
      return (await moves(created.id)).length >= 5;
    },
    30_000,
  );
  expect((await gameOf(a.url, created.id)).seats[0]!.away).toBe(true);

  // Every process is killed at once: the one that claimed the turn due now dies owning it.
  await Promise.all([a.kill('SIGKILL'), b.kill('SIGKILL')]);
  const killedAt = (await moves(created.id)).length;
  const c = await start();
  const finished = await until(
    'the game to finish on the restarted process',
    async () => {
      const g = await bobPlays(c.url, created.id, bob);
      return g.status === 'FINISHED' ? g : null;
    },
    60_000,
    200,
  );
  const log = await moves(created.id);
  expect(log.length).toBeGreaterThan(killedAt);
  // Each version was written once, without gaps, and holds at most one move: no turn was played twice.
  const versions = await sql<{ version: number; n: string }>(
    database!.url,
    'SELECT version, count(*) AS n FROM game_events WHERE game_id = $1 GROUP BY version ORDER BY version',
    [keyOf(created.id)],
  );
  expect(versions.map((v) => v.version)).toEqual(Array.from({ length: finished.version }, (_, i) => i + 1));
  const perVersion = new Map<number, number>();
  for (const m of log) perVersion.set(m.version, (perVersion.get(m.version) ?? 0) + 1);
  expect([...perVersion.values()].every((n) => n === 1)).toBe(true);
  // Every move but Bob's was the server's: Ann's seat by the timeout, then away; the bots' own.
  expect(log.every((m) => m.by_bot === (m.seat !== 1))).toBe(true);
  expect(log.filter((m) => m.seat === 0).length).toBeGreaterThan(1);
  const bids = await sql<{ n: string }>(
    database!.url,
    'SELECT count(*) AS n FROM bids WHERE game_id = $1 AND NOT by_bot AND position <> 1',
    [keyOf(created.id)],
  );
  expect(bids).toEqual([{ n: '0' }]);
  expect(started.version).toBeLessThan(finished.version);
}, 120_000);
