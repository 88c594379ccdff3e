/**
 * One address's sockets against everyone else: the latency of an innocent `{ __typename }` (p50, p90, p99,
 * max) on a server process with no flood, then while a flood of sockets runs replaying `gameEvents`
 * subscriptions, and the server's RSS before, during and after the flood.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:flood -- \
 *     --sockets 1500 --subs 50 --addresses 1 --games 4 --seconds 15
 *
 * The server runs with its production limits (rate limits on, SOCKETS_PER_ADDRESS default) behind one trusted
 * proxy (TRUST_PROXY=1), so that each client names its address in X-Forwarded-For: the flood comes from
 * `--addresses` addresses (socket i from address i mod addresses), the innocent client from another. The
 * flood is opened and read by a child process, so this process only measures. FLOOD_SERVER_ROOT runs the
 * server of another checkout (e.g. an older build, to compare).
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { spawnServerProcess } from '../scripts/server-process';
import { benchDatabase, integerOptions } from './bench-support';

const DEFAULTS = { sockets: 1500, subs: 50, addresses: 1, games: 4, seconds: 15, bots: 9 };
type Options = typeof DEFAULTS;

const REPLAY =
  'subscription($g: ID!) { gameEvents(gameId: $g, afterSeq: 0) { seq type game { id status } } }';

interface FloodReport {
  opened: number;
  refused: Record<string, number>;
  events: number;
  errors: number;
  completes: number;
}

// ---------------------------------------------------------------------------------------------------------
// The flood (child process)

function runFlood(url: string, o: Options, gameIds: readonly string[]): void {
  const report: FloodReport = { opened: 0, refused: {}, events: 0, errors: 0, completes: 0 };
  const sockets: WebSocket[] = [];
  let settled = 0;
  const settle = (): void => {
    if (++settled === o.sockets) process.send!({ type: 'opened', report });
  };
  for (let i = 0; i < o.sockets; i++) {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), 'graphql-transport-ws', {
      headers: { 'x-forwarded-for': address(i, o) },
    });
    sockets.push(ws);
    ws.on('unexpected-response', (_req, res) => {
      report.refused[res.statusCode ?? 0] = (report.refused[res.statusCode ?? 0] ?? 0) + 1;
      ws.terminate();
      settle();
    });
    ws.on('error', () => {});
    ws.on('open', () => {
      report.opened++;
      ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
      settle();
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string };
      if (frame.type === 'connection_ack') {
        for (let j = 0; j < o.subs; j++) {
          ws.send(
            JSON.stringify({
              id: String(j),
              type: 'subscribe',
              payload: { query: REPLAY, variables: { g: gameIds[(i + j) % gameIds.length] } },
            }),
          );
        }
      } else if (frame.type === 'next') report.events++;
      else if (frame.type === 'error') report.errors++;
      else if (frame.type === 'complete') report.completes++;
    });
  }
  process.on('message', (m: { type: string }) => {
    if (m.type === 'report') process.send!({ type: 'report', report });
    if (m.type === 'close') {
      for (const ws of sockets) ws.terminate();
      process.send!({ type: 'closed', report });
    }
  });
}

/** Socket i's address: one of `addresses` in 10.128.0.0/9. */
function address(i: number, o: Options): string {
  const n = i % o.addresses;
  return `10.${128 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

// ---------------------------------------------------------------------------------------------------------
// The measure (this process)

async function post<T>(
  url: string,
  query: string,
  variables: object,
  from: string,
  token?: string,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(`${query}: ${JSON.stringify(body)}`);
  return body.data;
}

/** A finished game of a human host and `bots` bots. */
async function finishedGame(url: string, n: number, bots: number): Promise<{ id: string; events: number }> {
  const from = `192.0.2.${n + 1}`;
  const { registerPlayer } = await post<{ registerPlayer: { token: string } }>(
    url,
    'mutation($n: String!) { registerPlayer(input: { name: $n }) { token } }',
    { n: `Host ${n}` },
    from,
  );
  const token = registerPlayer.token;
  const { createGame } = await post<{ createGame: { game: { id: string } } }>(
    url,
    'mutation { createGame(input: { preset: PERUDO, maxPlayers: 10 }) { game { id } } }',
    {},
    from,
    token,
  );
  const gameId = createGame.game.id;
  for (let b = 0; b < bots; b++) {
    await post(
      url,
      'mutation($g: ID!) { addBot(input: { gameId: $g, level: EASY }) { game { id } } }',
      { g: gameId },
      from,
      token,
    );
  }
  await post(
    url,
    'mutation($g: ID!) { startGame(input: { gameId: $g }) { game { id } } }',
    { g: gameId },
    from,
    token,
  );
  // The host plays the smallest bids (and calls dudo now and then) until the game ends: a long log.
  for (;;) {
    const { game } = await post<{
      game: {
        status: string;
        lastEventSeq: number;
        legalActions: {
          canBid: boolean;
          canDudo: boolean;
          minBids: { face: number; minQuantity: number }[];
        } | null;
      };
    }>(
      url,
      'query($g: ID!) { game(id: $g) { status lastEventSeq legalActions { canBid canDudo minBids { face minQuantity } } } }',
      { g: gameId },
      from,
      token,
    );
    if (game.status === 'FINISHED') return { id: gameId, events: game.lastEventSeq };
    const legal = game.legalActions;
    if (legal && (legal.canBid || legal.canDudo)) {
      if (legal.canDudo && (!legal.canBid || Math.random() < 0.15)) {
        await post(
          url,
          'mutation($g: ID!) { callDudo(input: { gameId: $g }) { game { id } } }',
          { g: gameId },
          from,
          token,
        );
      } else {
        const bid =
          legal.minBids.filter((b) => b.face !== 1).sort((x, y) => x.minQuantity - y.minQuantity)[0] ??
          legal.minBids[0]!;
        await post(
          url,
          'mutation($g: ID!, $q: Int!, $f: Int!) { placeBid(input: { gameId: $g, quantity: $q, face: $f }) { game { id } } }',
          { g: gameId, q: bid.minQuantity, f: bid.face },
          from,
          token,
        );
      }
    }
    // Within the player's rate limit (30 a second): a poll and at most one move every 70 ms.
    await new Promise((resolve) => setTimeout(resolve, 70));
  }
}

interface Latency {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  failed: number;
}

/** Innocent `{ __typename }` requests one after the other, every 20 ms, for `seconds`. */
async function innocent(url: string, seconds: number): Promise<Latency> {
  const times: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      await post(url, '{ __typename }', {}, '198.51.100.1');
      times.push(performance.now() - t0);
    } catch {
      failed++;
    }
    const left = 20 - (performance.now() - t0);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
  times.sort((a, b) => a - b);
  const at = (p: number): number =>
    +times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!.toFixed(1);
  return { n: times.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), failed };
}

function rssMiB(pid: number): number {
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
}

async function main(): Promise<void> {
  const o = integerOptions<Options>(process.argv.slice(2), DEFAULTS);
  const db = await benchDatabase('bench_flood');
  const root = process.env.FLOOD_SERVER_ROOT ?? join(__dirname, '..');
  const server = await spawnServerProcess({
    entry: {
      eval: `require('ts-node').register({ transpileOnly: true, experimentalResolver: true }); require('./src/server.ts');`,
    },
    cwd: root,
    databaseUrl: db.url,
    output: 'drain',
    startTimeoutMs: 180_000,
    env: {
      NODE_ENV: 'production',
      RATE_LIMITS: 'on',
      TRUST_PROXY: '1',
      BOT_DELAY_MS: '0',
    },
  });
  try {
    const games = [];
    for (let n = 0; n < o.games; n++) games.push(await finishedGame(server.url, n, o.bots));
    const pid = server.child.pid!;
    console.log(
      `server ${root}: ${o.games} finished games of ${games.map((g) => g.events).join(', ')} events`,
    );
    const rssBefore = rssMiB(pid);
    const baseline = await innocent(server.url, o.seconds);
    console.log(`no flood:    ${JSON.stringify(baseline)}  rss ${rssBefore} MiB`);

    const child = fork(
      __filename,
      ['--flood', server.url, JSON.stringify(o), JSON.stringify(games.map((g) => g.id))],
      {
        execArgv: process.execArgv,
      },
    );
    const ask = (type: string): Promise<FloodReport> =>
      new Promise((resolve) => {
        const on = (m: { type: string; report: FloodReport }): void => {
          if (m.type === (type === 'close' ? 'closed' : type)) {
            child.off('message', on);
            resolve(m.report);
          }
        };
        child.on('message', on);
        if (type !== 'opened') child.send({ type });
      });
    const opened = ask('opened');
    const during = await innocent(server.url, o.seconds);
    const rssDuring = rssMiB(pid);
    await opened;
    const report = await ask('report');
    console.log(
      `flood of ${o.sockets} sockets from ${o.addresses} address(es), ${o.subs} replays each: ${JSON.stringify(report)}`,
    );
    console.log(`under flood: ${JSON.stringify(during)}  rss ${rssDuring} MiB`);
    await ask('close');
    child.kill();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const after = await innocent(server.url, Math.min(5, o.seconds));
    console.log(
      `after:       ${JSON.stringify(after)}  rss ${rssMiB(pid)} MiB (10 s after the sockets closed)`,
    );
  } finally {
    await server.stop();
    await db.stop();
  }
}

if (process.argv[2] === '--flood') {
  runFlood(
    process.argv[3]!,
    JSON.parse(process.argv[4]!) as Options,
    JSON.parse(process.argv[5]!) as string[],
  );
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
