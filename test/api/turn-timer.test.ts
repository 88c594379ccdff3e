import { until } from '../support/timing';
import { Client } from 'pg';
import { startApp, type App } from '../../src/app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Timed turns end to end: deadlines live in the database, fire once even with several processes polling,
 * and fire after a restart when every process was down at the deadline. Deadlines are moved into the past
 * with SQL rather than waited for, so the tests take no turnSeconds of wall time.
 */

async function gql<T>(app: App, query: string, variables: object = {}, token?: string): Promise<T> {
  const res = await fetch(app.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function register(app: App, name: string): Promise<string> {
  const r = await gql<{ registerPlayer: { token: string } }>(
    app,
    'mutation($n: String!) { registerPlayer(input: { name: $n }) { token } }',
    { n: name },
  );
  return r.registerPlayer.token;
}

interface TimedGame {
  id: string;
  key: string;
  tokens: string[];
}

async function startTimedGame(
  app: App,
  players: number,
  timeoutsToForfeit = 3,
  awayAfterTimeouts = true,
): Promise<TimedGame> {
  const tokens = await Promise.all(Array.from({ length: players }, (_, i) => register(app, `p${i}`)));
  const created = await gql<{ createGame: { game: { id: string; turnSeconds: number } } }>(
    app,
    `mutation($t: Int, $away: Boolean) { createGame(input: { preset: CLASSIC, turnSeconds: 30, timeoutsToForfeit: $t,
       awayAfterTimeouts: $away, overrides: { firstStarter: SEAT_ORDER } }) { game { id turnSeconds } } }`,
    { t: timeoutsToForfeit, away: awayAfterTimeouts },
    tokens[0],
  );
  const id = created.createGame.game.id;
  expect(created.createGame.game.turnSeconds).toBe(30);
  for (const t of tokens.slice(1)) {
    await gql(
      app,
      'mutation($g: ID!) { joinGame(input: { gameId: $g }) { userErrors { code } } }',
      { g: id },
      t,
    );
  }
  await gql(
    app,
    'mutation($g: ID!) { startGame(input: { gameId: $g }) { userErrors { code } } }',
    { g: id },
    tokens[0],
  );
  const key = Buffer.from(id, 'base64url').toString('utf8').split(':')[1]!;
  return { id, key, tokens };
}

interface GameState {
  version: number;
  turnDeadline: string | null;
  turn: { position: number } | null;
  seats: { consecutiveTimeouts: number; diceCount: number }[];
  currentRound: { bids: { quantity: number; face: number; timedOut: boolean; byBot: boolean }[] } | null;
}

async function game(app: App, id: string): Promise<GameState> {
  const r = await gql<{ game: GameState }>(
    app,
    `query($g: ID!) { game(id: $g) { version turnDeadline turn { position } seats { consecutiveTimeouts diceCount }
       currentRound { bids { quantity face timedOut byBot } } } }`,
    { g: id },
  );
  return r.game;
}

describe('timed turns', () => {
  let db: TestDatabase;
  let sql: Client;
  const apps: App[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    for (const app of apps) await app.stop().catch(() => {});
    await sql.end();
    await db.drop();
  });

  async function start(): Promise<App> {
    const app = await startApp({ databaseUrl: db.url, port: 0, turnTimerIntervalMs: 50, log: () => {} });
    apps.push(app);
    return app;
  }

  async function expire(key: string): Promise<void> {
    await sql.query("UPDATE games SET turn_deadline = now() - interval '1 second' WHERE id = $1", [key]);
  }

  async function timeoutEvents(key: string): Promise<{ seq: number; version: number }[]> {
    const { rows } = await sql.query(
      "SELECT seq, version FROM game_events WHERE game_id = $1 AND type = 'TURN_TIMED_OUT' ORDER BY seq",
      [key],
    );
    return rows;
  }

  it('a deadline is stored 30 s after the turn began and shown to clients; when it passes the server opens', async () => {
    const app = await start();
    const g = await startTimedGame(app, 3);
    const before = await game(app, g.id);
    const { rows } = await sql.query('SELECT turn_deadline, updated_at FROM games WHERE id = $1', [g.key]);
    expect(new Date(before.turnDeadline!).getTime()).toBe(rows[0].turn_deadline.getTime());
    expect(before.turn).toEqual({ position: 0 });

    await expire(g.key);
    const after = await until('the timeout', async () => {
      const s = await game(app, g.id);
      return s.version > before.version ? s : null;
    });
    expect(after.version).toBe(before.version + 1);
    // The server plays the turn as a NORMAL bot would from that seat's view: one legal opening bid, byBot.
    expect(after.currentRound!.bids).toEqual([
      { quantity: expect.any(Number), face: expect.any(Number), timedOut: true, byBot: true },
    ]);
    const [opening] = after.currentRound!.bids;
    expect(opening!.quantity).toBeGreaterThanOrEqual(1);
    expect(opening!.quantity).toBeLessThanOrEqual(15);
    expect([2, 3, 4, 5, 6]).toContain(opening!.face);
    expect(after.seats.map((s) => s.consecutiveTimeouts)).toEqual([1, 0, 0]);
    expect(after.turn).toEqual({ position: 1 });
    // The next turn has its own deadline, 30 s after the timed-out bid.
    expect(new Date(after.turnDeadline!).getTime()).toBeGreaterThan(Date.now() + 25_000);
  });

  it('with three processes polling, each deadline fires exactly once', async () => {
    const [a] = [await start(), await start(), await start()];
    const g = await startTimedGame(a!, 3);
    for (let i = 0; i < 3; i++) {
      const { version } = await game(a!, g.id);
      await expire(g.key);
      await until('the timeout', async () => ((await game(a!, g.id)).version > version ? true : null));
      await new Promise((r) => setTimeout(r, 200)); // time for the other processes to (not) fire again
    }
    const fired = await timeoutEvents(g.key);
    expect(fired).toHaveLength(3);
    expect(new Set(fired.map((e) => e.version)).size).toBe(3);
    const { rows } = await sql.query(
      'SELECT array_agg(seq ORDER BY seq) AS seqs FROM game_events WHERE game_id = $1',
      [g.key],
    );
    const seqs: number[] = rows[0].seqs;
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });

  it('a deadline that passed while every process was down fires at the next start', async () => {
    const first = await start();
    const g = await startTimedGame(first, 2);
    const { version } = await game(first, g.id);
    await first.stop();
    apps.splice(apps.indexOf(first), 1);
    await expire(g.key);
    expect(await timeoutEvents(g.key)).toEqual([]);

    const second = await start();
    await until('the missed timeout', async () =>
      (await game(second, g.id)).version > version ? true : null,
    );
    expect(await timeoutEvents(g.key)).toHaveLength(1);
  });

  it('a player who lets timeoutsToForfeit turns in a row run out forfeits (awayAfterTimeouts: false)', async () => {
    const app = await start();
    const g = await startTimedGame(app, 2, 1, false);
    await expire(g.key);
    const finished = await until('the forfeit', async () => {
      const r = await gql<{ game: { status: string; winner: { name: string } | null } }>(
        app,
        'query($g: ID!) { game(id: $g) { status winner { name } } }',
        { g: g.id },
      );
      return r.game.status === 'FINISHED' ? r.game : null;
    });
    expect(finished.winner).toEqual({ name: 'p1' });
    const { rows } = await sql.query(
      "SELECT type, payload->>'forfeited' AS forfeited FROM game_events WHERE game_id = $1 AND seq > 5 ORDER BY seq",
      [g.key],
    );
    expect(rows).toEqual([
      { type: 'TURN_TIMED_OUT', forfeited: 'true' },
      { type: 'ROUND_ENDED', forfeited: null },
      { type: 'PLAYER_ELIMINATED', forfeited: null },
      { type: 'GAME_FINISHED', forfeited: null },
    ]);
    const { rows: deadline } = await sql.query('SELECT turn_deadline FROM games WHERE id = $1', [g.key]);
    expect(deadline[0].turn_deadline).toBeNull();
  });

  it('a move made before the deadline fires wins: the stale deadline does not fire', async () => {
    const app = await start();
    const g = await startTimedGame(app, 2);
    const { version } = await game(app, g.id);
    const bid = await gql<{ placeBid: { userErrors: unknown[] } }>(
      app,
      'mutation($g: ID!, $v: Int) { placeBid(input: { gameId: $g, quantity: 1, face: 5, expectedVersion: $v }) { userErrors { code } } }',
      { g: g.id, v: version },
      g.tokens[0],
    );
    expect(bid.placeBid.userErrors).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await timeoutEvents(g.key)).toEqual([]);
    expect((await game(app, g.id)).version).toBe(version + 1);
  });
});
