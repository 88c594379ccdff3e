// A game whose every person in play is away, over real HTTP on PostgreSQL: it waits (no bot moves, the
// version stays, Game.waitingSince set, GAME_WAITING logged once); a return resumes it (SEAT_RETURNED and
// GAME_RESUMED in one step); after ALL_AWAY_END_SECONDS it ends, the bots first, unrated, once across two
// processes killed while it waits and a third started after.
import { TestApi } from '../support/api-harness';
import { dataOf, errorsOf, gql, registerPlayer, type Player } from '../support/graphql-client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type ServerProcess, spawnServer, stopAll } from '../support/server-launcher';
import { keyOf, sql } from '../support/sql';
import { sleep, until } from '../support/timing';

const BOT_DELAY_MS = 150;

interface GameData {
  id: string;
  status: string;
  version: number;
  rated: boolean;
  waitingSince: string | null;
  turnDeadline: string | null;
  turn: { position: number } | null;
  seats: { position: number; away: boolean; diceCount: number; player: { isBot: boolean } }[];
  places: { place: number; seat: { position: number } }[];
  events: {
    seq: number;
    type: string;
    at: string;
    seat: { position: number } | null;
    game: { version: number };
  }[];
}

const GAME = `id status version rated waitingSince turnDeadline turn { position }
  seats { position away diceCount player { isBot } }
  places { place seat { position } }
  events(first: 500) { seq type at seat { position } game { version } }`;

async function call<T>(url: string, query: string, variables: object, player: Player | null): Promise<T> {
  return dataOf(await gql<T>(url, query, variables as Record<string, unknown>, player?.token));
}

async function accepted(
  url: string,
  name: string,
  type: string,
  input: object,
  p: Player,
): Promise<GameData> {
  const data = await call<Record<string, { game: GameData | null; userErrors: { code: string }[] }>>(
    url,
    `mutation($input: ${type}!) { ${name}(input: $input) { game { ${GAME} } userErrors { code } } }`,
    { input },
    p,
  );
  expect(data[name]!.userErrors).toEqual([]);
  return data[name]!.game!;
}

async function gameAt(url: string, id: string): Promise<GameData> {
  return (await call<{ game: GameData }>(url, `query($id: ID!) { game(id: $id) { ${GAME} } }`, { id }, null))
    .game;
}

/** A timed game (turns of 30 s, away at the first timeout) of `people`, then `bots` HARD bots, started. */
async function startedGame(url: string, people: readonly Player[], bots: number): Promise<GameData> {
  const created = await accepted(
    url,
    'createGame',
    'CreateGameInput',
    { preset: 'CLASSIC', overrides: { firstStarter: 'SEAT_ORDER' }, turnSeconds: 30, timeoutsToForfeit: 1 },
    people[0]!,
  );
  for (const p of people.slice(1)) await accepted(url, 'joinGame', 'GameInput', { gameId: created.id }, p);
  for (let i = 0; i < bots; i++) {
    const r = await gql(
      url,
      'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code } } }',
      { input: { gameId: created.id, level: 'HARD' } },
      people[0]!.token,
    );
    expect(errorsOf(r)).toEqual([]);
  }
  return accepted(url, 'startGame', 'GameInput', { gameId: created.id }, people[0]!);
}

/** Moves the game's stored deadline into the past: the person on turn lets it run out. */
async function expireTurn(databaseUrl: string, gameId: string): Promise<void> {
  await sql(databaseUrl, "UPDATE games SET turn_deadline = now() - interval '1 second' WHERE id = $1", [
    keyOf(gameId),
  ]);
}

function waiting(url: string, id: string): Promise<GameData> {
  return until('the game to wait', async () => {
    const g = await gameAt(url, id);
    return g.waitingSince !== null ? g : null;
  });
}

describe('one person and three HARD bots, the person away', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await TestApi.start({ server: { botDelayMs: BOT_DELAY_MS, turnTimerIntervalMs: 100 } });
  });

  afterAll(async () => {
    await api.close();
  });

  it('waits: no bot moves, the version stays, waitingSince set; returnToGame resumes it with fresh clocks', async () => {
    const [ann] = await api.registerPlayers(['Alone Ann']);
    const g = await startedGame(api.url, [ann!], 3);
    expect(g.waitingSince).toBeNull();
    await expireTurn(api.database.url, g.id);
    const w = await waiting(api.url, g.id);
    // The timeout (away, then the bot's move for her), then the wait: a step of its own.
    const after = w.events.filter((e) => e.game.version > g.version).map((e) => [e.type, e.game.version]);
    expect(after).toEqual([
      ['TURN_TIMED_OUT', g.version + 1],
      ['SEAT_AWAY', g.version + 1],
      ['BID_PLACED', g.version + 2],
      ['GAME_WAITING', g.version + 3],
    ]);
    expect(w.version).toBe(g.version + 3);
    expect(w.seats.map((s) => s.away)).toEqual([true, false, false, false]);
    expect(w.waitingSince).toBe(w.events.find((e) => e.type === 'GAME_WAITING')!.at);
    expect(w.turn).toEqual({ position: 1 });
    expect(w.turnDeadline).toBeNull();
    // Nothing is due but the end, 600 s (the default) after the wait began.
    const [row] = await api.sql<{ due: Date }>('SELECT turn_deadline AS due FROM games WHERE id = $1', [
      keyOf(g.id),
    ]);
    expect(row!.due.getTime()).toBe(Date.parse(w.waitingSince!) + 600_000);
    // While it waits, dice show as ever: the viewer's own only (CLASSIC: 5 each), nobody else's.
    const dice = async (p: Player | null) =>
      (
        await call<{ game: { seats: { dice: number[] | null }[] } }>(
          api.url,
          'query($id: ID!) { game(id: $id) { seats { dice } } }',
          { id: g.id },
          p,
        )
      ).game.seats.map((s) => s.dice?.length ?? null);
    expect(await dice(null)).toEqual([null, null, null, null]);
    expect(await dice(ann!)).toEqual([5, null, null, null]);
    // Many bot think times later: not one move.
    await sleep(BOT_DELAY_MS * 15);
    const still = await gameAt(api.url, g.id);
    expect(still.version).toBe(w.version);
    expect(still.status).toBe('IN_PROGRESS');

    const back = await accepted(api.url, 'returnToGame', 'GameInput', { gameId: g.id }, ann!);
    expect(back.version).toBe(w.version + 1);
    expect(back.waitingSince).toBeNull();
    expect(back.seats[0]!.away).toBe(false);
    const resumed = back.events.filter((e) => e.game.version === back.version);
    expect(resumed.map((e) => [e.type, e.seat])).toEqual([
      ['SEAT_RETURNED', { position: 0 }],
      ['GAME_RESUMED', { position: 0 }],
    ]);
    // The bot on turn moves again, at bot speed from the return (its turn's clock starts afresh).
    const moved = await until('a bot move after the return', async () => {
      const now = await gameAt(api.url, g.id);
      return now.version > back.version ? now : null;
    });
    const bidAt = moved.events.find((e) => e.game.version === back.version + 1)!.at;
    expect(Date.parse(bidAt) - Date.parse(resumed[0]!.at)).toBeGreaterThanOrEqual(BOT_DELAY_MS);
  });
});

describe('the wait runs out (ALL_AWAY_END_SECONDS on the servers)', () => {
  let database: TestDatabase | undefined;
  const servers: ServerProcess[] = [];
  const ENV = { BOT_DELAY_MS: String(BOT_DELAY_MS), ALL_AWAY_END_SECONDS: '8' };

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await stopAll(servers);
    await database?.drop();
  });

  async function start(): Promise<ServerProcess> {
    const server = await spawnServer({ databaseUrl: database!.url, env: ENV });
    servers.push(server);
    return server;
  }

  it('ends once, the bots first and the away people after by dice held, unrated, after the processes are killed', async () => {
    const [a, b] = [await start(), await start()];
    const ann = await registerPlayer(a.url, 'Gone Ann');
    const bob = await registerPlayer(b.url, 'Gone Bob');
    const g = await startedGame(a.url, [ann, bob], 2);
    // Ann's turn runs out, then Bob's: every person in play is away.
    await expireTurn(database!.url, g.id);
    const bobs = await until('Bob on turn', async () => {
      const now = await gameAt(b.url, g.id);
      return now.seats[0]!.away ? now : null;
    });
    expect(bobs.turn).toEqual({ position: 1 });
    await expireTurn(database!.url, g.id);
    const w = await waiting(b.url, g.id);
    expect(w.seats.map((s) => s.away)).toEqual([true, true, false, false]);
    // Every process is killed while the game waits; a new one ends it when its wait is over.
    await Promise.all([a.kill('SIGKILL'), b.kill('SIGKILL')]);
    const [killed] = await sql<{ status: string }>(database!.url, 'SELECT status FROM games WHERE id = $1', [
      keyOf(g.id),
    ]);
    expect(killed).toEqual({ status: 'IN_PROGRESS' });
    const c = await start();
    const done = await until(
      'the game to end',
      async () => {
        const now = await gameAt(c.url, g.id);
        return now.status === 'FINISHED' ? now : null;
      },
      30_000,
      200,
    );
    const end = done.events.filter((e) => e.type === 'GAME_FINISHED');
    expect(end).toHaveLength(1);
    expect(done.events.filter((e) => e.type === 'GAME_WAITING')).toHaveLength(1);
    expect(Date.parse(end[0]!.at) - Date.parse(w.waitingSince!)).toBeGreaterThanOrEqual(8000);
    expect(done.version).toBe(w.version + 1);
    expect(done.events.filter((e) => e.game.version === done.version).map((e) => e.type)).toEqual([
      'ROUND_ENDED',
      'GAME_FINISHED',
    ]);
    // Bots first, then the people, each by dice held, ties in seat order.
    const byDice = (seats: GameData['seats']) =>
      [...seats].sort((x, y) => y.diceCount - x.diceCount).map((s) => s.position);
    const inPlay = w.seats.filter((s) => s.diceCount > 0);
    const expected = [
      ...byDice(inPlay.filter((s) => s.player.isBot)),
      ...byDice(inPlay.filter((s) => !s.player.isBot)),
    ];
    expect(done.places.map((p) => p.seat.position)).toEqual(expected);
    expect(done.places.map((p) => p.place)).toEqual([1, 2, 3, 4]);
    expect(done.waitingSince).toBeNull();
    expect(done.rated).toBe(false);
    const [row] = await sql<{ rated: boolean }>(database!.url, 'SELECT rated FROM games WHERE id = $1', [
      keyOf(g.id),
    ]);
    expect(row).toEqual({ rated: false });
    // Each version written once, without gaps.
    const versions = await sql<{ version: number }>(
      database!.url,
      'SELECT DISTINCT version FROM game_events WHERE game_id = $1 ORDER BY version',
      [keyOf(g.id)],
    );
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: done.version }, (_, i) => i + 1));
    // The rating applier passes it by without a change.
    await until(
      'the rating applier to pass the game',
      async () => {
        const rows = await sql<{ n: string }>(
          database!.url,
          `SELECT count(*) AS n FROM rating_cursor c JOIN games g ON g.id = $1
            WHERE (c.finished_at, c.game_id) >= (g.finished_at, g.id)`,
          [keyOf(g.id)],
        );
        return Number(rows[0]!.n) === 1;
      },
      30_000,
    );
    const changes = await sql<{ n: string }>(
      database!.url,
      'SELECT count(*) AS n FROM rating_changes WHERE game_id = $1',
      [keyOf(g.id)],
    );
    expect(changes).toEqual([{ n: '0' }]);
  }, 120_000);
});
