// Name skeletons and the rate-limit budget: what they cost.
//   node -r ts-node/register/transpile-only bench/names.bench.ts [--names 100000] [--requests 5000]
//   (DATABASE_URL: a fresh database on that server; otherwise an embedded one)
// 1. nameSkeleton over generated names of several scripts (names/s).
// 2. The start-up fill of the skeletons of people registered before the rule (backfillNameSkeletons) over
//    `names` players, one in 50 a look-alike of an earlier one.
// 3. The budget's own CPU: RateLimiter.budget and the answer serialized with and without it, per call.
// 4. `{ __typename }` over HTTP with `concurrency` requests in flight, against a server whose rate limits
//    are on (every answer carries extensions.rateLimit) and, as the same run's baseline, one with them off,
//    alternating rounds so both see the same machine.
import http from 'node:http';
import { Pool } from 'pg';
import { startApp, type App } from '../src/app';
import { migrate } from '../src/database/migrate';
import { RateLimiter } from '../src/gate/rate-limiter';
import { NO_RATE_LIMITS } from '../src/gate/server-limits';
import { nameSkeleton } from '../src/security/name-skeleton';
import { backfillNameSkeletons } from '../src/store/name-skeleton.backfill';
import { benchDatabase, integerOptions } from './bench-support';

const options = integerOptions(process.argv.slice(2), {
  names: 100_000,
  requests: 5_000,
  concurrency: 16,
  rounds: 3,
});

const SCRIPTS = ['Alice', 'Боб', 'Ζωή', '王小明', 'محمد', 'Zoë 👨‍👩‍👧', 'ＡＬＩＣＥ', 'Ann-Marie'];

function nameOf(i: number): string {
  return `${SCRIPTS[i % SCRIPTS.length]} ${i}`;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const BODY = JSON.stringify({ query: '{ __typename }' });

function post(url: string): Promise<void> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(BODY);
  });
}

/** Requests per second over `requests` requests with `concurrency` in flight. */
async function throughput(url: string): Promise<number> {
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (sent < options.requests) {
        sent++;
        await post(url);
      }
    }),
  );
  return options.requests / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const names = Array.from({ length: options.names }, (_, i) => nameOf(i));
  let started = performance.now();
  let sink = 0;
  for (const name of names) sink += nameSkeleton(name).length;
  const skeletonSeconds = (performance.now() - started) / 1000;
  console.log(
    `nameSkeleton: ${options.names} names in ${skeletonSeconds.toFixed(3)} s (${Math.round(options.names / skeletonSeconds)} names/s; ${sink} code units)`,
  );

  const limiter = new RateLimiter({ perSecond: 200, burst: 400 });
  const micro = (what: string, n: number, run: () => unknown): void => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) run();
    console.log(`${what}: ${(((performance.now() - t0) / n) * 1000).toFixed(2)} µs a call (${n} calls)`);
  };
  micro('RateLimiter.take (every request, before this change too)', 1_000_000, () =>
    limiter.take('198.51.100.7'),
  );
  micro('RateLimiter.budget (extensions.rateLimit)', 1_000_000, () => limiter.budget('198.51.100.7'));
  micro('an answer serialized without extensions', 200_000, () =>
    JSON.stringify({ data: { __typename: 'Query' } }),
  );
  micro('an answer serialized with extensions.rateLimit', 200_000, () =>
    JSON.stringify({
      data: { __typename: 'Query' },
      extensions: { rateLimit: limiter.budget('198.51.100.7') },
    }),
  );

  const db = await benchDatabase('names_bench');
  const apps: App[] = [];
  try {
    await migrate(db.url);
    const pool = new Pool({ connectionString: db.url });
    // One in 50 is an upper-case copy of the name before it: a look-alike the fill leaves without a skeleton.
    await pool.query(
      `INSERT INTO players (name, token_hash, created_at)
       SELECT CASE WHEN n % 50 = 0 THEN upper(v.name) ELSE v.name END, md5(n::text) || md5((-n)::text),
              '2026-01-01'::timestamptz + n * interval '1 second'
         FROM unnest($1::text[]) WITH ORDINALITY AS v(name, n)`,
      [names.map((name, i) => ((i + 1) % 50 === 0 ? names[i - 1]! : name))],
    );
    started = performance.now();
    const filled = await backfillNameSkeletons(pool);
    const fillSeconds = (performance.now() - started) / 1000;
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM players WHERE name_skeleton IS NULL',
    );
    console.log(
      `backfillNameSkeletons: ${options.names} players in ${fillSeconds.toFixed(2)} s (${Math.round(options.names / fillSeconds)} players/s), ${filled} filled, ${rows[0]!.n} look-alikes left without one`,
    );
    await pool.end();

    const base = { databaseUrl: db.url, port: 0, host: '127.0.0.1', production: true, log: () => {} };
    const generous = { perSecond: 1e9, burst: 1e9 };
    const withBudget = await startApp({
      ...base,
      limits: { ...NO_RATE_LIMITS, perIp: generous, perPlayer: generous },
    });
    apps.push(withBudget);
    const without = await startApp({ ...base, limits: NO_RATE_LIMITS });
    apps.push(without);
    // Warm both up.
    await throughput(withBudget.url);
    await throughput(without.url);
    const on: number[] = [];
    const off: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      on.push(await throughput(withBudget.url));
      off.push(await throughput(without.url));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    console.log(
      `{ __typename } x ${options.requests}, ${options.concurrency} in flight, ${options.rounds} rounds: ` +
        `with extensions.rateLimit ${on.map(Math.round).join(' / ')} req/s (median ${Math.round(median(on))}); ` +
        `limits off (baseline) ${off.map(Math.round).join(' / ')} req/s (median ${Math.round(median(off))})`,
    );
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
    agent.destroy();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
