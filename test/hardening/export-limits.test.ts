import { connect, type Socket } from 'node:net';
import { startApp, type App } from '../../src/app';
import { NO_RATE_LIMITS } from '../../src/gate/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { accepted, mutate, registerPlayer, startedGame, type Player } from '../support/graphql-client';
import { keyOf, sql } from '../support/sql';
import { until } from '../support/timing';

/**
 * The export's bounds, over real HTTP: a response ends before the line that would pass its byte bound and
 * `after` continues it exactly; a reader that takes nothing is cut off after the stall time and its slot freed; one
 * client address holds at most one export slot while another address is served.
 */

let db: TestDatabase;
/** Default bounds (8 MiB pages), a 1 s stall, one trusted proxy (X-Forwarded-For names the client). */
let wide: App;
/** Pages of PAGE_BYTES. */
let narrow: App;
let ann: Player;
let bob: Player;
const PAGE_BYTES = 2_000;
const gameIds: string[] = [];
const sockets: Socket[] = [];

async function start(exportPageBytes?: number): Promise<App> {
  return startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    log: () => {},
    limits: { ...NO_RATE_LIMITS, trustedProxies: 1 },
    exportStallMs: 1_000,
    ...(exportPageBytes === undefined ? {} : { exportPageBytes }),
  });
}

function exportUrl(app: App, query = ''): string {
  return `${app.url.replace(/\/graphql$/, '')}/export/games.ndjson${query}`;
}

/** A finished two-player game: Bob leaves right after the start. */
async function finishedGame(): Promise<string> {
  const game = await startedGame<{ id: string }>(wide.url, [ann, bob], { preset: 'PERUDO' }, 'id');
  accepted(await mutate(wide.url, 'leaveGame', { gameId: game.id }, bob.token, 'id'), 'leaveGame');
  return game.id;
}

async function exportFrom(
  app: App,
  query: string,
  address: string,
): Promise<{ status: number; lines: string[] }> {
  const res = await fetch(exportUrl(app, query), { headers: { 'x-forwarded-for': address } });
  const text = await res.text();
  return { status: res.status, lines: text.split('\n').filter(Boolean) };
}

/** An export request from `address` whose reader takes the first bytes and then nothing more. */
async function stalledReader(
  app: App,
  address: string,
  query = '',
): Promise<{ socket: Socket; head: string; first: string }> {
  const { port } = new URL(app.url);
  const socket = connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  socket.write(
    `GET /export/games.ndjson${query} HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: ${address}\r\nConnection: close\r\n\r\n`,
  );
  const first = await new Promise<string>((resolve) =>
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve(chunk.toString('latin1'));
    }),
  );
  return { socket, head: first.split('\r\n')[0]!, first };
}

beforeAll(async () => {
  db = await createTestDatabase();
  wide = await start();
  narrow = await start(PAGE_BYTES);
  ann = await registerPlayer(wide.url, 'Ann');
  bob = await registerPlayer(wide.url, 'Bob');
  for (let i = 0; i < 6; i++) gameIds.push(await finishedGame());
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all([wide, narrow].filter(Boolean).map((a) => a.stop()));
  await db?.drop();
});

test('a response ends before the line that would pass the byte bound, and after= continues exactly', async () => {
  const all = await exportFrom(wide, '', '203.0.113.1');
  expect(all.status).toBe(200);
  const ids = all.lines.map((l) => (JSON.parse(l) as { id: string }).id);
  expect(ids).toEqual(gameIds);
  // The expected pages: lines while their bytes (newline included) stay within PAGE_BYTES, checked before
  // each line (a line alone larger would be its page's only one).
  const expected: string[][] = [];
  let page: string[] = [];
  let bytes = 0;
  for (const line of all.lines) {
    const size = Buffer.byteLength(line) + 1;
    if (page.length > 0 && bytes + size > PAGE_BYTES) {
      expected.push(page);
      page = [];
      bytes = 0;
    }
    page.push(line);
    bytes += size;
    if (bytes >= PAGE_BYTES) {
      expected.push(page);
      page = [];
      bytes = 0;
    }
  }
  if (page.length > 0) expected.push(page);
  expect(expected.length).toBeGreaterThan(1);
  expect(expected.slice(0, -1).every((p) => p.length < ids.length)).toBe(true);

  const pages: string[][] = [];
  let after = '';
  for (;;) {
    const res = await fetch(exportUrl(narrow, after), { headers: { 'x-forwarded-for': '203.0.113.1' } });
    expect([res.status, res.headers.get('x-export-page-bytes')]).toEqual([200, String(PAGE_BYTES)]);
    const lines = (await res.text()).split('\n').filter(Boolean);
    if (lines.length === 0) break;
    pages.push(lines);
    after = `?after=${(JSON.parse(lines[lines.length - 1]!) as { id: string }).id}`;
  }
  expect(pages).toEqual(expected);
  // `limit` still bounds the games of a response; a cursor that is not an exported game gives nothing.
  expect((await exportFrom(wide, `?limit=2&after=${gameIds[1]}`, '203.0.113.1')).lines.length).toBe(2);
  expect((await exportFrom(wide, '?after=nope', '203.0.113.1')).status).toBe(400);
});

test('a reader that takes nothing is cut off after the stall time and its slot is freed', async () => {
  // One large game (about 20 MB of bids) so that the response outgrows every socket buffer.
  const big = await finishedGame();
  await sql(
    db.url,
    `INSERT INTO bids (game_id, round_number, seq, position, quantity, face)
     SELECT $1::uuid, 1, 1000 + g, 0, 1, 2 FROM generate_series(1, 300000) g`,
    [keyOf(big)],
  );
  // Its line alone passes the byte bound: it starts the reader's response (and is its only line).
  const slow = await stalledReader(wide, '203.0.113.7', `?after=${gameIds[gameIds.length - 1]}`);
  expect(slow.head).toBe('HTTP/1.1 200 OK');
  // While it holds its address's slot, that address is asked to retry...
  const refused = await fetch(exportUrl(wide, '?limit=1'), { headers: { 'x-forwarded-for': '203.0.113.7' } });
  expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '1']);
  await refused.text();
  // ...until the stall time cuts the reader off and frees it.
  const served = await until(
    'the stalled reader to be cut off',
    async () => {
      const r = await exportFrom(wide, '?limit=1', '203.0.113.7');
      return r.status === 200 ? r : null;
    },
    40_000,
    200,
  );
  expect(served.lines.length).toBe(1);
  // The cut reader got the start of the large game's line and a cut stream: no final chunk.
  slow.socket.resume();
  const received = await new Promise<string>((resolve) => {
    let text = slow.first;
    slow.socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    slow.socket.on('close', () => resolve(text));
  });
  expect([received.includes(`"id":"${big}"`), received.endsWith('\r\n0\r\n\r\n')]).toEqual([true, false]);
}, 90_000);

test('one address holds at most one export slot while another address is served', async () => {
  const slow = await stalledReader(wide, '198.51.100.1');
  expect(slow.head).toBe('HTTP/1.1 200 OK');
  const again = await fetch(exportUrl(wide, '?limit=1'), { headers: { 'x-forwarded-for': '198.51.100.1' } });
  expect([again.status, again.headers.get('retry-after'), await again.json()]).toEqual([
    429,
    '1',
    { error: 'at most 1 export runs at once per client address: retry in 1 s' },
  ]);
  // Another address is served meanwhile, and so is the API.
  const other = await exportFrom(wide, '?limit=3', '198.51.100.2');
  expect([other.status, other.lines.length]).toEqual([200, 3]);
  const health = await fetch(`${wide.url.replace(/\/graphql$/, '')}/health`);
  expect(health.status).toBe(200);
  slow.socket.destroy();
}, 60_000);
