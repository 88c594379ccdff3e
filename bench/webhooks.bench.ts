/**
 * Webhook benchmark: how fast one process sends its outbox, and how soon a move's webhook arrives.
 *
 *   npm run bench:webhooks [-- --deliveries 5000 --endpoints 50 --moves 300]
 *
 * 1. Throughput: `--deliveries` YOUR_TURN deliveries are written to the outbox (spread over `--endpoints`
 *    endpoints of one local receiver), then one API process sends them all: deliveries per second, each
 *    rendered, signed, POSTed and recorded. Baseline, in the same run: the same number of plain POSTs of the
 *    same body from this process to the same receiver at the same concurrency (keep-alive, no database).
 * 2. Delay: two players bid and call in turn (`--moves` moves), both with YOUR_TURN webhooks; for each move,
 *    the time from the move's answer to its delivery's arrival at the receiver, p50/p99. Baseline: the move's
 *    own round trip (request to answer) in the same run.
 * On DATABASE_URL's server (a fresh database, dropped at the end) or a throwaway embedded PostgreSQL. The
 * receiver listens on 127.0.0.2, which the process allows (WEBHOOK_ALLOW_ADDRESSES).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { startApp, type App } from '../src/app';
import { migrate } from '../src/database/migrate';
import { keepAliveGql } from './bench-http';
import { benchDatabase, integerOptions } from './bench-support';

const options = integerOptions(process.argv.slice(2), {
  deliveries: 5_000,
  endpoints: 50,
  moves: 300,
});
const HOST = '127.0.0.2';
const gql = keepAliveGql(8);

function percentile(values: readonly number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

interface Receiver {
  readonly url: string;
  /** Arrival time (performance.now()) of each delivery's body, by game version (for the delay part). */
  readonly arrivals: Map<string, number>;
  count: number;
  close(): Promise<void>;
}

async function receiver(): Promise<Receiver> {
  const r = { arrivals: new Map<string, number>(), count: 0 } as {
    arrivals: Map<string, number>;
    count: number;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      r.count++;
      const body = Buffer.concat(chunks).toString();
      if (body.startsWith('{"type"')) {
        const parsed = JSON.parse(body) as { data?: { game?: string; gameVersion?: number } };
        if (parsed.data?.game) r.arrivals.set(`${parsed.data.game}:${parsed.data.gameVersion}`, now);
      }
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(r, {
    url: `http://${HOST}:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

async function register(url: string, name: string): Promise<{ id: string; token: string }> {
  const d = await gql<{ registerPlayer: { player: { id: string }; token: string } }>(
    url,
    'mutation($n: String!) { registerPlayer(input: { name: $n }) { player { id } token } }',
    { n: name },
  );
  return { id: d.registerPlayer.player.id, token: d.registerPlayer.token };
}

async function subscribe(url: string, token: string, hook: string): Promise<void> {
  const d = await gql<{ createWebhook: { userErrors: { code: string }[] } }>(
    url,
    'mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { userErrors { code } } }',
    { i: { url: hook, events: ['YOUR_TURN'] } },
    token,
  );
  if (d.createWebhook.userErrors.length) throw new Error(JSON.stringify(d.createWebhook.userErrors));
}

/** The baseline of part 1: `n` plain POSTs of `body` at `concurrency`, per second. */
async function plainPosts(url: string, body: string, n: number, concurrency: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) {
        await new Promise<void>((resolve, reject) => {
          const req = http.request(
            {
              host: target.hostname,
              port: target.port,
              path: target.pathname,
              method: 'POST',
              agent,
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            },
            (res) => res.resume().on('end', resolve),
          );
          req.on('error', reject);
          req.end(body);
        });
      }
    }),
  );
  agent.destroy();
  return n / ((performance.now() - started) / 1000);
}

async function throughput(databaseUrl: string, hook: Receiver) {
  const writer = await startApp({
    databaseUrl,
    port: 0,
    host: '127.0.0.1',
    deliverWebhooks: false,
    webhooks: { allowHttp: true, allowAddresses: [HOST] },
  });
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const owners = [];
    for (let i = 0; i < options.endpoints; i++) owners.push(await register(writer.url, `W${i}`));
    for (const o of owners) await subscribe(writer.url, o.token, hook.url);
    const game = await gql<{ createGame: { game: { id: string } } }>(
      writer.url,
      'mutation { createGame(input: { preset: PERUDO }) { game { id } } }',
      {},
      owners[0]!.token,
    );
    const gameId = Buffer.from(game.createGame.game.id, 'base64url').toString().split(':')[1]!;
    await pool.query(
      `INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, game_id, game_version, occurred_at, next_attempt_at)
       SELECT w.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'YOUR_TURN', $1, n, now(), now()
         FROM generate_series(1, $2::int) n
         JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM webhooks) w ON w.k = n % $3`,
      [gameId, options.deliveries, options.endpoints],
    );
    await writer.stop();
    const before = hook.count;
    const started = performance.now();
    const sender = await startApp({
      databaseUrl,
      port: 0,
      host: '127.0.0.1',
      webhooks: { allowHttp: true, allowAddresses: [HOST] },
    });
    for (;;) {
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'SUCCEEDED'",
      );
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    await sender.stop();
    const { rows } = await pool.query<{ body: string }>('SELECT body FROM webhook_deliveries LIMIT 1');
    const sent = hook.count - before;
    const baseline = await plainPosts(hook.url, rows[0]!.body, options.deliveries, 64);
    return {
      deliveries: options.deliveries,
      received: sent,
      seconds: Number(seconds.toFixed(2)),
      deliveriesPerSecond: Math.round(options.deliveries / seconds),
      baselinePlainPostsPerSecond: Math.round(baseline),
      ratioToBaseline: Number((options.deliveries / seconds / baseline).toFixed(3)),
    };
  } finally {
    await pool.end();
  }
}

type Turn = {
  game: {
    id: string;
    version: number;
    status: string;
    turn: { position: number } | null;
    seats: { player: { id: string } }[];
    currentRound: { bids: { quantity: number; face: number }[] } | null;
  } | null;
  userErrors: { code: string }[];
};
const TURN =
  'game { id version status turn { position } seats { player { id } } currentRound { bids { quantity face } } } userErrors { code }';

async function delay(app: App, hook: Receiver) {
  const a = await register(app.url, 'DelayA');
  const b = await register(app.url, 'DelayB');
  await subscribe(app.url, a.token, hook.url);
  await subscribe(app.url, b.token, hook.url);
  const move = async (name: string, type: string, input: object, token: string) => {
    const d = await gql<Record<string, Turn>>(
      app.url,
      `mutation($i: ${type}!) { ${name}(input: $i) { ${TURN} } }`,
      { i: input },
      token,
    );
    return d[name]!;
  };
  const delays: number[] = [];
  const trips: number[] = [];
  let game: Turn['game'] = null;
  let moves = 0;
  while (moves < options.moves) {
    if (!game || game.status !== 'IN_PROGRESS') {
      const created = await move('createGame', 'CreateGameInput', { preset: 'PERUDO' }, a.token);
      await move('joinGame', 'GameInput', { gameId: created.game!.id }, b.token);
      game = (await move('startGame', 'GameInput', { gameId: created.game!.id }, a.token)).game;
      continue;
    }
    const onTurn = game.seats[game.turn!.position]!.player.id === a.id ? a : b;
    const bids = game.currentRound?.bids ?? [];
    const t0 = performance.now();
    const answer =
      bids.length < 2
        ? await move(
            'placeBid',
            'PlaceBidInput',
            { gameId: game.id, quantity: bids.length + 1, face: 3 },
            onTurn.token,
          )
        : await move('callDudo', 'GameActionInput', { gameId: game.id }, onTurn.token);
    const t1 = performance.now();
    if (answer.userErrors.length) throw new Error(JSON.stringify(answer.userErrors));
    game = answer.game;
    moves++;
    trips.push(t1 - t0);
    if (game!.status !== 'IN_PROGRESS') continue;
    const key = `${game!.id}:${game!.version}`;
    const deadline = performance.now() + 10_000;
    while (!hook.arrivals.has(key)) {
      if (performance.now() > deadline) throw new Error(`no delivery for ${key}`);
      await new Promise((r) => setTimeout(r, 1));
    }
    delays.push(Math.max(0, hook.arrivals.get(key)! - t1));
  }
  return {
    moves,
    deliveries: delays.length,
    delayAfterAnswerMs: { p50: percentile(delays, 50), p99: percentile(delays, 99) },
    baselineMoveRoundTripMs: { p50: percentile(trips, 50), p99: percentile(trips, 99) },
  };
}

async function main(): Promise<void> {
  const database = await benchDatabase('webhooks_bench');
  const hook = await receiver();
  try {
    await migrate(database.url);
    const sending = await throughput(database.url, hook);
    const app = await startApp({
      databaseUrl: database.url,
      port: 0,
      host: '127.0.0.1',
      webhooks: { allowHttp: true, allowAddresses: [HOST] },
    });
    let after;
    try {
      after = await delay(app, hook);
    } finally {
      await app.stop();
    }
    const round = (o: { p50: number; p99: number }) => ({
      p50: Number(o.p50.toFixed(1)),
      p99: Number(o.p99.toFixed(1)),
    });
    console.log(
      JSON.stringify(
        {
          options,
          throughput: sending,
          delay: {
            ...after,
            delayAfterAnswerMs: round(after.delayAfterAnswerMs),
            baselineMoveRoundTripMs: round(after.baselineMoveRoundTripMs),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await hook.close();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
