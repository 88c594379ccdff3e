// Bots over the API: seating them, their moves made by the server once, and after a restart.
import { until } from '../support/timing';
import { TestApi } from '../support/api-harness';
import { accepted, dataOf, gql, mutate, registerPlayer, type Player } from '../support/graphql-client';
import { spawnServer, startServer, stopAll } from '../support/server-launcher';
import type { App } from '../../src/app';

const BOT_FIELDS = `
  game {
    id status version
    host { id }
    seats { position diceCount left player { id name isBot botLevel } }
    turn { position }
    winner { id isBot }
  }
  userErrors { code message field }`;

interface BotGame {
  id: string;
  status: string;
  version: number;
  host: { id: string };
  seats: {
    position: number;
    diceCount: number;
    left: boolean;
    player: { id: string; name: string; isBot: boolean; botLevel: string | null };
  }[];
  turn: { position: number } | null;
  winner: { id: string; isBot: boolean } | null;
}

interface Payload {
  game: BotGame | null;
  userErrors: { code: string; message: string; field: string[] | null }[];
}

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start({
    server: { botDelayMs: 10, turnTimerIntervalMs: 100, ratingIntervalMs: 100 },
  });
});

afterAll(async () => {
  await api.close();
});

async function addBot(
  player: Player | null,
  input: Record<string, unknown>,
  url = api.url,
): Promise<Payload> {
  const r = await fetchGql(
    url,
    `mutation($input: AddBotInput!) { addBot(input: $input) { ${BOT_FIELDS} } }`,
    input,
    player,
  );
  return (dataOf(r) as { addBot: Payload }).addBot;
}

async function removeBot(player: Player, input: Record<string, unknown>): Promise<Payload> {
  const r = await fetchGql(
    api.url,
    `mutation($input: RemoveBotInput!) { removeBot(input: $input) { ${BOT_FIELDS} } }`,
    input,
    player,
  );
  return (dataOf(r) as { removeBot: Payload }).removeBot;
}

function fetchGql(url: string, query: string, input: unknown, player: Player | null) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return gql<any>(url, query, { input }, player?.token);
}

async function gameOf(gameId: string, url = api.url): Promise<BotGame> {
  const r = await fetchGql(
    url,
    `query($input: ID!) { game(id: $input) { id status version host { id } seats { position diceCount left player { id name isBot botLevel } } turn { position } winner { id isBot } } }`,
    gameId,
    null,
  );
  return (dataOf(r) as { game: BotGame }).game;
}

/** The game once its bots have played it to the end. */
function finishedGame(gameId: string, url = api.url): Promise<BotGame> {
  return until(
    'the bots to finish',
    async () => {
      const g = await gameOf(gameId, url);
      return g.status === 'FINISHED' ? g : null;
    },
    60_000,
  );
}

/** The key inside a global id. */
function key(id: string): string {
  return Buffer.from(id, 'base64url').toString('utf8').split(':')[1]!;
}

describe('addBot and removeBot', () => {
  it('the host seats bots that show as bots with their level and name; removeBot frees a seat', async () => {
    const host = await api.registerPlayer('Bot host');
    const lobby = await api.createGame(host, { preset: 'PERUDO', maxPlayers: 4 });
    const hard = await addBot(host, { gameId: lobby.id, level: 'HARD', name: 'Deep Dice' });
    expect(hard.userErrors).toEqual([]);
    const normal = await addBot(host, { gameId: lobby.id });
    expect(normal.userErrors).toEqual([]);
    expect(
      normal.game!.seats.map((s) => [s.position, s.player.name, s.player.isBot, s.player.botLevel]),
    ).toEqual([
      [0, 'Bot host', false, null],
      [1, 'Deep Dice', true, 'HARD'],
      [2, 'NORMAL bot 1', true, 'NORMAL'],
    ]);
    const removed = await removeBot(host, { gameId: lobby.id, position: 1 });
    expect(removed.userErrors).toEqual([]);
    expect(removed.game!.seats.map((s) => [s.position, s.player.name])).toEqual([
      [0, 'Bot host'],
      [1, 'NORMAL bot 1'],
    ]);
    // A removed bot had played nothing: its player is gone with its seat, so bots cannot pile up.
    const rows = await api.sql<{ id: string; bot_level: string }>(
      'SELECT id::text, bot_level::text FROM players WHERE id = ANY($1::uuid[]) ORDER BY bot_level',
      [[key(hard.game!.seats[1]!.player.id), key(normal.game!.seats[2]!.player.id)]],
    );
    expect(rows).toEqual([{ id: key(normal.game!.seats[2]!.player.id), bot_level: 'NORMAL' }]);
    // Default names are numbered per level, the smallest number free at the table.
    await addBot(host, { gameId: lobby.id, level: 'EASY' });
    const twoEasy = await addBot(host, { gameId: lobby.id, level: 'EASY' });
    expect(twoEasy.game!.seats.map((s) => s.player.name)).toEqual([
      'Bot host',
      'NORMAL bot 1',
      'EASY bot 1',
      'EASY bot 2',
    ]);
    await removeBot(host, { gameId: lobby.id, position: 2 });
    const again = await addBot(host, { gameId: lobby.id, level: 'EASY' });
    expect(again.game!.seats.map((s) => s.player.name)).toEqual([
      'Bot host',
      'NORMAL bot 1',
      'EASY bot 2',
      'EASY bot 1',
    ]);
  });

  it('refuses a guest, a started game, a full table and a person’s seat with their codes, and changes nothing', async () => {
    const [host, guest] = await api.registerPlayers(['Refusing host', 'Refused guest']);
    const lobby = await api.createGame(host!, { preset: 'CLASSIC', maxPlayers: 3 });
    await api.mutate('joinGame', guest!, { gameId: lobby.id });
    const byGuest = await addBot(guest!, { gameId: lobby.id, level: 'EASY' });
    expect(byGuest.userErrors).toEqual([
      { code: 'NOT_HOST', message: 'only the host can add a bot', field: null },
    ]);
    expect(byGuest.game!.seats).toHaveLength(2);
    expect((await removeBot(host!, { gameId: lobby.id, position: 1 })).userErrors).toEqual([
      { code: 'NOT_A_BOT', message: "seat 1 is a person's: no bot is seated", field: ['position'] },
    ]);
    expect((await addBot(host!, { gameId: lobby.id, level: 'EASY' })).userErrors).toEqual([]);
    expect((await addBot(host!, { gameId: lobby.id })).userErrors).toEqual([
      { code: 'GAME_FULL', message: 'the game is full: all 3 seats are taken', field: null },
    ]);
    await api.mutate('startGame', host!, { gameId: lobby.id });
    const late = await addBot(host!, { gameId: lobby.id });
    expect(late.userErrors.map((e) => e.code)).toEqual(['GAME_NOT_IN_LOBBY']);
    expect(late.game!.seats).toHaveLength(3);
    // Unauthenticated, and a name that is not a name.
    const anonymous = await fetchGql(
      api.url,
      'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code } } }',
      { gameId: lobby.id },
      null,
    );
    expect(anonymous.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const badName = await fetchGql(
      api.url,
      'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code } } }',
      { gameId: lobby.id, name: 'x'.repeat(41) },
      host!,
    );
    expect(badName.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
  });
});

describe('bots play', () => {
  it.each(['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB'] as const)(
    '%s: once the person leaves, the game ends at once: the bots first by dice held (ties by seat), the person last',
    async (preset) => {
      const host = await api.registerPlayer(`Leaving host ${preset}`);
      const lobby = await api.createGame(host, { preset });
      for (const level of ['EASY', 'NORMAL', 'HARD'])
        expect((await addBot(host, { gameId: lobby.id, level })).userErrors).toEqual([]);
      await api.mutate('startGame', host, { gameId: lobby.id });
      const left = (
        dataOf(
          await fetchGql(
            api.url,
            `mutation($input: GameInput!) { leaveGame(input: $input) { ${BOT_FIELDS} } }`,
            { gameId: lobby.id },
            host,
          ),
        ) as { leaveGame: Payload }
      ).leaveGame;
      // No person is left in play: the leave itself finishes the game, before another round.
      expect(left.userErrors).toEqual([]);
      expect(left.game!.status).toBe('FINISHED');
      const places = dataOf(
        await fetchGql(
          api.url,
          'query($input: ID!) { game(id: $input) { version places { place seat { position diceCount } } } }',
          lobby.id,
          null,
        ),
      ) as {
        game: { version: number; places: { place: number; seat: { position: number; diceCount: number } }[] };
      };
      const bots = left.game!.seats.filter((s) => s.player.isBot);
      const expected = [...bots]
        .sort((a, b) => b.diceCount - a.diceCount || a.position - b.position)
        .map((s) => s.position);
      expect(places.game.places.map((p) => p.seat.position)).toEqual([...expected, 0]);
      expect(places.game.places.map((p) => p.place)).toEqual([1, 2, 3, 4]);
      expect(left.game!.winner).toEqual({
        id: bots.find((b) => b.position === expected[0])!.player.id,
        isBot: true,
      });
      // Nothing more happens to it: no bot moves after the end.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await gameOf(lobby.id)).version).toBe(left.game!.version);
      // Bots have no rating, and a game without two humans' own moves changes none: once the rating applier
      // has passed this game, no seat of it holds a rating for the preset.
      await api.untilRatingApplierPassed(key(lobby.id), 60_000);
      const rated = await api.sql<{ n: string }>(
        `SELECT count(*) AS n FROM ratings r JOIN seats s ON s.player_id = r.player_id
          WHERE s.game_id = $1 AND r.preset = $2`,
        [key(lobby.id), preset],
      );
      expect(rated).toEqual([{ n: '0' }]);
    },
    90_000,
  );

  it('with two servers in this process on one database, each bot move is made once', async () => {
    const second: App = await startServer(api.database.url, { botDelayMs: 10, turnTimerIntervalMs: 50 });
    try {
      const host = await api.registerPlayer('Two-process host');
      const games = [];
      for (let i = 0; i < 3; i++) {
        const lobby = await api.createGame(host, { preset: 'PUB' });
        for (const level of ['HARD', 'NORMAL', 'EASY', 'HARD'])
          await addBot(host, { gameId: lobby.id, level });
        await api.mutate('startGame', host, { gameId: lobby.id });
        await api.mutate('leaveGame', host, { gameId: lobby.id });
        games.push(lobby.id);
      }
      for (const id of games) {
        const finished = await finishedGame(id, second.url);
        const moves = await api.sql<{ version: number; n: string }>(
          `SELECT version, count(*) AS n FROM game_events
            WHERE game_id = $1 AND type IN ('BID_PLACED', 'DUDO_CALLED', 'EXACT_CALLED') GROUP BY version`,
          [key(id)],
        );
        // One move per version: a move applied twice would show as two calls or bids of one version.
        expect(moves.filter((m) => Number(m.n) !== 1)).toEqual([]);
        expect(finished.version).toBeGreaterThan(moves.length);
      }
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('with two server processes (and this one) on one database, each bot move is made once', async () => {
    const env = { BOT_DELAY_MS: '10' };
    const processes = await Promise.all([
      spawnServer({ databaseUrl: api.database.url, env }),
      spawnServer({ databaseUrl: api.database.url, env }),
    ]);
    try {
      const [a, b] = processes;
      const host = await registerPlayer(a.url, 'Spawned host');
      const games: string[] = [];
      for (let i = 0; i < 3; i++) {
        const lobby = accepted(
          await mutate<{ id: string }>(a.url, 'createGame', { preset: 'PERUDO' }, host.token, 'id'),
          'create',
        );
        for (const level of ['HARD', 'EASY', 'NORMAL'])
          await addBot(host, { gameId: lobby.id, level }, a.url);
        accepted(await mutate(a.url, 'startGame', { gameId: lobby.id }, host.token, 'id'), 'start');
        accepted(await mutate(b.url, 'leaveGame', { gameId: lobby.id }, host.token, 'id'), 'leave');
        games.push(lobby.id);
      }
      for (const id of games) {
        const finished = await finishedGame(id, b.url);
        const versions = await api.sql<{ version: number; moves: string }>(
          `SELECT version, count(*) FILTER (WHERE type IN ('BID_PLACED', 'DUDO_CALLED', 'EXACT_CALLED')) AS moves
             FROM game_events WHERE game_id = $1 GROUP BY version ORDER BY version`,
          [key(id)],
        );
        // Every version from the creation to the end, each with at most one bid or call.
        expect(versions.map((v) => v.version)).toEqual(
          Array.from({ length: finished.version }, (_, i) => i + 1),
        );
        expect(versions.filter((v) => Number(v.moves) > 1)).toEqual([]);
      }
    } finally {
      await stopAll(processes);
    }
  }, 120_000);

  it('a bot whose turn came while the server was down moves after the restart, once', async () => {
    await api.stopServer();
    const slow: App = await startServer(api.database.url, { botDelayMs: 1500, turnTimerIntervalMs: 100 });
    const person = await registerPlayer(slow.url, 'Restart person');
    const lobby = accepted(
      await mutate<{ id: string }>(slow.url, 'createGame', { preset: 'LIARS_DICE' }, person.token, 'id'),
      'create',
    );
    await addBot(person, { gameId: lobby.id, level: 'HARD' }, slow.url);
    // LIARS_DICE starts at seat 0: the person opens, then it is the bot's turn.
    accepted(await mutate(slow.url, 'startGame', { gameId: lobby.id }, person.token, 'id'), 'start');
    const { version } = accepted(
      await mutate<{ version: number }>(
        slow.url,
        'placeBid',
        { gameId: lobby.id, quantity: 1, face: 2 },
        person.token,
        'version',
      ),
      'bid',
    );
    // Stopped within the bot's think time: the move has not been made.
    await slow.stop();
    const [stored] = await api.sql<{ version: number }>('SELECT version FROM games WHERE id = $1', [
      key(lobby.id),
    ]);
    expect(stored!.version).toBe(version);
    await api.startServer();
    const moved = await until(
      'the bot to move',
      async () => {
        const g = await gameOf(lobby.id);
        return g.version > version ? g : null;
      },
      60_000,
    );
    expect(moved.version).toBe(version + 1);
    const after = await api.sql<{ type: string }>(
      'SELECT type FROM game_events WHERE game_id = $1 AND version = $2',
      [key(lobby.id), version + 1],
    );
    expect(['BID_PLACED', 'DUDO_CALLED', 'EXACT_CALLED']).toContain(after[0]!.type);
  }, 60_000);
});
