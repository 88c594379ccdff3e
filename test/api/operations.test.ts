// Running the server in production: the registration quota, lobby expiry, metrics, request logs, readiness.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { App } from '../../src/app';
import { migrate } from '../../src/database/migrate';
import { NO_RATE_LIMITS } from '../../src/gate/server-limits';
import { createLogger } from '../../src/observability/logger';
import { botRng, playTurn, TestApi, type BotMove, type BotView } from '../support/api-harness';
import {
  accepted,
  dataOf,
  gql,
  mutate,
  onlyError,
  registerPlayer,
  startedGame,
} from '../support/graphql-client';
import { spawnServer, startServer, type ServerProcess } from '../support/server-launcher';
import { sql } from '../support/sql';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { sleep, until } from '../support/timing';
import { connect, Subscription, type WsConnection } from '../support/ws-client';
import { EmbeddedPostgresProcess } from '../hardening/support';

const REGISTER = `mutation($input: RegisterPlayerInput!) {
  registerPlayer(input: $input) { player { id name } token userErrors { code } }
}`;

interface Registered {
  registerPlayer: { player: { id: string; name: string }; token: string } | null;
}

function register(url: string, name: string, idempotencyKey?: string) {
  return gql<Registered>(url, REGISTER, { input: { name, ...(idempotencyKey ? { idempotencyKey } : {}) } });
}

async function playerCount(db: TestDatabase): Promise<number> {
  const [row] = await sql<{ n: number }>(db.url, 'SELECT count(*)::int AS n FROM players');
  return row!.n;
}

describe('the registration quota', () => {
  let db: TestDatabase;
  let app: App;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await startServer(db.url, {
      limits: { ...NO_RATE_LIMITS, registrationsPerIp: { perSecond: 5 / 60, burst: 3 } },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('refuses registrations past the burst with RATE_LIMITED, a wait and no player made; retries are free', async () => {
    const key = 'quota-retry-key-0000000001';
    const first = dataOf(await register(app.url, 'Keyed', key)).registerPlayer!;
    for (const name of ['Two', 'Three'])
      expect(dataOf(await register(app.url, name)).registerPlayer).not.toBeNull();
    expect(await playerCount(db)).toBe(3);

    const refused = await register(app.url, 'Four');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('12');
    const error = onlyError(refused);
    expect(error).toMatchObject({ path: ['registerPlayer'], extensions: { code: 'RATE_LIMITED' } });
    // One registration every 12 s: the bucket has refilled a little since the third.
    const wait = error.extensions!.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(11);
    expect(wait).toBeLessThanOrEqual(12);
    expect(error.message).toBe(`too many registrations from this address: retry in ${wait} s`);
    expect(await playerCount(db)).toBe(3);

    // The retry of a registration already made is answered from its record, quota or not.
    const again = dataOf(await register(app.url, 'Keyed', key)).registerPlayer!;
    expect(again).toEqual(first);
    expect(await playerCount(db)).toBe(3);
    // Other requests of the address are not held by the registration quota.
    expect(dataOf(await gql(app.url, '{ __typename }'))).toEqual({ __typename: 'Query' });
  });
});

describe('the registration quota across two processes', () => {
  let db: TestDatabase;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { RATE_LIMITS: 'on', REGISTRATIONS_PER_MINUTE: '1', REGISTRATION_BURST: '4' };
    for (let i = 0; i < 2; i++) servers.push(await spawnServer({ databaseUrl: db.url, env }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.drop();
  });

  it('is one budget for an address, whichever process it calls', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    for (const name of ['A1', 'A2'])
      expect(dataOf(await register(a.url, name)).registerPlayer).not.toBeNull();
    // The processes tell each other what they let through every 250 ms.
    await sleep(700);
    for (const name of ['B1', 'B2'])
      expect(dataOf(await register(b.url, name)).registerPlayer).not.toBeNull();
    await sleep(700);
    // A alone would still have two registrations left in its burst.
    const refused = await register(a.url, 'A3');
    expect(refused.status).toBe(429);
    expect(onlyError(refused).extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await register(b.url, 'B3')).status).toBe(429);
    expect(await playerCount(db)).toBe(4);
  });
});

describe('lobby expiry', () => {
  let db: TestDatabase;
  const apps: App[] = [];
  let conn: WsConnection;

  beforeAll(async () => {
    db = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      apps.push(
        await startServer(db.url, {
          limits: { ...NO_RATE_LIMITS, maxActiveGamesPerPlayer: 1 },
          lobbyIdleMs: 1_500,
          lobbyExpiryIntervalMs: 100,
        }),
      );
    }
  });
  afterAll(async () => {
    await conn?.dispose();
    await Promise.all(apps.map((a) => a.stop()));
    await db?.drop();
  });

  it('cancels an idle lobby once, tells the lobby, and frees its players for other games', async () => {
    const [a] = apps as [App, App];
    conn = connect(a.url.replace(/^http/, 'ws'));
    const lobby = new Subscription<{ id: string; status: string; version: number }>(
      conn.client,
      'subscription { lobbyEvents { id status version } }',
      {},
      'lobbyEvents',
    );
    await sleep(300);
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((n) => registerPlayer(a.url, n)));
    const created = accepted(
      await mutate(a.url, 'createGame', { preset: 'PERUDO' }, ann!.token, 'id version'),
      'createGame',
    ) as unknown as { id: string; version: number };
    const joined = accepted(
      await mutate(a.url, 'joinGame', { gameId: created.id }, bob!.token, 'id version status'),
      'joinGame',
    ) as unknown as { version: number };
    // Seated in an open game, Ann may not open another.
    const capped = await mutate(a.url, 'createGame', { preset: 'PUB' }, ann!.token, 'id');
    expect(JSON.stringify(capped.body)).toContain('TOO_MANY_GAMES');

    await lobby.until((s) => s.items.some((g) => g.id === created.id && g.status === 'CANCELLED'), 15_000);
    const gameKey = Buffer.from(created.id, 'base64').toString().split(':')[1]!;
    const events = await sql<{ type: string; version: number }>(
      db.url,
      'SELECT type, version FROM game_events WHERE game_id = $1 ORDER BY seq',
      [gameKey],
    );
    expect(events.map((e) => e.type)).toEqual([
      'GAME_CREATED',
      'PLAYER_JOINED',
      'PLAYER_JOINED',
      'GAME_CANCELLED',
    ]);
    expect(events[3]!.version).toBe(joined.version + 1);
    // Both processes swept; the version guard let one of them apply it. Later sweeps find nothing.
    await sleep(500);
    const [row] = await sql<{ status: string; version: number }>(
      db.url,
      'SELECT status::text, version FROM games WHERE id = $1',
      [gameKey],
    );
    expect(row).toEqual({ status: 'CANCELLED', version: joined.version + 1 });
    const view = dataOf(
      await gql<{ game: { status: string; seats: { player: { name: string } }[] } }>(
        a.url,
        'query($id: ID!) { game(id: $id) { status seats { player { name } } } }',
        { id: created.id },
      ),
    );
    expect(view.game).toEqual({
      status: 'CANCELLED',
      seats: [{ player: { name: 'Ann' } }, { player: { name: 'Bob' } }],
    });
    // The cancelled game no longer holds Ann's open-game slot.
    accepted(await mutate(a.url, 'createGame', { preset: 'PUB' }, ann!.token, 'id'), 'createGame');
  });
});

describe('metrics', () => {
  let db: TestDatabase;
  let app: App;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await startServer(db.url, { metricsPort: 0, gameCountIntervalMs: 200 });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  async function scrape(): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${app.metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  }

  function value(text: string, series: string): number | null {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : null;
  }

  it('counts moves by outcome, requests, games and the process, on their own port only', async () => {
    const players = await Promise.all(['Ann', 'Bob'].map((n) => registerPlayer(app.url, n)));
    const game = await startedGame(app.url, players, { preset: 'PUB' });
    const before = await scrape();
    expect(
      value(before, 'perudo_moves_total{operation="placeBid",outcome="ACCEPTED",transport="http"}'),
    ).toBeNull();

    const turn = game.turn!.position;
    const mover = players[turn]!;
    const other = players[1 - turn]!;
    accepted(
      await mutate(app.url, 'placeBid', { gameId: game.id, quantity: 1, face: 3 }, mover.token),
      'placeBid',
    );
    const refused = await mutate(app.url, 'placeBid', { gameId: game.id, quantity: 9, face: 3 }, mover.token);
    expect(JSON.stringify(refused.body)).toContain('NOT_YOUR_TURN');

    const after = await scrape();
    expect(value(after, 'perudo_moves_total{operation="placeBid",outcome="ACCEPTED",transport="http"}')).toBe(
      1,
    );
    expect(
      value(after, 'perudo_moves_total{operation="placeBid",outcome="NOT_YOUR_TURN",transport="http"}'),
    ).toBe(1);
    expect(
      value(after, 'perudo_moves_total{operation="startGame",outcome="ACCEPTED",transport="http"}'),
    ).toBe(1);
    expect(
      value(after, 'perudo_moves_total{operation="createGame",outcome="ACCEPTED",transport="http"}'),
    ).toBe(1);
    expect(
      value(after, 'perudo_graphql_request_duration_seconds_count{type="mutation",field="placeBid"}'),
    ).toBe(2);
    // Games are counted on a schedule, not per scrape.
    const counted = await until(
      'the game counts to catch up',
      async () => {
        const text = await scrape();
        return value(text, 'perudo_games{status="IN_PROGRESS"}') === 1 ? text : null;
      },
      5_000,
    );
    expect(value(counted, 'perudo_games{status="IN_PROGRESS"}')).toBe(1);
    expect(value(counted, 'perudo_games{status="LOBBY"}')).toBe(0);
    expect(value(after, 'perudo_open_sockets')).toBe(0);
    expect(value(after, 'perudo_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // The timers count their runs (the turn timer looks every 250 ms, the lobby expiry once at start).
    await until(
      'the timers to have run',
      async () => {
        const text = await scrape();
        return (
          (value(text, 'perudo_timer_runs_total{timer="turn_timer"}') ?? 0) > 0 &&
          (value(text, 'perudo_timer_runs_total{timer="lobby_expiry"}') ?? 0) > 0
        );
      },
      15_000,
    );
    expect(other.token).not.toBe(mover.token);

    // Not on the public port.
    const publicPort = await fetch(app.url.replace('/graphql', '/metrics'));
    expect(publicPort.status).toBe(404);
  });

  it('serves metrics on loopback only unless told otherwise', async () => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (external) {
      const refused = await fetch(`http://${external}:${app.metricsPort}/metrics`).then(
        () => 'answered',
        () => 'refused',
      );
      expect(refused).toBe('refused');
    }
  });

  it('counts refusals by rate limit', async () => {
    const limited = await startServer(db.url, {
      metricsPort: 0,
      limits: { ...NO_RATE_LIMITS, registrationsPerIp: { perSecond: 0.01, burst: 1 } },
    });
    try {
      expect((await register(limited.url, 'One')).status).toBe(200);
      expect((await register(limited.url, 'Two')).status).toBe(429);
      const text = await (await fetch(`http://127.0.0.1:${limited.metricsPort}/metrics`)).text();
      expect(value(text, 'perudo_rate_limited_total{limit="registration"}')).toBe(1);
    } finally {
      await limited.stop();
    }
  });
});

describe('request logs', () => {
  let api: TestApi;
  let app: { url: string };
  const lines: string[] = [];

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(
          ...chunk
            .toString()
            .split('\n')
            .filter((l) => l.length > 0),
        );
        done();
      },
    });
    api = await TestApi.start({ logger: createLogger({ destination, level: 'debug' }) });
    app = api;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('writes one JSON line per request with its id, operation, player, duration and outcome', async () => {
    const ann = await registerPlayer(app.url, 'Ann');
    const res = await fetch(app.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${ann.token}`,
        'x-request-id': 'client-chosen-id-42',
      },
      body: JSON.stringify({
        query: 'query Mine($id: ID!) { player(id: $id) { name } }',
        variables: { id: ann.id },
        operationName: 'Mine',
      }),
    });
    expect(res.headers.get('x-request-id')).toBe('client-chosen-id-42');
    const generated = await fetch(app.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'bad id with spaces' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    const generatedId = generated.headers.get('x-request-id')!;
    expect(generatedId).toMatch(/^[0-9a-f-]{36}$/);
    await sleep(50);
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = parsed.find((l) => l.reqId === 'client-chosen-id-42')!;
    expect(mine).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'POST',
      path: '/graphql',
      status: 200,
      operationType: 'query',
      operation: 'Mine',
      field: 'player',
      playerId: ann.id,
      outcome: 'OK',
    });
    expect(typeof mine.durationMs).toBe('number');
    expect(typeof mine.time).toBe('number');
    expect(parsed.find((l) => l.reqId === generatedId)).toMatchObject({ field: '__typename', outcome: 'OK' });
    // A refused move is logged with its code.
    const bob = await registerPlayer(app.url, 'Bob');
    const game = await startedGame(app.url, [ann, bob], { preset: 'PUB' });
    const idle = game.turn!.position === 0 ? bob : ann;
    const refused = await mutate(app.url, 'callDudo', { gameId: game.id }, idle.token);
    await sleep(50);
    const refusedId = refused.headers.get('x-request-id');
    const line = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.reqId === refusedId);
    expect(line).toMatchObject({
      operationType: 'mutation',
      field: 'callDudo',
      outcome: 'NOT_YOUR_TURN',
      playerId: idle.id,
    });
  });

  it('never logs a token, a die, the variables or the query text over a whole game', async () => {
    lines.length = 0;
    const players = await Promise.all(['Cat', 'Dan', 'Eve'].map((n) => registerPlayer(app.url, n)));
    const started = await startedGame(app.url, players, { preset: 'PUB', overrides: { startingDice: 2 } });
    const rng = botRng(7);
    const hands: number[][] = [];
    let game: BotView = started;
    const moves: BotMove[] = [];
    while (game.status === 'IN_PROGRESS') {
      if (moves.length > 500) throw new Error('the game does not end');
      const m = await playTurn(api, game, players, { rng, exactRate: 0.5, outOfTurnExactRate: 0.2 });
      hands.push(m.dice);
      moves.push(m);
      game = m.game;
    }
    expect(game.status).toBe('FINISHED');
    await sleep(50);
    expect(lines.length).toBeGreaterThan(moves.length * 2);
    const text = lines.join('\n');
    for (const p of players) expect(text).not.toContain(p.token);
    expect(text).not.toMatch(/"(dice|hands|variables|query|token|authorization)":/i);
    for (const hand of hands.filter((h) => h.length > 1)) expect(text).not.toContain(JSON.stringify(hand));
    for (const l of lines) expect(JSON.parse(l)).toHaveProperty('reqId');
  });
});

describe('/ready', () => {
  let dataDir: string;
  let postgres: EmbeddedPostgresProcess;
  let app: App;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'perudo-ready-'));
    postgres = EmbeddedPostgresProcess.spawn(dataDir);
    const url = await postgres.start();
    await migrate(url);
    app = await startServer(url);
  });
  afterAll(async () => {
    await app?.stop();
    await postgres?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function ready(): Promise<{ status: number; body: unknown }> {
    const res = await fetch(app.url.replace('/graphql', '/ready'));
    return { status: res.status, body: await res.json() };
  }

  it('is false while PostgreSQL is down and true again once it is back; /health stays up', async () => {
    expect(await ready()).toEqual({ status: 200, body: { ready: true } });
    await postgres.stop();
    const down = await until(
      'not ready',
      async () => {
        const r = await ready();
        return r.status === 503 ? r : null;
      },
      15_000,
    );
    expect(down.body).toMatchObject({ ready: false });
    expect(String((down.body as { reason: string }).reason)).toMatch(/change bus|database/);
    expect((await fetch(app.url.replace('/graphql', '/health'))).status).toBe(200);
    await postgres.start();
    await until('ready again', async () => (await ready()).status === 200, 20_000);
    expect(await ready()).toEqual({ status: 200, body: { ready: true } });
  });
});
