// What one export of large finished games costs the server: peak RSS of the process, time to the first
// byte and to the end, bytes sent. GAMES games of BIDS extra bids each (about 62 bytes a bid in the line).
// Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node -r ts-node/register/transpile-only bench/export.bench.ts
import { Client as PgClient } from 'pg';
import { startApp } from '../src/app';
import { migrate } from '../src/database/migrate';
import { benchDatabase } from './bench-support';

const GAMES = Number(process.env.GAMES ?? 40);
const BIDS = Number(process.env.BIDS ?? 15_000);

async function gql(
  url: string,
  query: string,
  variables: object,
  token?: string,
): Promise<any> /* eslint-disable-line @typescript-eslint/no-explicit-any */ {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return res.json();
}

async function register(url: string, name: string): Promise<{ id: string; token: string }> {
  const r = await gql(
    url,
    `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { player { id } token } }`,
    {
      input: { name },
    },
  );
  return { id: r.data.registerPlayer.player.id, token: r.data.registerPlayer.token };
}

async function main(): Promise<void> {
  const db = await benchDatabase('export_bench');
  await migrate(db.url);
  const app = await startApp({ databaseUrl: db.url, port: 0, host: '127.0.0.1', log: () => {} });
  const pg = new PgClient({ connectionString: db.url });
  await pg.connect();
  try {
    const ann = await register(app.url, 'Ann');
    const bob = await register(app.url, 'Bob');
    for (let i = 0; i < GAMES; i++) {
      const c = await gql(
        app.url,
        `mutation { createGame(input: { preset: PERUDO }) { game { id } } }`,
        {},
        ann.token,
      );
      const id: string = c.data.createGame.game.id;
      await gql(
        app.url,
        `mutation($id: ID!) { joinGame(input: { gameId: $id }) { game { id } } }`,
        { id },
        bob.token,
      );
      await gql(
        app.url,
        `mutation($id: ID!) { startGame(input: { gameId: $id }) { game { id } } }`,
        { id },
        ann.token,
      );
      await gql(
        app.url,
        `mutation($id: ID!) { leaveGame(input: { gameId: $id }) { game { id } } }`,
        { id },
        bob.token,
      );
      const key = Buffer.from(id, 'base64url').toString('utf8').slice('Game:'.length);
      await pg.query(
        `INSERT INTO bids (game_id, round_number, seq, position, quantity, face)
         SELECT $1::uuid, 1, 1000 + g, 0, 1, 2 FROM generate_series(1, $2::int) g`,
        [key, BIDS],
      );
    }
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    let firstByte = 0;
    let bytes = 0;
    let pages = 0;
    // Pages bounded by bytes (X-Export-Page-Bytes) are followed with `after` until one brings nothing.
    for (let after = ''; ; pages++) {
      const res = await fetch(`${app.url.replace(/\/graphql$/, '')}/export/games.ndjson${after}`);
      const paged = res.headers.has('x-export-page-bytes');
      const reader = res.body!.getReader();
      // The start of the line being read, and of the last complete one (a line starts with its id).
      let current = '';
      let lastComplete = '';
      let pageBytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (firstByte === 0) firstByte = performance.now() - started;
        pageBytes += value.byteLength;
        const parts = Buffer.from(value).toString('latin1').split('\n');
        for (let i = 0; i < parts.length; i++) {
          if (i > 0) {
            lastComplete = current;
            current = '';
          }
          if (current.length < 200) current = (current + parts[i]!).slice(0, 200);
        }
      }
      bytes += pageBytes;
      if (!paged || pageBytes === 0) break;
      after = `?after=${/^\{"id":"([^"]+)"/.exec(lastComplete)![1]}`;
    }
    const total = performance.now() - started;
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        games: GAMES,
        bidsPerGame: BIDS,
        bytes,
        responses: pages + 1,
        rssBeforeMB: Math.round(before / 2 ** 20),
        rssPeakMB: Math.round(peak / 2 ** 20),
        firstByteMs: Math.round(firstByte),
        totalMs: Math.round(total),
      }),
    );
  } finally {
    await pg.end();
    await app.stop();
    await db.stop();
  }
}

void main();
