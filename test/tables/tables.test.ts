// Tables over the API: private games and invite codes, host controls, rematch and quick play.
import { TestApi } from '../support/api-harness';
import { errorsOf, gql, type Player } from '../support/graphql-client';
import { until } from '../support/timing';

const FIELDS = `id status version visibility inviteCode maxPlayers
  host { id } seats { position player { id isBot botLevel } }
  rematch { id } previousGame { id }`;

interface TableGame {
  id: string;
  status: string;
  version: number;
  visibility: string;
  inviteCode: string | null;
  maxPlayers: number;
  host: { id: string };
  seats: { position: number; player: { id: string; isBot: boolean; botLevel: string | null } }[];
  rematch: { id: string } | null;
  previousGame: { id: string } | null;
}

interface Payload {
  game: TableGame | null;
  userErrors: { code: string; message: string; field: string[] | null }[];
}

const INPUTS: Record<string, string> = {
  createGame: 'CreateGameInput',
  joinGame: 'GameInput',
  leaveGame: 'GameInput',
  startGame: 'GameInput',
  addBot: 'AddBotInput',
  rematch: 'GameInput',
  kickPlayer: 'SeatInput',
  transferHost: 'SeatInput',
  quickPlay: 'QuickPlayInput',
};

let api: TestApi;
const players: Player[] = [];

beforeAll(async () => {
  api = await TestApi.start({ server: { botDelayMs: 10, turnTimerIntervalMs: 100 } });
  for (let i = 0; i < 8; i++) players.push(await api.registerPlayer(`P${i}`));
});

afterAll(async () => {
  await api.close();
});

async function call(name: string, input: object, player: Player | null, url = api.url): Promise<Payload> {
  const r = await gql<Record<string, Payload>>(
    url,
    `mutation($input: ${INPUTS[name]}!) { ${name}(input: $input) { game { ${FIELDS} } userErrors { code message field } } }`,
    { input },
    player?.token,
  );
  if (errorsOf(r).length > 0) throw new Error(`${name}: ${r.text}`);
  return r.body.data![name]!;
}

async function ok(name: string, input: object, player: Player): Promise<TableGame> {
  const p = await call(name, input, player);
  if (p.userErrors.length > 0 || !p.game) throw new Error(`${name} refused: ${JSON.stringify(p.userErrors)}`);
  return p.game;
}

async function refused(name: string, input: object, player: Player): Promise<[string, string]> {
  const p = await call(name, input, player);
  expect(p.userErrors).toHaveLength(1);
  return [p.userErrors[0]!.code, p.userErrors[0]!.message];
}

async function gameAs(id: string, player: Player | null): Promise<TableGame | null> {
  const r = await gql<{ game: TableGame | null }>(
    api.url,
    `query($id: ID!) { game(id: $id) { ${FIELDS} } }`,
    { id },
    player?.token,
  );
  return r.body.data!.game;
}

const ids = (g: TableGame) => g.seats.map((s) => s.player.id);

describe('private games', () => {
  test('joinGame needs the invite code (any case); wrong and missing answer alike; a rematch gets a new code', async () => {
    const [ann, bob, cid] = players;
    const game = await ok('createGame', { preset: 'PERUDO', visibility: 'PRIVATE', maxPlayers: 2 }, ann!);
    const code = game.inviteCode!;
    expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/);
    const refusal: [string, string] = [
      'INVITE_REQUIRED',
      'this game is private: joining it needs its invite code',
    ];
    expect(await refused('joinGame', { gameId: game.id }, bob!)).toEqual(refusal);
    const wrong = code.slice(0, -1) + (code.endsWith('2') ? '3' : '2');
    expect(await refused('joinGame', { gameId: game.id, inviteCode: wrong }, bob!)).toEqual(refusal);
    const joined = await ok('joinGame', { gameId: game.id, inviteCode: code.toLowerCase() }, bob!);
    expect(ids(joined)).toEqual([ann!.id, bob!.id]);
    expect(joined.inviteCode).toBe(code);
    // Full: GAME_FULL only with the right code.
    expect(await refused('joinGame', { gameId: game.id }, cid!)).toEqual(refusal);
    expect((await refused('joinGame', { gameId: game.id, inviteCode: code }, cid!))[0]).toBe('GAME_FULL');
    // Play to the end (Bob forfeits), then a rematch: PRIVATE again with a new code.
    await ok('startGame', { gameId: game.id }, ann!);
    await ok('leaveGame', { gameId: game.id }, bob!);
    const next = await ok('rematch', { gameId: game.id }, bob!);
    expect(next.visibility).toBe('PRIVATE');
    expect(next.inviteCode).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/);
    expect(next.inviteCode).not.toBe(code);
    // Ann joins the rematch without its code.
    const both = await ok('rematch', { gameId: game.id }, ann!);
    expect(both.id).toBe(next.id);
    expect(ids(both)).toEqual([bob!.id, ann!.id]);
  });
});

describe('host controls', () => {
  test('kickPlayer frees the seat and the player cannot come back; refusals in order', async () => {
    const [ann, bob, cid, dan] = players;
    const game = await ok('createGame', { preset: 'PERUDO' }, ann!);
    await ok('joinGame', { gameId: game.id }, bob!);
    await ok('joinGame', { gameId: game.id }, cid!);
    expect(await refused('kickPlayer', { gameId: game.id, position: 1 }, bob!)).toEqual([
      'NOT_HOST',
      'only the host can kick a player',
    ]);
    expect(await refused('kickPlayer', { gameId: game.id, position: 3 }, ann!)).toEqual([
      'NOT_IN_GAME',
      'there is no seat 3: seats are 0 to 2',
    ]);
    expect(await refused('kickPlayer', { gameId: game.id, position: 0 }, ann!)).toEqual([
      'INVALID_SEAT',
      'seat 0 is your own',
    ]);
    const kicked = await ok('kickPlayer', { gameId: game.id, position: 1 }, ann!);
    expect(ids(kicked)).toEqual([ann!.id, cid!.id]);
    expect(await refused('joinGame', { gameId: game.id }, bob!)).toEqual([
      'KICKED',
      'the host removed you from this game: you cannot join it again',
    ]);
    // A bot's seat may be kicked, not handed the host role.
    await ok('addBot', { gameId: game.id }, ann!);
    expect(await refused('transferHost', { gameId: game.id, position: 2 }, ann!)).toEqual([
      'INVALID_SEAT',
      "seat 2 is a bot's: bots cannot host",
    ]);
    expect(ids(await ok('kickPlayer', { gameId: game.id, position: 2 }, ann!))).toEqual([ann!.id, cid!.id]);
    const handed = await ok('transferHost', { gameId: game.id, position: 1 }, ann!);
    expect(handed.host.id).toBe(cid!.id);
    await ok('joinGame', { gameId: game.id }, dan!);
    await ok('startGame', { gameId: game.id }, cid!);
    expect((await refused('kickPlayer', { gameId: game.id, position: 0 }, cid!))[0]).toBe(
      'GAME_NOT_IN_LOBBY',
    );
  });

  test('the events: PLAYER_KICKED names the kicked player; a leaving host: PLAYER_LEFT, then HOST_CHANGED', async () => {
    const [ann, bob, cid] = players;
    const game = await ok('createGame', { preset: 'PERUDO' }, ann!);
    await ok('joinGame', { gameId: game.id }, bob!);
    await ok('joinGame', { gameId: game.id }, cid!);
    await ok('kickPlayer', { gameId: game.id, position: 2 }, ann!);
    await ok('leaveGame', { gameId: game.id }, ann!);
    const r = await gql<{ game: { version: number; events: unknown[] } }>(
      api.url,
      `query($id: ID!) { game(id: $id) { version events(afterSeq: 4) { seq type player { id } game { version host { id } } } } }`,
      { id: game.id },
      bob!.token,
    );
    expect(r.text).not.toContain('errors');
    expect(r.body.data!.game.events).toEqual([
      { seq: 5, type: 'PLAYER_KICKED', player: { id: cid!.id }, game: { version: 4, host: { id: ann!.id } } },
      { seq: 6, type: 'PLAYER_LEFT', player: { id: ann!.id }, game: { version: 5, host: { id: bob!.id } } },
      { seq: 7, type: 'HOST_CHANGED', player: { id: bob!.id }, game: { version: 6, host: { id: bob!.id } } },
    ]);
  });
});

describe('rematch', () => {
  test('refusals: unfinished game, a player not seated; created once with the bots carried over', async () => {
    const [ann, bob, cid] = players;
    const game = await ok('createGame', { preset: 'PERUDO', name: 'Again', turnSeconds: 60 }, ann!);
    await ok('joinGame', { gameId: game.id }, bob!);
    const withBot = await ok('addBot', { gameId: game.id, level: 'HARD' }, ann!);
    const bot = withBot.seats[2]!.player;
    expect((await refused('rematch', { gameId: game.id }, ann!))[0]).toBe('GAME_NOT_FINISHED');
    await ok('startGame', { gameId: game.id }, ann!);
    await ok('leaveGame', { gameId: game.id }, ann!);
    await ok('leaveGame', { gameId: game.id }, bob!);
    expect((await gameAs(game.id, ann!))!.status).toBe('FINISHED');
    expect(await refused('rematch', { gameId: game.id }, cid!)).toEqual([
      'NOT_SEATED',
      'only the players seated in the game can ask for a rematch',
    ]);
    const next = await ok('rematch', { gameId: game.id }, bob!);
    expect(next).toMatchObject({ status: 'LOBBY', host: { id: bob!.id }, previousGame: { id: game.id } });
    expect(next.seats.map((s) => [s.player.id, s.player.botLevel])).toEqual([
      [bob!.id, null],
      [bot.id, 'HARD'],
    ]);
    const old = await gameAs(game.id, cid!);
    expect(old!.rematch).toEqual({ id: next.id });
    const r = await gql<{ game: { events: unknown[] } }>(
      api.url,
      `query($id: ID!) { game(id: $id) { events(afterSeq: 0, first: 100) { type player { id } rematch { id name } } } }`,
      { id: game.id },
      cid!.token,
    );
    expect(r.text).not.toContain('errors');
    const nodes = r.body.data!.game.events as { type: string }[];
    expect(nodes[nodes.length - 1]).toEqual({
      type: 'REMATCH_CREATED',
      player: { id: bob!.id },
      rematch: { id: next.id, name: 'Again' },
    });
    // Ann is seated in the same new game; asking again gives it back.
    const again = await ok('rematch', { gameId: game.id }, ann!);
    expect(again.id).toBe(next.id);
    expect(ids(await ok('rematch', { gameId: game.id }, ann!))).toEqual([bob!.id, bot.id, ann!.id]);
    // Once it started, a later caller gets GAME_NOT_IN_LOBBY (none left to ask here: the new game started).
    await ok('startGame', { gameId: next.id }, bob!);
    expect((await ok('rematch', { gameId: game.id }, ann!)).id).toBe(next.id);
  });

  test('a later caller: KICKED when kicked from the rematch, GAME_NOT_IN_LOBBY once it started', async () => {
    const [ann, bob, cid, dan] = players;
    const game = await ok('createGame', { preset: 'PERUDO' }, ann!);
    for (const p of [bob, cid, dan]) await ok('joinGame', { gameId: game.id }, p!);
    await ok('startGame', { gameId: game.id }, ann!);
    for (const p of [bob, cid, dan]) await ok('leaveGame', { gameId: game.id }, p!);
    const next = await ok('rematch', { gameId: game.id }, ann!);
    await ok('rematch', { gameId: game.id }, bob!);
    const kicked = await ok('kickPlayer', { gameId: next.id, position: 1 }, ann!);
    expect(ids(kicked)).toEqual([ann!.id]);
    expect(await refused('rematch', { gameId: game.id }, bob!)).toEqual([
      'KICKED',
      'the host removed you from this game: you cannot join it again',
    ]);
    await ok('rematch', { gameId: game.id }, cid!);
    await ok('startGame', { gameId: next.id }, ann!);
    expect(await refused('rematch', { gameId: game.id }, dan!)).toEqual([
      'GAME_NOT_IN_LOBBY',
      'players can join only while the game is in its lobby',
    ]);
  });

  test('concurrent first calls by every player create one game', async () => {
    const four = players.slice(0, 4);
    const game = await ok('createGame', { preset: 'PERUDO' }, four[0]!);
    for (const p of four.slice(1)) await ok('joinGame', { gameId: game.id }, p);
    await ok('startGame', { gameId: game.id }, four[0]!);
    for (const p of four.slice(1)) await ok('leaveGame', { gameId: game.id }, p);
    const results = await Promise.all(four.map((p) => ok('rematch', { gameId: game.id }, p)));
    const rematchIds = new Set(results.map((g) => g.id));
    expect(rematchIds.size).toBe(1);
    const final = await gameAs([...rematchIds][0]!, four[0]!);
    expect(new Set(ids(final!))).toEqual(new Set(four.map((p) => p.id)));
    const [row] = await api.sql<{ n: string }>(
      `SELECT count(*) AS n FROM games g JOIN games p ON p.id = g.previous_game_id
        WHERE p.created_at = (SELECT max(created_at) FROM games WHERE status = 'FINISHED')`,
    );
    expect(row!.n).toBe('1');
  });
});

describe('quick play', () => {
  test('bounds are BAD_USER_INPUT', async () => {
    for (const [input, message] of [
      [{ preset: 'PERUDO', players: 1 }, 'players must be an integer from 2 to 10'],
      [{ preset: 'PERUDO', players: 11 }, 'players must be an integer from 2 to 10'],
      [{ preset: 'PERUDO', botFillSeconds: -1 }, 'botFillSeconds must be an integer from 0 to 300'],
      [{ preset: 'PERUDO', botFillSeconds: 301 }, 'botFillSeconds must be an integer from 0 to 300'],
    ] as const) {
      const r = await gql(
        api.url,
        'mutation($input: QuickPlayInput!) { quickPlay(input: $input) { game { id } } }',
        { input },
        players[0]!.token,
      );
      expect(errorsOf(r).map((e) => [e.extensions?.code, e.message])).toEqual([['BAD_USER_INPUT', message]]);
    }
  });

  test('callers fill the oldest table; the last seat starts it; a caller gets their table back', async () => {
    const [a, b, c] = players;
    const first = await ok('quickPlay', { preset: 'LIARS_DICE', players: 3 }, a!);
    expect(first).toMatchObject({ status: 'LOBBY', maxPlayers: 3, host: { id: a!.id } });
    expect((await ok('quickPlay', { preset: 'LIARS_DICE', players: 3 }, a!)).id).toBe(first.id);
    expect((await ok('quickPlay', { preset: 'LIARS_DICE', players: 3 }, b!)).id).toBe(first.id);
    const full = await ok('quickPlay', { preset: 'LIARS_DICE', players: 3 }, c!);
    expect(full).toMatchObject({ id: first.id, status: 'IN_PROGRESS' });
    expect(ids(full)).toEqual([a!.id, b!.id, c!.id]);
    // A table of another size is another kind.
    const other = await ok('quickPlay', { preset: 'LIARS_DICE', players: 2 }, a!);
    expect(other.id).not.toBe(first.id);
  });

  test('botFillSeconds 0 fills and starts the table before quickPlay returns', async () => {
    const game = await ok('quickPlay', { preset: 'PUB', players: 4, botFillSeconds: 0 }, players[5]!);
    expect(game.status).toBe('IN_PROGRESS');
    expect(game.seats.map((s) => s.player.botLevel)).toEqual([null, 'NORMAL', 'NORMAL', 'NORMAL']);
  });

  test('bots fill the free seats botFillSeconds after creation, and it starts', async () => {
    const game = await ok('quickPlay', { preset: 'CLASSIC', players: 3, botFillSeconds: 1 }, players[6]!);
    expect(game.status).toBe('LOBBY');
    const started = await until('the bot fill', async () => {
      const g = await gameAs(game.id, players[6]!);
      return g!.status === 'IN_PROGRESS' ? g : null;
    });
    expect(started!.seats.map((s) => s.player.botLevel)).toEqual([null, 'NORMAL', 'NORMAL']);
  });
});
