// Nothing waits forever: quick play and rematch under their locks never deadlock the connection pool (one
// process, then the worst case over two), a wait for a connection ends in SERVICE_UNAVAILABLE, a process whose
// pool has stalled for 30 s says it is not ready, and SIGTERM stops a stuck process within 10 s.
import { Client as PgClient } from 'pg';
import { dataOf, errorsOf, gql, registerPlayer, type Player } from '../support/graphql-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';
import { sleep } from '../support/timing';
import { connect, Subscription, wsUrlOf } from '../support/ws-client';

const PRESETS = ['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB'] as const;
type PresetName = (typeof PRESETS)[number];

interface TableGame {
  id: string;
  status: string;
  maxPlayers: number;
  rules: { preset: PresetName };
  host: { id: string };
  seats: { player: { id: string } }[];
  previousGame: { id: string } | null;
}

const FIELDS =
  'id status maxPlayers rules { preset } host { id } seats { player { id } } previousGame { id }';

let first: TestDatabase | undefined;
let second: TestDatabase | undefined;
const servers: (ServerProcess | undefined)[] = [];

beforeAll(async () => {
  first = await createTestDatabase();
}, 30_000);

afterAll(async () => {
  await stopAll(servers);
  await first?.drop();
  await second?.drop();
}, 30_000);

async function start(database: TestDatabase): Promise<ServerProcess> {
  const server = await spawnServer({ databaseUrl: database.url, startTimeoutMs: 90_000 });
  servers.push(server);
  return server;
}

/** A table mutation that must succeed: its game. */
async function table(url: string, name: string, type: string, input: object, p: Player): Promise<TableGame> {
  const r = await gql<Record<string, { game: TableGame | null; userErrors: { code: string }[] }>>(
    url,
    `mutation($input: ${type}!) { ${name}(input: $input) { game { ${FIELDS} } userErrors { code } } }`,
    { input },
    p.token,
  );
  const payload = dataOf(r)[name]!;
  if (payload.userErrors.length > 0) throw new Error(`${name}: ${JSON.stringify(payload.userErrors)}`);
  return payload.game!;
}

async function gameOf(url: string, id: string): Promise<TableGame> {
  return dataOf(
    await gql<{ game: TableGame }>(url, `query($id: ID!) { game(id: $id) { ${FIELDS} } }`, { id }),
  ).game;
}

/** A finished game of `preset` for `size` players: created by `a`, joined by `b`, started, left by `b`. */
async function finishedGame(
  url: string,
  preset: PresetName,
  size: number,
  a: Player,
  b: Player,
): Promise<string> {
  const game = await table(url, 'createGame', 'CreateGameInput', { preset, maxPlayers: size }, a);
  await table(url, 'joinGame', 'GameInput', { gameId: game.id }, b);
  await table(url, 'startGame', 'GameInput', { gameId: game.id }, a);
  await table(url, 'leaveGame', 'GameInput', { gameId: game.id }, b);
  expect((await gameOf(url, game.id)).status).toBe('FINISHED');
  return game.id;
}

/** Reads a game every 200 ms while `busy` runs: each read's time (ms), all answered. */
async function servedMeanwhile<T>(urls: readonly string[], gameId: string, busy: Promise<T>) {
  let done = false;
  const reads: number[] = [];
  const reading = (async () => {
    for (let i = 0; !done; i++) {
      const started = Date.now();
      const game = await gameOf(urls[i % urls.length]!, gameId);
      expect(game.id).toBe(gameId);
      reads.push(Date.now() - started);
      await sleep(200);
    }
  })();
  try {
    return { result: await busy, reads };
  } finally {
    done = true;
    await reading;
  }
}

test('20 parallel quickPlay calls of different kinds from one account are all answered, reads meanwhile', async () => {
  const server = await start(first!);
  const [player, other] = await Promise.all([
    registerPlayer(server.url, 'Rusher'),
    registerPlayer(server.url, 'Reader'),
  ]);
  const elsewhere = await table(server.url, 'createGame', 'CreateGameInput', { preset: 'PUB' }, other);
  // Every kind: 20 tables, the most one player may hold (MAX_ACTIVE_GAMES_PER_PLAYER).
  const kinds = PRESETS.flatMap((preset) => [2, 3, 4, 5, 6].map((players) => ({ preset, players })));
  const started = Date.now();
  const { result: games, reads } = await servedMeanwhile(
    [server.url],
    elsewhere.id,
    Promise.all(
      kinds.map((k) =>
        table(server.url, 'quickPlay', 'QuickPlayInput', { ...k, botFillSeconds: 300 }, player),
      ),
    ),
  );
  const elapsed = Date.now() - started;
  expect(
    games.map((g) => [g.status, g.rules.preset, g.maxPlayers, g.host.id, g.seats.map((s) => s.player.id)]),
  ).toEqual(kinds.map((k) => ['LOBBY', k.preset, k.players, player.id, [player.id]]));
  expect(new Set(games.map((g) => g.id)).size).toBe(20);
  expect(reads.length).toBeGreaterThan(0);
  console.log(
    `20 quickPlay calls: ${elapsed} ms; reads meanwhile: ${reads.length}, max ${Math.max(...reads)} ms`,
  );
}, 60_000);

test('50 parallel quickPlay and rematch calls of all kinds over two processes are all answered exactly', async () => {
  second = await createTestDatabase();
  const a = await start(second);
  const b = await start(second);
  const urls = [a.url, b.url];
  // 25 rematches of 25 different finished games (every preset, 2 to 6 seats, plus five more).
  const sizes = [2, 3, 4, 5, 6];
  const kinds = PRESETS.flatMap((preset) => sizes.map((players) => ({ preset, players })));
  const rematchKinds = [...kinds, ...kinds.slice(0, 5)];
  const pairs = await Promise.all(
    rematchKinds.map(async (_, i) => [
      await registerPlayer(urls[i % 2]!, `Winner${i}`),
      await registerPlayer(urls[(i + 1) % 2]!, `Leaver${i}`),
    ]),
  );
  const finished = await Promise.all(
    rematchKinds.map((k, i) => finishedGame(urls[i % 2]!, k.preset, k.players, pairs[i]![0]!, pairs[i]![1]!)),
  );
  // 25 quick play calls: every kind once, and five kinds twice (PERUDO for 2 then fills and starts).
  const quickKinds = [
    ...kinds,
    { preset: 'CLASSIC', players: 3 },
    { preset: 'PERUDO', players: 4 },
    { preset: 'LIARS_DICE', players: 5 },
    { preset: 'PUB', players: 6 },
    { preset: 'PERUDO', players: 2 },
  ] as const;
  const quickPlayers = await Promise.all(quickKinds.map((_, i) => registerPlayer(urls[i % 2]!, `Quick${i}`)));
  const watched = await table(a.url, 'createGame', 'CreateGameInput', { preset: 'PUB' }, quickPlayers[0]!);

  const calls: Promise<{ kind: 'quick' | 'rematch'; index: number; game: TableGame }>[] = [];
  for (let i = 0; i < 25; i++) {
    calls.push(
      table(urls[i % 2]!, 'rematch', 'GameInput', { gameId: finished[i] }, pairs[i]![0]!).then((game) => ({
        kind: 'rematch' as const,
        index: i,
        game,
      })),
    );
    calls.push(
      table(
        urls[(i + 1) % 2]!,
        'quickPlay',
        'QuickPlayInput',
        { ...quickKinds[i], botFillSeconds: 300 },
        quickPlayers[i]!,
      ).then((game) => ({ kind: 'quick' as const, index: i, game })),
    );
  }
  const started = Date.now();
  const { result, reads } = await servedMeanwhile(urls, watched.id, Promise.all(calls));
  const elapsed = Date.now() - started;
  console.log(
    `50 calls over two processes: ${elapsed} ms; reads meanwhile: ${reads.length}, max ${Math.max(...reads)} ms`,
  );
  expect(result).toHaveLength(50);

  // Each rematch: a new lobby of the same kind, hosted by its caller, linked to the finished game.
  const rematches = result.filter((r) => r.kind === 'rematch').sort((x, y) => x.index - y.index);
  expect(
    rematches.map((r) => [
      r.game.status,
      r.game.rules.preset,
      r.game.maxPlayers,
      r.game.host.id,
      r.game.seats.map((s) => s.player.id),
      r.game.previousGame?.id,
    ]),
  ).toEqual(
    rematchKinds.map((k, i) => [
      'LOBBY',
      k.preset,
      k.players,
      pairs[i]![0]!.id,
      [pairs[i]![0]!.id],
      finished[i],
    ]),
  );
  // Each quick play: the one table of its kind, holding exactly the callers of that kind.
  const quick = result.filter((r) => r.kind === 'quick').sort((x, y) => x.index - y.index);
  const byKind = new Map<string, { ids: Set<string>; callers: string[] }>();
  quick.forEach((r) => {
    const k = quickKinds[r.index]!;
    const key = `${k.preset}:${k.players}`;
    const entry = byKind.get(key) ?? { ids: new Set(), callers: [] };
    entry.ids.add(r.game.id);
    entry.callers.push(quickPlayers[r.index]!.id);
    byKind.set(key, entry);
  });
  expect(byKind.size).toBe(20);
  for (const [key, { ids, callers }] of byKind) {
    expect([key, ids.size]).toEqual([key, 1]);
    const game = await gameOf(a.url, [...ids][0]!);
    const [preset, players] = key.split(':');
    expect([
      game.rules.preset,
      game.maxPlayers,
      game.status,
      game.seats.map((s) => s.player.id).sort(),
    ]).toEqual([
      preset,
      Number(players),
      callers.length === Number(players) ? 'IN_PROGRESS' : 'LOBBY',
      [...callers].sort(),
    ]);
  }
}, 180_000);

/** Holds an exclusive lock on the games table until released: every query reading games waits on it. */
async function lockGames(url: string): Promise<{ release(): Promise<void> }> {
  const client = new PgClient({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE games IN ACCESS EXCLUSIVE MODE');
  return {
    async release() {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

async function ready(url: string): Promise<{ status: number; body: { ready: boolean; reason?: string } }> {
  const response = await fetch(new URL('/ready', url));
  return { status: response.status, body: (await response.json()) as { ready: boolean; reason?: string } };
}

test('a wait for a connection ends after 5 s with SERVICE_UNAVAILABLE (HTTP 503, Retry-After; over WebSocket the code), and a 30 s stall is not ready', async () => {
  const server = await start(first!);
  const host = await registerPlayer(server.url, 'Host');
  const anyGame = (await table(server.url, 'createGame', 'CreateGameInput', { preset: 'PUB' }, host)).id;
  const query = `query($id: ID!) { game(id: $id) { id } }`;
  const lock = await lockGames(first!.url);
  let released = false;
  try {
    const t0 = Date.now();
    // Ten reads take the ten connections and wait on the lock; the next ones wait for a connection.
    const stuck = Array.from({ length: 10 }, () => gql(server.url, query, { id: anyGame }));
    await sleep(300);
    const waiting = await Promise.all(
      // The last one with a token this process has not seen: it is looked up before anything runs.
      Array.from({ length: 3 }, async (_, i) => {
        const r = await gql(server.url, query, { id: anyGame }, i === 2 ? 'never-issued-token' : null);
        return { r, ms: Date.now() - t0 };
      }),
    );
    for (const { r, ms } of waiting) {
      expect([r.status, r.headers.get('retry-after'), errorsOf(r).map((e) => e.extensions?.code)]).toEqual([
        503,
        '5',
        ['SERVICE_UNAVAILABLE'],
      ]);
      expect(errorsOf(r)[0]!.extensions?.retryAfterSeconds).toBe(5);
      expect(ms).toBeGreaterThanOrEqual(5_000);
      expect(ms).toBeLessThan(8_000);
    }
    // Over WebSocket the operation's error carries the code.
    const conn = connect(wsUrlOf(server.url));
    try {
      const sub = new Subscription(conn.client, query, { id: anyGame }, 'game');
      await sub.until((s) => s.errors.length > 0, 10_000, 'the error of the read');
      expect((sub.errors as { extensions?: { code?: string } }[]).map((e) => e.extensions?.code)).toEqual([
        'SERVICE_UNAVAILABLE',
      ]);
    } finally {
      await conn.dispose();
    }
    // Logged as an overload (a warning, no stack), not as a fault of the code.
    const logged = server
      .output()
      .split('\n')
      .filter((l) => l.includes('timeout exceeded when trying to connect'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((l) => !l.includes('"level":40') || l.includes('stack'))).toEqual([]);
    // Busy but not yet 30 s without a connection: still ready.
    expect(await ready(server.url)).toEqual({ status: 200, body: { ready: true } });
    await sleep(Math.max(0, t0 + 31_000 - Date.now()));
    const stalled = await ready(server.url);
    expect([stalled.status, stalled.body.ready]).toEqual([503, false]);
    expect(stalled.body.reason).toMatch(/^no database connection came free for 3\d s$/);
    await lock.release();
    released = true;
    // The reads stuck on the lock are answered once it goes (those that were still waiting for a connection,
    // behind the background jobs' own reads, were told to retry), and the process is ready again.
    const outcomes = (await Promise.all(stuck)).map((r) =>
      r.status === 200 ? (r.body.data as { game: { id: string } }).game.id : errorsOf(r)[0]?.extensions?.code,
    );
    expect(outcomes.filter((o) => o !== anyGame && o !== 'SERVICE_UNAVAILABLE')).toEqual([]);
    expect(outcomes).toContain(anyGame);
    expect(await ready(server.url)).toEqual({ status: 200, body: { ready: true } });
  } finally {
    if (!released) await lock.release();
  }
}, 90_000);

test('SIGTERM stops a process stuck on the database within 10 s', async () => {
  const server = await start(first!);
  const lock = await lockGames(first!.url);
  try {
    const stuck = Array.from({ length: 15 }, () =>
      gql(server.url, '{ games(first: 1) { edges { node { id } } } }').catch(() => null),
    );
    await sleep(500);
    const t0 = Date.now();
    const code = await Promise.race([server.kill('SIGTERM'), sleep(15_000).then(() => 'still running')]);
    const ms = Date.now() - t0;
    console.log(`SIGTERM to exit while stuck: ${ms} ms (exit ${String(code)})`);
    expect(code).not.toBe('still running');
    expect(ms).toBeLessThan(10_000);
    await Promise.all(stuck);
  } finally {
    await lock.release();
  }
}, 120_000);
