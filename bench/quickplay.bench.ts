// Quick play under load: how many quickPlay calls a second one API process seats (each a seat at the oldest
// open 4-player table, or a new one), and the time from a table's last seat to its GAME_STARTED, from the
// game log's own timestamps (the start is a move of its own, made as soon as the last seat is taken).
//   npm run bench:quickplay   (DATABASE_URL: a fresh database on that server; otherwise an embedded one)
import { join } from 'node:path';
import { Client as PgClient } from 'pg';
import { spawnServerProcess } from '../scripts/server-process';
import { benchDatabase, integerOptions } from './bench-support';

const options = integerOptions(process.argv.slice(2), {
  // Players, each calling quickPlay once (a multiple of `seats`).
  players: 2000,
  // Seats at each table.
  seats: 4,
  // quickPlay requests in flight at once.
  concurrency: 32,
});

async function gql<T>(url: string, query: string, variables: object, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(JSON.stringify(body));
  return body.data;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const db = await benchDatabase('quickplay_bench');
  const server = await spawnServerProcess({
    entry: {
      eval: `require('ts-node').register({ transpileOnly: true, experimentalResolver: true }); require('./src/server.ts');`,
    },
    cwd: join(__dirname, '..'),
    databaseUrl: db.url,
    env: { REGISTRATIONS_PER_MINUTE: 'off' },
    startTimeoutMs: 60_000,
  });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < options.players; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, options.players - i) }, (_, k) =>
          gql<{ registerPlayer: { token: string } }>(
            server.url,
            'mutation($n: String!) { registerPlayer(input: { name: $n }) { token } }',
            { n: `Q${i + k}` },
          ),
        ),
      );
      tokens.push(...batch.map((r) => r.registerPlayer.token));
    }
    const call = (token: string) =>
      gql(
        server.url,
        `mutation($p: Int!) { quickPlay(input: { preset: PERUDO, players: $p, botFillSeconds: 300 }) { userErrors { code } } }`,
        { p: options.seats },
        token,
      );
    // Warm-up: one table, not counted.
    for (const t of tokens.splice(0, options.seats)) await call(t);
    let next = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < tokens.length) await call(tokens[next++]!);
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const pg = new PgClient({ connectionString: db.url });
    await pg.connect();
    const { rows } = await pg.query<{ ms: number; full: boolean }>(
      `SELECT extract(epoch FROM (s.at - j.at)) * 1000 AS ms,
              (SELECT count(*) FROM seats x WHERE x.game_id = g.id) = g.max_players AS full
         FROM games g
         JOIN LATERAL (SELECT max(at) AS at FROM game_events WHERE game_id = g.id AND type = 'PLAYER_JOINED') j ON true
         JOIN LATERAL (SELECT at FROM game_events WHERE game_id = g.id AND type = 'GAME_STARTED') s ON true
        WHERE g.quick_play_key IS NOT NULL`,
    );
    const { rows: open } = await pg.query<{ n: string }>(
      `SELECT count(*) AS n FROM games WHERE quick_play_key IS NOT NULL AND status = 'LOBBY'`,
    );
    await pg.end();
    const gaps = rows.map((r) => Number(r.ms)).sort((x, y) => x - y);
    console.log(
      JSON.stringify(
        {
          options,
          calls: tokens.length,
          seconds: Number(seconds.toFixed(2)),
          callsPerSecond: Math.round(tokens.length / seconds),
          tablesStarted: rows.length,
          allFull: rows.every((r) => r.full),
          tablesLeftOpen: Number(open[0]!.n),
          lastSeatToStartMs: {
            p50: percentile(gaps, 50),
            p99: percentile(gaps, 99),
            max: gaps[gaps.length - 1],
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    await db.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
