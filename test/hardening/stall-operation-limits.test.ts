import { startApp, type App } from '../../src/app';
import { MAX_EXPANDED_SELECTIONS } from '../../src/gate/operation-limits';
import { COUNT_CAP } from '../../src/gate/operation-shape';
import { DEFAULT_LIMITS } from '../../src/gate/server-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { dataOf, type GqlError, gql, onlyError, registerPlayer, send } from '../support/graphql-client';
import { RawSocket } from '../support/ws-client';

/**
 * A document of fragments that each spread the one before twice is a kilobyte of text that expands
 * 2^levels times. Measuring it path by path froze the whole process (14 s for 22 levels, doubling with
 * each one); the operation limits now measure each fragment once. Against the production server with the
 * default limits: the bombs are refused at once, over HTTP and WebSocket, and while they arrive the other
 * clients (/health, an ordinary query) are answered as fast as ever.
 */

let db: TestDatabase;
let app: App;
let token: string;

/** What another client must still get within, while the bombs arrive. */
const PROBE_MS = 500;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startApp({
    databaseUrl: db.url,
    port: 0,
    host: '127.0.0.1',
    production: true,
    limits: DEFAULT_LIMITS,
    log: () => {},
  });
  token = (await registerPlayer(app.url, 'Bystander')).token;
  // The first requests of a process compile and cache what later ones reuse: not what is measured here.
  await probeQuery();
  await probeHealth();
});

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

/** `levels` fragments, each spreading the one before twice, used once under a page of one game. */
function fragmentBomb(levels: number): string {
  const fragments = Array.from(
    { length: levels },
    (_, i) => `fragment F${i + 1} on Game { ...F${i} ...F${i} }`,
  ).join(' ');
  return `query { games(first: 1) { nodes { ...F${levels} } } } fragment F0 on Game { id } ${fragments}`;
}

/** The selections a walk expanding every spread would visit: games, nodes, the spread, 3·2^levels − 2. */
function expandedSize(levels: number): number {
  return Math.min(COUNT_CAP, 3 * 2 ** levels + 1);
}

function message(levels: number): string {
  const size = expandedSize(levels);
  return `the query expands to ${size >= COUNT_CAP ? 'at least ' : ''}${size} selections; at most ${MAX_EXPANDED_SELECTIONS} are allowed`;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

async function probeHealth(): Promise<number> {
  const { ms, result } = await timed(() => send(app.url.replace(/\/graphql$/, '/health'), {}));
  expect([result.status, result.text]).toEqual([200, 'ok']);
  return ms;
}

async function probeQuery(): Promise<number> {
  const { ms, result } = await timed(() =>
    gql(app.url, '{ viewer { name } games(first: 5) { nodes { id } } }', {}, token),
  );
  expect(dataOf(result)).toEqual({ viewer: { name: 'Bystander' }, games: { nodes: [] } });
  return ms;
}

/** Probes /health and an ordinary query one after the other until `done` settles; their latencies. */
async function probeUntil(done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const latencies: number[] = [];
  do {
    latencies.push(await probeHealth(), await probeQuery());
  } while (!finished);
  return latencies;
}

describe('a fragment bomb', () => {
  it.each([22, 40])(
    'of %i levels is refused over HTTP at once, and others are served meanwhile',
    async (levels) => {
      const bombs = Promise.all(
        Array.from({ length: 6 }, () => timed(() => gql(app.url, fragmentBomb(levels)))),
      );
      const latencies = await probeUntil(bombs);
      for (const { ms, result } of await bombs) {
        const e = onlyError(result);
        expect([
          result.status,
          e.message,
          e.extensions?.code,
          e.extensions?.limit,
          e.extensions?.value,
          e.extensions?.max,
        ]).toEqual([
          400,
          message(levels),
          'GRAPHQL_VALIDATION_FAILED',
          'nodes',
          expandedSize(levels),
          MAX_EXPANDED_SELECTIONS,
        ]);
        expect(ms).toBeLessThan(PROBE_MS);
      }
      expect(latencies.length).toBeGreaterThanOrEqual(2);
      expect(Math.max(...latencies)).toBeLessThan(PROBE_MS);
    },
  );

  it('is refused over WebSocket at once, and others are served meanwhile', async () => {
    const socket = await RawSocket.connect(app.url);
    try {
      const levels = [22, 40, 22, 40];
      const ended = timed(() => {
        for (const [i, n] of levels.entries()) socket.subscribe(`bomb${i}`, fragmentBomb(n));
        return Promise.all(levels.map((_, i) => socket.end(`bomb${i}`)));
      });
      const latencies = await probeUntil(ended);
      const { ms, result: frames } = await ended;
      expect(
        frames.map((f) => {
          const [e, ...more] = f.payload as GqlError[];
          return [
            f.type,
            more.length,
            e?.message,
            e?.extensions?.code,
            e?.extensions?.limit,
            e?.extensions?.value,
          ];
        }),
      ).toEqual(
        levels.map((n) => ['error', 0, message(n), 'GRAPHQL_VALIDATION_FAILED', 'nodes', expandedSize(n)]),
      );
      expect(ms).toBeLessThan(PROBE_MS);
      expect(Math.max(...latencies)).toBeLessThan(PROBE_MS);
      // The socket still serves the same client.
      socket.subscribe('fine', '{ games(first: 1) { nodes { id } } }');
      expect(await socket.end('fine')).toEqual({ id: 'fine', type: 'complete' });
      expect(socket.results('fine')).toEqual([{ data: { games: { nodes: [] } } }]);
    } finally {
      await socket.close();
    }
  });
});
