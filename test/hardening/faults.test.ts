import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { startApp, type App } from '../../src/app';
import { migrate } from '../../src/database/migrate';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  accepted,
  dataOf,
  gql,
  mutate,
  onlyError,
  type Player,
  type PlayView,
  registerPlayer,
  type Reply,
  startedGame,
} from '../support/graphql-client';
import { type ServerProcess, spawnServer } from '../support/server-launcher';
import { sql } from '../support/sql';
import { until } from '../support/timing';
import { RawSocket } from '../support/ws-client';
import { checkLog, EmbeddedPostgresProcess, type Move, nextMove } from './support';

/**
 * Faults while clients play: the server process killed with SIGKILL (a move in flight, its idempotency key
 * retried against a new process; the event subscription resumed with afterSeq), and PostgreSQL stopped and
 * started again under a running server (clear errors during the outage, recovery without a restart). After
 * each, the stored game must be whole: its event log replays to the stored state, with contiguous versions.
 */

const EVENTS =
  'subscription($id: ID!, $after: Int) { gameEvents(gameId: $id, afterSeq: $after) { seq type } }';

interface SeenEvent {
  seq: number;
  type: string;
}

/** The events a subscription on `socket` has delivered so far. */
function delivered(socket: RawSocket, id: string): SeenEvent[] {
  return socket.results(id).map((r) => (r.data as { gameEvents: SeenEvent }).gameEvents);
}

/** Waits as `until` does; a probe that fails (the database or a server is down) counts as not yet. */
function untilReachable<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  return until(what, () => probe().catch(() => null), timeoutMs);
}

describe('the server process killed with SIGKILL mid-game', () => {
  let db: TestDatabase;
  let server: ServerProcess | null = null;
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server?.kill('SIGKILL');
    await db?.drop();
  });

  const start = (): Promise<ServerProcess> =>
    spawnServer({ databaseUrl: db.url, env: { RATE_LIMITS: 'off', NODE_ENV: 'production' } });

  /** Follows the game on a new socket from `afterSeq`. */
  async function follow(url: string, gameId: string, afterSeq: number): Promise<RawSocket> {
    const socket = await RawSocket.connect(url);
    sockets.push(socket);
    socket.subscribe('events', EVENTS, { id: gameId, after: afterSeq });
    return socket;
  }

  /** The server's connection whose statement waits for a lock the test holds. */
  async function blockedBackend(): Promise<number> {
    return untilReachable('the move to wait for the lock', async () => {
      const rows = await sql<{ pid: number }>(
        db.url,
        // The move's statement (it writes the event log): the turn timer's claim and autovacuum may wait too.
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND backend_type = 'client backend'
            AND query LIKE '%INSERT INTO game_events%'`,
      );
      return rows[0]?.pid;
    });
  }

  /**
   * Holds a lock that lets the server read games but not write them, sends `move`, and waits until its
   * statement is blocked in PostgreSQL; then the server is killed. `cut` also ends that statement's
   * connection before the lock is released (the statement never runs); otherwise it runs and commits, with
   * nobody left to answer.
   */
  async function killMidMove(send: () => Promise<unknown>, cut: boolean): Promise<void> {
    const lock = new PgClient({ connectionString: db.url });
    await lock.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE games IN SHARE MODE');
      const inFlight = send().then(
        () => null,
        (e: Error) => e,
      );
      const pid = await blockedBackend();
      expect(await server!.kill('SIGKILL')).toBe('SIGKILL');
      expect(String(await inFlight)).toBe('TypeError: fetch failed');
      if (cut) await lock.query('SELECT pg_terminate_backend($1)', [pid]);
      await lock.query('ROLLBACK');
    } finally {
      await lock.end();
    }
  }

  it('applies an in-flight move once when it is retried with its key against a new process, and the subscription resumes', async () => {
    server = await start();
    const players = await Promise.all(['Ann', 'Bob'].map((n) => registerPlayer(server!.url, n)));
    const game = await startedGame(server.url, players, { preset: 'PUB', overrides: { startingDice: 3 } });
    let socket = await follow(server.url, game.id, 0);
    const seen: SeenEvent[] = [];
    let keys = 0;
    const send = (move: Move, key: string) =>
      mutate(server!.url, move.name, { ...move.input, idempotencyKey: key }, move.player.token);
    const play = async (): Promise<PlayView> => {
      const move = await nextMove(server!.url, game.id, players);
      return accepted(await send(move, `move ${keys++}`), move.name);
    };
    /** After the process died: keeps what the socket saw, starts a new process, follows the game from there. */
    const resume = async (): Promise<void> => {
      expect((await socket.closed).code).toBe(1006);
      seen.push(...delivered(socket, 'events'));
      server = await start();
      socket = await follow(server.url, game.id, seen[seen.length - 1]!.seq);
    };
    const recorded = async (key: string): Promise<number> => {
      const rows = await sql(db.url, 'SELECT 1 FROM idempotency_records WHERE key = $1', [key]);
      return rows.length;
    };

    await play();
    const before = await play();

    // 1. The move was applied and answered, but the answer is lost with the process: the retry replays it.
    const first = await nextMove(server.url, game.id, players);
    const answered = accepted(await send(first, 'answered'), first.name);
    expect(answered.version).toBe(before.version + 1);
    expect(await server.kill('SIGKILL')).toBe('SIGKILL');
    await resume();
    expect(accepted(await send(first, 'answered'), first.name)).toEqual(answered);

    // 2. The process dies while the move's statement waits in PostgreSQL, which then commits it.
    const second = await nextMove(server.url, game.id, players);
    await killMidMove(() => send(second, 'committed after the crash'), false);
    await untilReachable(
      'the orphaned statement to commit',
      async () => (await recorded('committed after the crash')) === 1,
    );
    await resume();
    const committed = accepted(await send(second, 'committed after the crash'), second.name);
    expect(committed.version).toBe(answered.version + 1);

    // 3. The process dies while the move's statement waits, and the statement's connection is cut: nothing
    //    was applied, so the retry applies it, once.
    const third = await nextMove(server.url, game.id, players);
    expect(third.input.expectedVersion).toBe(committed.version);
    await killMidMove(() => send(third, 'lost with the crash'), true);
    expect(await recorded('lost with the crash')).toBe(0);
    await resume();
    const applied = accepted(await send(third, 'lost with the crash'), third.name);
    expect(applied.version).toBe(committed.version + 1);
    expect(accepted(await send(third, 'lost with the crash'), third.name)).toEqual(applied);

    // The game goes on to its end on the new process.
    let view = applied;
    while (view.status === 'IN_PROGRESS') view = await play();
    expect(view.status).toBe('FINISHED');

    const log = await checkLog(db.url, game.id);
    expect(log.status).toBe('FINISHED');
    const lastSeq = log.events[log.events.length - 1]!.seq;
    await untilReachable('the last event', async () =>
      delivered(socket, 'events').some((e) => e.seq === lastSeq),
    );
    seen.push(...delivered(socket, 'events'));
    // Every event exactly once, in order, across four processes and four sockets.
    expect(seen).toEqual(log.events.map((e) => ({ seq: e.seq, type: e.type })));
    // Each keyed move is recorded once, at its own version.
    expect(
      await sql(
        db.url,
        `SELECT key, (response->>'version')::int AS version FROM idempotency_records
          WHERE key IN ('answered', 'committed after the crash', 'lost with the crash') ORDER BY 2`,
      ),
    ).toEqual([
      { key: 'answered', version: answered.version },
      { key: 'committed after the crash', version: committed.version },
      { key: 'lost with the crash', version: applied.version },
    ]);
  });
});

describe('PostgreSQL stopped and started again under a running server', () => {
  let dataDir: string;
  let postgres: EmbeddedPostgresProcess;
  let url: string;
  const apps: App[] = [];
  const log: unknown[] = [];
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'perudo-faults-'));
    postgres = EmbeddedPostgresProcess.spawn(dataDir);
    url = await postgres.start();
    await migrate(url);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all(apps.map((a) => a.stop()));
    await postgres?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('fails requests at once with a bare error during the outage, then recovers without a restart', async () => {
    for (let i = 0; i < 2; i++) {
      apps.push(
        await startApp({
          databaseUrl: url,
          port: 0,
          host: '127.0.0.1',
          production: true,
          log: (m) => log.push(m),
        }),
      );
    }
    // `watcher` serves the subscriber; `player` takes the moves: events reach the subscriber only through
    // PostgreSQL's LISTEN/NOTIFY, so they flow again only if the listener reconnects.
    const [watcher, player] = apps as [App, App];
    const players: Player[] = await Promise.all(['Ann', 'Bob'].map((n) => registerPlayer(player.url, n)));
    const game = await startedGame(player.url, players, { preset: 'PUB', overrides: { startingDice: 3 } });
    const socket = await RawSocket.connect(watcher.url);
    sockets.push(socket);
    socket.subscribe('events', EVENTS, { id: game.id, after: 0 });
    const play = async (): Promise<PlayView> => {
      const move = await nextMove(player.url, game.id, players);
      return accepted(await mutate(player.url, move.name, move.input, move.player.token), move.name);
    };
    await play();
    let view = await play();
    const seqNow = async (): Promise<number> => (await checkLog(url, game.id)).events.length;
    let lastSeq = await seqNow();
    await untilReachable(
      'the subscriber to catch up',
      async () => delivered(socket, 'events').length === lastSeq,
    );

    await postgres.stop();
    const pending = await nextMove(player.url, game.id, players).catch(() => null);
    expect(pending).toBeNull();
    // Each request fails at once with the bare error of the contract; nothing about the database shows.
    const failing: [() => Promise<Reply<unknown>>, string, unknown][] = [
      [() => gql(player.url, '{ games { nodes { id } } }'), 'games', null],
      [
        () => gql(player.url, 'query($id: ID!) { game(id: $id) { version } }', { id: game.id }),
        'game',
        { game: null },
      ],
      [
        () =>
          mutate(
            player.url,
            'placeBid',
            { gameId: game.id, quantity: 1, face: 2, expectedVersion: view.version },
            players[0]!.token,
          ),
        'placeBid',
        null,
      ],
      [
        () => gql(player.url, 'mutation { registerPlayer(input: { name: "Cid" }) { token } }'),
        'registerPlayer',
        null,
      ],
    ];
    for (const [request, field, data] of failing) {
      const started = Date.now();
      const reply = await request();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect([reply.status, reply.body?.data, onlyError(reply).path, onlyError(reply).extensions]).toEqual([
        200,
        data,
        [field],
        { code: 'INTERNAL_SERVER_ERROR' },
      ]);
      expect(onlyError(reply).message).toBe('Internal server error');
      expect(reply.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|prisma|stack/i);
    }
    // The server logged what the clients were not shown.
    expect(log.map(String).join('\n')).toMatch(/ECONNREFUSED/);
    // A new subscription during the outage is refused with the same bare error; the old one stays open.
    const late = await RawSocket.connect(watcher.url);
    sockets.push(late);
    late.subscribe('late', EVENTS, { id: game.id, after: 0 });
    await late.end('late');
    expect(late.frames.filter((f) => f.id === 'late')).toEqual([
      {
        id: 'late',
        type: 'next',
        payload: {
          errors: [
            {
              message: 'Internal server error',
              locations: [{ line: 1, column: 39 }],
              path: ['gameEvents'],
              extensions: { code: 'INTERNAL_SERVER_ERROR' },
            },
          ],
        },
      },
      { id: 'late', type: 'complete' },
    ]);
    expect(socket.closeState).toBeNull();

    expect(await postgres.start()).toBe(url);
    await untilReachable('the server to reach the database again', async () =>
      dataOf(await gql(player.url, '{ games { nodes { id } } }')),
    );
    // The move refused during the outage was not applied: the game is where it was.
    const resumed = await nextMove(player.url, game.id, players);
    expect(resumed.input.expectedVersion).toBe(view.version);
    view = accepted(
      await mutate(player.url, resumed.name, resumed.input, resumed.player.token),
      resumed.name,
    );
    lastSeq = await seqNow();
    await untilReachable(
      'events to reach the subscriber again',
      async () => delivered(socket, 'events').length === lastSeq,
    );
    while (view.status === 'IN_PROGRESS') view = await play();
    const checked = await checkLog(url, game.id);
    expect(checked.status).toBe('FINISHED');
    await untilReachable(
      'the last event',
      async () => delivered(socket, 'events').length === checked.events.length,
    );
    expect(delivered(socket, 'events')).toEqual(checked.events.map((e) => ({ seq: e.seq, type: e.type })));
    // Both processes listen again.
    await untilReachable('both listeners to reconnect', async () => {
      const [row] = await sql<{ n: string }>(
        url,
        `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'perudo-listener'`,
      );
      return row!.n === '2';
    });
    expect(
      dataOf(await gql(watcher.url, 'query($id: ID!) { game(id: $id) { status } }', { id: game.id })),
    ).toEqual({
      game: { status: 'FINISHED' },
    });
  });
});
