/**
 * Load benchmark: a real server process on PostgreSQL, N concurrent games of scripted players (each an HTTP
 * client for its moves and a graphql-ws subscriber), S spectators per game, for T seconds; plus, in the same
 * run, two baselines: raw `pg` one-row INSERT transactions (the durable-commit ceiling) and a trivial query
 * through the same server (the framework ceiling).
 *
 *   npm run bench -- --games 100 --players 4 --spectators 1 --seconds 20
 *   npm run bench -- --idle 10000          (idle subscribed WebSockets and the server's memory)
 *   npm run bench -- --processes 2         (two API processes on one database; clients spread over both)
 *   npm run bench -- --games 20 --transport both --runs 3   (moves on the socket and over HTTP, alternating)
 *
 * Without BENCH_URL a server is started from dist/ on DATABASE_URL (a fresh database on that server) or,
 * when DATABASE_URL is unset, on a throwaway embedded PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { Client as PgClient } from 'pg';
import { migrate } from '../src/database/migrate';
import { PRESET_NAMES } from '../src/engine';
import { spawnServerProcess } from '../scripts/server-process';
import { keepAliveGql } from './bench-http';
import { benchDatabase, choice, integer, parseOptions, type OptionValues } from './bench-support';

/** The command-line options, `--name value` each; a new option is one more row. */
const OPTIONS = {
  games: integer(50, 1),
  players: integer(4, 2),
  spectators: integer(1),
  seconds: integer(15, 1),
  warmup: integer(3),
  preset: choice('PERUDO', PRESET_NAMES),
  /** Idle subscribed WebSockets to open instead of playing (0: play). */
  idle: integer(0),
  baselineSeconds: integer(5, 1),
  pgConnections: integer(10, 1),
  /** A player waits up to twice this many milliseconds (at random) before each move. */
  pace: integer(0),
  processes: integer(1, 1),
  /** 1: every client of a table talks to the same process (as behind a load balancer sticky per game). */
  sticky: integer(0, 0, 1),
  /** How players send their moves: on their graphql-ws socket, over HTTP, or both in alternating runs. */
  transport: choice('both', ['both', 'ws', 'http']),
  /** Measurements per transport (with `both`: ws, http, ws, http, ...), each after a trivial-request baseline. */
  runs: integer(1, 1),
  /**
   * Servers that leave steps of the event path out (EVENT_PATH_OFF), measured in alternation with the full
   * server in the same run: `steps` compares before the steps, then with each added in turn; `all`, before
   * them and with all of them.
   */
  compare: choice('none', [
    'none',
    'turn-writes',
    'audiences',
    'notice-window',
    'compiled-operations',
    'steps',
    'all',
  ]),
};

/** The server variants of each `--compare`: a label and the steps it leaves out. */
const VARIANTS: Record<Options['compare'], readonly (readonly [string, string])[]> = {
  none: [['main', '']],
  'turn-writes': [
    ['without turn-writes', 'turn-writes'],
    ['main', ''],
  ],
  audiences: [
    ['without audiences', 'audiences'],
    ['main', ''],
  ],
  'notice-window': [
    ['without notice-window', 'notice-window'],
    ['main', ''],
  ],
  'compiled-operations': [
    ['without compiled-operations', 'compiled-operations'],
    ['main', ''],
  ],
  all: [
    ['before', 'turn-writes,audiences,notice-window,compiled-operations'],
    ['main', ''],
  ],
  steps: [
    ['before', 'turn-writes,audiences,notice-window,compiled-operations'],
    ['+turn-writes', 'audiences,notice-window,compiled-operations'],
    ['+audiences', 'notice-window,compiled-operations'],
    ['+notice-window', 'compiled-operations'],
    ['+compiled-operations', ''],
  ],
};

type Transport = 'ws' | 'http';

type Options = OptionValues<typeof OPTIONS>;

// ---------------------------------------------------------------------------------------------- stats

class Samples {
  private readonly values: number[] = [];
  add(v: number): void {
    this.values.push(v);
  }
  get count(): number {
    return this.values.length;
  }
  percentile(p: number): number {
    if (this.values.length === 0) return NaN;
    const sorted = [...this.values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  }
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

// --------------------------------------------------------------------------------------------- server

/** A server under load: one this run started, or BENCH_URL's (no process of ours). */
interface Server {
  readonly url: string;
  readonly pid: number | null;
  /** Its Prometheus endpoint (the work inventory is read there); null for BENCH_URL's. */
  readonly metricsUrl: string | null;
  stop(): Promise<unknown>;
}

/** The server from dist/ as `npm start` runs it, with BENCH_NODE_ARGS for its node. */
async function startServer(databaseUrl: string, eventPathOff: string): Promise<Server> {
  const metricsPort = await freePort();
  const server = await spawnServerProcess({
    entry: { script: join(__dirname, '..', 'src', 'server.js') },
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    databaseUrl,
    redisUrl: process.env.REDIS_URL,
    env: { NODE_ENV: 'production', METRICS_PORT: String(metricsPort), EVENT_PATH_OFF: eventPathOff },
    output: 'drain',
    startTimeoutMs: 120_000,
  });
  // A server that has not drained its connections a minute after SIGTERM is killed.
  return {
    url: server.url,
    pid: server.child.pid ?? null,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    stop: () => server.stop(60_000),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The work counts of WorkCounts (src/instrumentation) summed over the servers, read from their metrics. */
async function workInventory(servers: readonly Server[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const s of servers) {
    if (!s.metricsUrl) continue;
    const text = await (await fetch(s.metricsUrl)).text();
    for (const m of text.matchAll(/^perudo_event_path_work_total\{kind="(\w+)"\} (\d+)/gm)) {
      counts[m[1]!] = (counts[m[1]!] ?? 0) + Number(m[2]);
    }
  }
  return counts;
}

/**
 * The floor under a durable move on the socket path (bench/socket-floor.bench.ts, in a process of its own):
 * measured beside each run, since the machine's speed varies from minute to minute. NaN without a database.
 */
function floorMsPerMove(databaseUrl: string | null): Promise<number> {
  if (!databaseUrl) return Promise.resolve(NaN);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(__dirname, 'socket-floor.bench.js'), '--rounds', '3000', '--commits', '1500'],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout) => {
        const last = stdout.trim().split('\n').pop() ?? '';
        try {
          resolve(error ? NaN : (JSON.parse(last) as { floorMsPerMove: number }).floorMsPerMove);
        } catch {
          resolve(NaN);
        }
      },
    );
  });
}

function rssMiB(pid: number | null): { rss: number; peak: number } {
  if (pid === null) return { rss: NaN, peak: NaN };
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: round1(kb('VmRSS') / 1024), peak: round1(kb('VmHWM') / 1024) };
}

/** CPU seconds (user + system) a process has used so far; NaN when it cannot be read. */
function cpuSeconds(pid: number | null): number {
  if (pid === null) return NaN;
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name (which may hold spaces).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// --------------------------------------------------------------------------------------------- client

class Api {
  private readonly post = keepAliveGql(256);

  constructor(readonly url: string) {}

  gql<T = Record<string, unknown>>(query: string, variables: object = {}, token?: string): Promise<T> {
    return this.post<T>(this.url, query, variables, token);
  }

  ws(token?: string): Client {
    return createClient({
      url: this.url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      lazy: false,
      retryAttempts: 0,
    });
  }
}

const EVENT_SELECTION = `seq type at game { version status turn { position }
  legalActions { canBid canDudo minBids { face minQuantity } } }`;

interface EventData {
  seq: number;
  type: string;
  at: string;
  game: {
    version: number;
    status: string;
    turn: { position: number } | null;
    legalActions: {
      canBid: boolean;
      canDudo: boolean;
      minBids: { face: number; minQuantity: number }[];
    } | null;
  };
}

interface Metrics {
  moves: number;
  moveLatency: Samples;
  eventLatency: Samples;
  unexpectedErrors: number;
  errorSamples: string[];
  gamesFinished: number;
  measuring: boolean;
  /** The slowest delivery seen per event type. */
  slowest: Record<string, number>;
}

function recordError(m: Metrics, message: string): void {
  m.unexpectedErrors++;
  if (m.errorSamples.length < 5) m.errorSamples.push(message);
}

/** At most `n` holders at once; `acquire` resolves to the release function. */
class Slots {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((r) => this.waiting.push(r));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

// Tables set up (create, join, connect their sockets) a few at a time, as players arrive in reality; a
// thousand tables opening five sockets each in the same instant would only measure the accept queue.
const setupSlots = new Slots(25);

/** One table of scripted players playing games back to back until `stopAt`. */
async function runTable(
  apis: readonly Api[],
  table: number,
  tokens: string[],
  spectators: number,
  o: Options,
  m: Metrics,
  until: { at: number },
  started: () => void,
  transport: Transport,
) {
  // Client k of table t talks to process (t + k) mod N, so with several processes the players of one game
  // are spread over them and every move's events cross processes; with --sticky 1, to process t mod N.
  const apiOf = (k: number): Api => apis[(table + (o.sticky ? 0 : k)) % apis.length]!;
  while (Date.now() < until.at) {
    const setup = await setupSlots.acquire();
    const created = await apiOf(0).gql<{ createGame: { game: { id: string } } }>(
      `mutation($p: RulePreset!) { createGame(input: { preset: $p }) { game { id } } }`,
      { p: o.preset },
      tokens[0],
    );
    const gameId = created.createGame.game.id;
    for (const [k, t] of tokens.entries()) {
      if (k === 0) continue;
      await apiOf(k).gql(
        `mutation($g: ID!) { joinGame(input: { gameId: $g }) { userErrors { code } } }`,
        { g: gameId },
        t,
      );
    }
    const clients: Client[] = [];
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    const subscribed: Promise<void>[] = [];
    const follow = (token: string | undefined, seat: number | null, api: Api): void => {
      const client = api.ws(token);
      clients.push(client);
      let ready!: () => void;
      subscribed.push(new Promise<void>((r) => (ready = r)));
      client.on('connected', () => setTimeout(ready, 20));
      let acted = 0;
      client.subscribe<{ gameEvents: EventData }>(
        {
          query: `subscription($g: ID!) { gameEvents(gameId: $g) { ${EVENT_SELECTION} } }`,
          variables: { g: gameId },
        },
        {
          next: ({ data, errors }) => {
            if (errors?.length || !data) return recordError(m, `event error: ${JSON.stringify(errors)}`);
            const e = data.gameEvents;
            if (m.measuring) {
              const ms = Date.now() - Date.parse(e.at);
              m.eventLatency.add(ms);
              if (ms > (m.slowest[e.type] ?? 0)) m.slowest[e.type] = ms;
            }
            if (e.type === 'GAME_FINISHED') {
              if (seat === 0) m.gamesFinished++;
              finish();
              return;
            }
            if (seat === null || (e.type !== 'ROUND_STARTED' && e.type !== 'BID_PLACED')) return;
            if (e.game.turn?.position !== seat || e.game.version <= acted || !e.game.legalActions) return;
            acted = e.game.version;
            void play(transport === 'ws' ? client : api, token!, gameId, e, o, m).catch((err: unknown) => {
              // A socket closed at the end of the run ends its move in flight: not an error of the server.
              if (Date.now() < until.at) recordError(m, String(err));
            });
          },
          error: (err) => recordError(m, `subscription: ${JSON.stringify(err)}`),
          complete: () => {},
        },
      );
    };
    tokens.forEach((t, seat) => follow(t, seat, apiOf(seat)));
    for (let i = 0; i < spectators; i++) follow(undefined, null, apiOf(tokens.length + i));
    await Promise.all(subscribed);
    await apiOf(0).gql(
      `mutation($g: ID!) { startGame(input: { gameId: $g }) { userErrors { code } } }`,
      { g: gameId },
      tokens[0],
    );
    setup();
    started();
    await Promise.race([finished, stopped(until)]);
    for (const c of clients) await c.dispose();
  }
}

/** Resolves once `until.at` has passed (it may be moved earlier or later meanwhile). */
async function stopped(until: { at: number }): Promise<void> {
  while (Date.now() < until.at)
    await new Promise((r) => setTimeout(r, Math.min(250, Math.max(1, until.at - Date.now()))));
}

/** A mutation on a graphql-ws socket: its one result's data (errors reject). */
function socketMutation<T>(client: Client, query: string, variables: Record<string, unknown>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let data: T | undefined;
    client.subscribe<T>(
      { query, variables },
      {
        next: (r) => {
          if (r.errors?.length) reject(new Error(r.errors.map((e) => e.message).join('; ')));
          else data = r.data as T;
        },
        error: (err) => reject(new Error(`socket mutation: ${JSON.stringify(err)}`)),
        complete: () => (data === undefined ? reject(new Error('no result')) : resolve(data)),
      },
    );
  });
}

/** Sends a move over HTTP (`Api`) or on the player's socket (`Client`, the token is the socket's). */
async function play(
  via: Api | Client,
  token: string,
  gameId: string,
  e: EventData,
  o: Options,
  m: Metrics,
): Promise<void> {
  if (o.pace > 0) await new Promise((r) => setTimeout(r, Math.random() * 2 * o.pace));
  const la = e.game.legalActions!;
  const dudo = la.canDudo && (!la.canBid || Math.random() < 0.25);
  const bid = la.minBids[Math.floor(Math.random() * la.minBids.length)];
  const started = performance.now();
  const [query, variables] = dudo
    ? [
        `mutation($g: ID!, $v: Int) { move: callDudo(input: { gameId: $g, expectedVersion: $v }) { userErrors { code } } }`,
        { g: gameId, v: e.game.version },
      ]
    : [
        `mutation($g: ID!, $v: Int, $q: Int!, $f: Int!) { move: placeBid(input: { gameId: $g, expectedVersion: $v, quantity: $q, face: $f }) { userErrors { code } } }`,
        { g: gameId, v: e.game.version, q: bid!.minQuantity, f: bid!.face },
      ];
  type MoveResult = { move: { userErrors: { code: string }[] } };
  const res =
    via instanceof Api
      ? await via.gql<MoveResult>(query, variables, token)
      : await socketMutation<MoveResult>(via, query, variables);
  if (m.measuring) {
    m.moveLatency.add(performance.now() - started);
    m.moves++;
  }
  if (res.move.userErrors.length) recordError(m, `move refused: ${res.move.userErrors[0]!.code}`);
}

// ------------------------------------------------------------------------------------------ baselines

async function pgInsertBaseline(databaseUrl: string, connections: number, seconds: number): Promise<number> {
  const setup = new PgClient({ connectionString: databaseUrl });
  await setup.connect();
  await setup.query(
    'CREATE TABLE IF NOT EXISTS bench_rows (id bigserial PRIMARY KEY, game_id uuid, payload jsonb)',
  );
  await setup.end();
  const stopAt = Date.now() + seconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new PgClient({ connectionString: databaseUrl });
      await c.connect();
      while (Date.now() < stopAt) {
        await c.query('INSERT INTO bench_rows (game_id, payload) VALUES (gen_random_uuid(), $1)', [
          '{"a":1}',
        ]);
        count++;
      }
      await c.end();
    }),
  );
  return count / seconds;
}

/** The database's durability settings, as the benchmark measured with them. */
async function durabilityOf(url: string): Promise<Record<string, string>> {
  const client = new PgClient({ connectionString: url });
  await client.connect();
  try {
    const settings: Record<string, string> = {};
    for (const name of ['fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method']) {
      settings[name] = (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name]!;
    }
    return settings;
  } finally {
    await client.end();
  }
}

async function trivialQueryBaseline(
  apis: readonly Api[],
  concurrency: number,
  seconds: number,
): Promise<number> {
  const stopAt = Date.now() + seconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const api = apis[i % apis.length]!;
      while (Date.now() < stopAt) {
        await api.gql('{ __typename }');
        count++;
      }
    }),
  );
  return count / seconds;
}

/**
 * The simplest durable mutation through the same server: `registerPlayer`, one INSERT and no events. A move
 * is that plus the game's rules, a larger statement and its events to every subscriber.
 */
async function registerBaseline(apis: readonly Api[], concurrency: number, seconds: number): Promise<number> {
  // A second first, not counted: a fresh process's first Prisma queries are much slower than the rest.
  const warmUntil = Date.now() + 1000;
  const stopAt = warmUntil + seconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const api = apis[i % apis.length]!;
      while (Date.now() < stopAt) {
        await api.gql(`mutation($n: String!) { registerPlayer(input: { name: $n }) { player { id } } }`, {
          // Names are unique (by look) on the server people run: each registration a name of its own.
          n: `baseline-${nameCount++}`,
        });
        if (Date.now() > warmUntil) count++;
      }
    }),
  );
  return count / seconds;
}

// ------------------------------------------------------------------------------------------------ idle

async function idleSockets(api: Api, server: Server, count: number): Promise<Record<string, number>> {
  const tokens = await registerPlayers(api, 1);
  const game = await api.gql<{ createGame: { game: { id: string } } }>(
    `mutation { createGame(input: { preset: PERUDO }) { game { id } } }`,
    {},
    tokens[0],
  );
  const before = rssMiB(server.pid);
  const clients: Client[] = [];
  let subscribedCount = 0;
  const batch = 500;
  for (let i = 0; i < count; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - i) }, async () => {
        const client = api.ws();
        clients.push(client);
        await new Promise<void>((resolve, reject) => {
          client.on('connected', () => resolve());
          client.on('error', reject);
          client.subscribe(
            {
              query: `subscription($g: ID!) { gameEvents(gameId: $g) { seq } }`,
              variables: { g: game.createGame.game.id },
            },
            { next: () => {}, error: reject, complete: () => {} },
          );
        });
        subscribedCount++;
      }),
    );
  }
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssMiB(server.pid);
  // Prove the sockets are live: one event must reach them all.
  let delivered = 0;
  const all = new Promise<void>((resolve) => {
    for (const c of clients) {
      c.subscribe(
        {
          query: `subscription($g: ID!) { gameEvents(gameId: $g) { seq } }`,
          variables: { g: game.createGame.game.id },
        },
        {
          next: () => {
            if (++delivered === clients.length) resolve();
          },
          error: () => {},
          complete: () => {},
        },
      );
    }
  });
  await new Promise((r) => setTimeout(r, 1000));
  const [joiner] = await registerPlayers(api, 1);
  const sent = Date.now();
  await api.gql(
    `mutation($g: ID!) { joinGame(input: { gameId: $g }) { userErrors { code } } }`,
    { g: game.createGame.game.id },
    joiner,
  );
  await Promise.race([all, new Promise((r) => setTimeout(r, 30_000))]);
  const fanOutMs = Date.now() - sent;
  await Promise.all(clients.map((c) => c.dispose()));
  return {
    idleSockets: subscribedCount,
    rssBeforeMiB: before.rss,
    rssMiB: after.rss,
    peakRssMiB: after.peak,
    kibPerSocket: round1(((after.rss - before.rss) * 1024) / subscribedCount),
    fanOutDelivered: delivered,
    fanOutMs,
  };
}

/** Players registered so far: names are unique (by look) on the server people run, so each gets a number. */
let nameCount = 0;

async function registerPlayers(api: Api, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await api.gql<{ registerPlayer: { token: string } }>(
      `mutation($n: String!) { registerPlayer(input: { name: $n }) { token } }`,
      { n: `bench-${nameCount++}` },
    );
    tokens.push(r.registerPlayer.token);
  }
  return tokens;
}

// ------------------------------------------------------------------------------------------- measuring

const round3 = (n: number): number => Math.round(n * 1000) / 1000;

/** The servers' CPU seconds (user + system) so far, summed. */
function serversCpu(servers: readonly Server[]): number {
  return servers.reduce((sum, s) => sum + cpuSeconds(s.pid), 0);
}

/** Trivial requests per second through the servers, and the servers' CPU (ms) per request. */
async function trivialCpu(
  apis: readonly Api[],
  servers: readonly Server[],
  concurrency: number,
  seconds: number,
): Promise<{ perSec: number; cpuMs: number }> {
  const before = serversCpu(servers);
  const perSec = await trivialQueryBaseline(apis, concurrency, seconds);
  return { perSec, cpuMs: ((serversCpu(servers) - before) / (perSec * seconds)) * 1000 };
}

/** Plays every table with moves sent over `transport`; the figures of the measured window. */
async function measurePlay(
  apis: readonly Api[],
  servers: readonly Server[],
  tables: readonly string[][],
  o: Options,
  transport: Transport,
): Promise<Record<string, unknown>> {
  const m: Metrics = {
    moves: 0,
    moveLatency: new Samples(),
    eventLatency: new Samples(),
    unexpectedErrors: 0,
    errorSamples: [],
    gamesFinished: 0,
    measuring: false,
    slowest: {},
  };
  // The generator's own event-loop delay is part of every latency it measures: report it too.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const until = { at: Infinity };
  let startedTables = 0;
  let allStarted!: () => void;
  const everyTableStarted = new Promise<void>((r) => (allStarted = r));
  const run = Promise.all(
    tables.map((tokens, table) =>
      runTable(
        apis,
        table,
        tokens,
        o.spectators,
        o,
        m,
        until,
        () => {
          if (++startedTables === tables.length) allStarted();
        },
        transport,
      ),
    ),
  );
  // Measure the steady state: every table set up and playing, then the warm-up.
  await everyTableStarted;
  await new Promise((r) => setTimeout(r, o.warmup * 1000));
  m.measuring = true;
  loopDelay.enable();
  const workBefore = await workInventory(servers);
  const movesBefore = m.moves;
  const cpuBefore = serversCpu(servers);
  const generatorBefore = process.cpuUsage();
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  const serverCpu = serversCpu(servers) - cpuBefore;
  const generator = process.cpuUsage(generatorBefore);
  const movesCounted = m.moves - movesBefore;
  const workAfter = await workInventory(servers);
  m.measuring = false;
  loopDelay.disable();
  until.at = Date.now();
  const mems = servers.map((s) => rssMiB(s.pid));
  await run;
  if (m.errorSamples.length) console.error('error samples:', m.errorSamples);
  console.error(`slowest delivery by event type (ms, ${transport}):`, m.slowest);
  const generatorCpu = (generator.user + generator.system) / 1e6;
  return {
    movesPerSec: round1(m.moves / o.seconds),
    // CPU the server processes used while measuring: per second (100 = one core) and per accepted move.
    serverCpuPercent: round1((serverCpu / o.seconds) * 100),
    serverCpuMsPerMove: round3((serverCpu / m.moves) * 1000),
    // The load generator's own CPU: well under one core, it is not what limits the run.
    generatorCpuPercent: round1((generatorCpu / o.seconds) * 100),
    generatorCpuMsPerMove: round3((generatorCpu / m.moves) * 1000),
    moveP50Ms: round1(m.moveLatency.percentile(50)),
    moveP99Ms: round1(m.moveLatency.percentile(99)),
    eventP50Ms: round1(m.eventLatency.percentile(50)),
    eventP99Ms: round1(m.eventLatency.percentile(99)),
    eventsDelivered: m.eventLatency.count,
    generatorLoopDelayP99Ms: round1(loopDelay.percentile(99) / 1e6),
    gamesFinished: m.gamesFinished,
    unexpectedErrors: m.unexpectedErrors,
    rssMiB: round1(mems.reduce((sum, x) => sum + x.rss, 0)),
    // The server's own work per move in the window (WorkCounts): executions, frames, writes, folds...
    ...Object.fromEntries(
      Object.entries(workAfter).map(([kind, n]) => [
        `${kind}PerMove`,
        Math.round(((n - (workBefore[kind] ?? 0)) / movesCounted) * 100) / 100,
      ]),
    ),
  };
}

/** One row per measurement, the columns that compare the transports. */
function printRuns(runs: readonly Record<string, unknown>[]): void {
  const columns = [
    'run',
    'variant',
    'transport',
    'serverCpuMsPerMove',
    'serverCpuMsPerTrivial',
    'moveCpuVsTrivial',
    'floorMsPerMove',
    'moveCpuVsFloor',
    'executionsPerMove',
    'sharedResultsPerMove',
    'framesPerMove',
    'socketWritesPerMove',
    'foldsPerMove',
    'eventViewsPerMove',
    'movesPerSec',
    'moveP99Ms',
    'eventP99Ms',
    'generatorCpuPercent',
    'serverCpuPercent',
    'unexpectedErrors',
  ];
  console.log(`| ${columns.join(' | ')} |`);
  console.log(`|${columns.map(() => '---').join('|')}|`);
  for (const r of runs) console.log(`| ${columns.map((c) => String(r[c])).join(' | ')} |`);
  for (const r of runs) console.log(JSON.stringify(r));
}

// ------------------------------------------------------------------------------------------------ main

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2), OPTIONS);
  const external = process.env.BENCH_URL;
  // Durable like production: a benchmark on a cluster that skips its flushes would flatter every commit.
  const db = external ? null : await benchDatabase('perudo_bench', { durable: true });
  if (db) await migrate(db.url);
  const durability = db
    ? await durabilityOf(db.url)
    : { note: 'BENCH_URL: the server database is not known' };
  console.error('durability settings measured with:', durability);
  const variants = external ? VARIANTS.none : VARIANTS[o.compare];
  const groups: { label: string; servers: Server[]; apis: Api[] }[] = [];
  for (const [label, off] of variants) {
    const servers: Server[] = external
      ? [{ url: external, pid: null, metricsUrl: null, stop: async () => {} }]
      : await Promise.all(Array.from({ length: Math.max(1, o.processes) }, () => startServer(db!.url, off)));
    groups.push({ label, servers, apis: servers.map((s) => new Api(s.url)) });
  }
  const servers = groups.flatMap((g) => g.servers);
  const { apis } = groups[0]!;
  const api = apis[0]!;
  const result: Record<string, unknown> =
    o.idle > 0
      ? {}
      : {
          games: o.games,
          players: o.players,
          spectators: o.spectators,
          processes: servers.length,
          durability: JSON.stringify(durability),
        };
  try {
    if (o.idle > 0) {
      Object.assign(result, await idleSockets(api, servers[0]!, o.idle));
    } else {
      const pgInsertTxPerSec = db ? await pgInsertBaseline(db.url, o.pgConnections, o.baselineSeconds) : NaN;
      const registersPerSec = await registerBaseline(apis, Math.min(o.games, 64), o.baselineSeconds);
      const tables = await Promise.all(
        Array.from({ length: o.games }, () => registerPlayers(api, o.players)),
      );
      const transports: Transport[] = o.transport === 'both' ? ['ws', 'http'] : [o.transport];
      const runs: Record<string, unknown>[] = [];
      for (let run = 1; run <= o.runs; run++) {
        for (const transport of transports) {
          for (const group of groups) {
            // The same server's CPU per trivial request ({ __typename }), measured right before each run: the
            // unit its move cost is compared against (the machine's speed varies from minute to minute).
            const trivial = await trivialCpu(
              group.apis,
              group.servers,
              Math.min(o.games, 64),
              o.baselineSeconds,
            );
            const floor = await floorMsPerMove(db?.url ?? null);
            const figures = await measurePlay(group.apis, group.servers, tables, o, transport);
            runs.push({
              run,
              variant: group.label,
              transport,
              ...figures,
              trivialQueriesPerSec: round1(trivial.perSec),
              serverCpuMsPerTrivial: round3(trivial.cpuMs),
              moveCpuVsTrivial:
                Math.round(((figures.serverCpuMsPerMove as number) / trivial.cpuMs) * 100) / 100,
              floorMsPerMove: floor,
              moveCpuVsFloor: Math.round(((figures.serverCpuMsPerMove as number) / floor) * 100) / 100,
            });
            console.error(JSON.stringify(runs[runs.length - 1]));
          }
        }
      }
      Object.assign(result, {
        pgInsertTxPerSec: round1(pgInsertTxPerSec),
        registersPerSec: round1(registersPerSec),
      });
      printRuns(runs);
      // The last run's figures at the top level too, as one-transport runs printed them (bench:sweep reads them).
      Object.assign(result, runs[runs.length - 1]);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.stop();
  }
  const width = Math.max(...Object.keys(result).map((k) => k.length));
  for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(width)}  ${String(v)}`);
  console.log(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
