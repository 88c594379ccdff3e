// How soon a finished game's ratings exist: games between fresh pairs of players (each counts), played on one
// API process and then on two (in turn), with `concurrency` games in flight; for each game, the time from its
// finishedAt (the server's stamp) and from the finishing move's answer to its rating changes being readable
// in the database (polled every 5 ms).
//   npm run bench:ratings -- --games 20 --concurrency 1   (DATABASE_URL: a server to create databases on;
//   otherwise an embedded one)
import { join } from 'node:path';
import { Client as PgClient } from 'pg';
import { spawnServerProcess, stopAll, type ServerProcess } from '../scripts/server-process';
import { keepAliveGql } from './bench-http';
import { benchDatabase, integerOptions } from './bench-support';

const options = integerOptions(process.argv.slice(2), {
  // Games per run (one run on one process, one on two).
  games: 20,
  // Games played at once.
  concurrency: 1,
});

// One keep-alive poster for the bench's requests (bench/bench-http.ts).
const gql = keepAliveGql(8);

type Payload = {
  game: {
    id: string;
    finishedAt: string | null;
    turn: { position: number } | null;
    seats: { player: { id: string } }[];
  } | null;
  userErrors: { code: string }[];
};
const GAME = 'game { id finishedAt turn { position } seats { player { id } } } userErrors { code }';

async function move(url: string, name: string, input: object, token: string): Promise<Payload> {
  const type =
    name === 'placeBid'
      ? 'PlaceBidInput'
      : name === 'callDudo'
        ? 'GameActionInput'
        : name === 'createGame'
          ? 'CreateGameInput'
          : 'GameInput';
  const data = await gql<Record<string, Payload>>(
    url,
    `mutation($input: ${type}!) { ${name}(input: $input) { ${GAME} } }`,
    { input },
    token,
  );
  const payload = data[name]!;
  if (payload.userErrors.length) throw new Error(`${name}: ${JSON.stringify(payload.userErrors)}`);
  return payload;
}

interface Account {
  readonly id: string;
  readonly token: string;
}

async function register(url: string, name: string): Promise<Account> {
  const data = await gql<{ registerPlayer: { player: { id: string }; token: string } }>(
    url,
    'mutation($n: String!) { registerPlayer(input: { name: $n }) { player { id } token } }',
    { n: name },
  );
  return { id: data.registerPlayer.player.id, token: data.registerPlayer.token };
}

/** One game on `url` that both players move in (a bid, a dudo call), then the second leaves. */
async function play(
  url: string,
  a: Account,
  b: Account,
): Promise<{ gameId: string; finishedAt: number; answeredAt: number }> {
  const created = await move(url, 'createGame', { preset: 'PERUDO' }, a.token);
  const gameId = created.game!.id;
  await move(url, 'joinGame', { gameId }, b.token);
  const started = await move(url, 'startGame', { gameId }, a.token);
  const onTurn = started.game!.seats[started.game!.turn!.position]!.player.id === a.id ? a : b;
  const other = onTurn === a ? b : a;
  await move(url, 'placeBid', { gameId, quantity: 1, face: 2 }, onTurn.token);
  await move(url, 'callDudo', { gameId }, other.token);
  const left = await move(url, 'leaveGame', { gameId }, b.token);
  const answeredAt = Date.now();
  return { gameId, finishedAt: Date.parse(left.game!.finishedAt!), answeredAt };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(values: number[]): { p50: number; p99: number; max: number } {
  const s = [...values].sort((x, y) => x - y);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1]! };
}

async function run(processes: number) {
  const db = await benchDatabase(`rating_latency_bench_${processes}`);
  const servers: ServerProcess[] = [];
  const pg = new PgClient({ connectionString: db.url });
  try {
    for (let i = 0; i < processes; i++) {
      servers.push(
        await spawnServerProcess({
          entry: {
            eval: `require('ts-node').register({ transpileOnly: true, experimentalResolver: true }); require('./src/server.ts');`,
          },
          cwd: join(__dirname, '..'),
          databaseUrl: db.url,
          env: { REGISTRATIONS_PER_MINUTE: 'off' },
          startTimeoutMs: 60_000,
        }),
      );
    }
    await pg.connect();
    const accounts: Account[] = [];
    for (let i = 0; i < options.games * 2; i++) accounts.push(await register(servers[0]!.url, `R${i}`));
    const fromEnd: number[] = [];
    const fromAnswer: number[] = [];
    const waits: Promise<void>[] = [];
    let next = 0;
    const waitForRating = async (g: { gameId: string; finishedAt: number; answeredAt: number }) => {
      const uuid = Buffer.from(g.gameId, 'base64url').toString().split(':')[1];
      for (;;) {
        const { rows } = await pg.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM rating_changes WHERE game_id = $1',
          [uuid],
        );
        if (rows[0]!.n >= 2) break;
        await new Promise((r) => setTimeout(r, 5));
        if (Date.now() - g.answeredAt > 60_000) throw new Error(`game ${g.gameId} not rated after 60 s`);
      }
      const seen = Date.now();
      fromEnd.push(seen - g.finishedAt);
      fromAnswer.push(seen - g.answeredAt);
    };
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < options.games) {
          const i = next++;
          const game = await play(servers[i % processes]!.url, accounts[2 * i]!, accounts[2 * i + 1]!);
          waits.push(waitForRating(game));
        }
      }),
    );
    await Promise.all(waits);
    return {
      processes,
      games: options.games,
      fromFinishedAtMs: summary(fromEnd),
      fromAnswerMs: summary(fromAnswer),
    };
  } finally {
    await pg.end().catch(() => {});
    await stopAll(servers);
    await db.stop();
  }
}

async function main(): Promise<void> {
  const results = [await run(1), await run(2)];
  console.log(JSON.stringify({ options, results }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
