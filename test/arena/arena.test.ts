// The arena on one API process: who may join, input bounds, matching under concurrency, the reference bot fill
// and the turn timer playing an agent that stopped answering; people's leaderboard never lists an agent.
import { TestApi } from '../support/api-harness';
import { accepted, gql, mutate, onlyError, registerPlayer, type Player } from '../support/graphql-client';
import { keyOf } from '../support/sql';
import { until } from '../support/timing';
import { arenaJoin, arenaJoinReply, playArenaGame, registerAgent } from './arena-agents';

let api: TestApi;
let owner: Player;

beforeAll(async () => {
  api = await TestApi.start({ server: { botDelayMs: 0, ratingIntervalMs: 500 } });
  owner = await registerPlayer(api.url, 'Owner');
}, 30_000);

afterAll(async () => {
  await api.close();
});

const gameKey = (id: string) => keyOf(id);

test('a person is NOT_AN_AGENT; seats and turnSeconds out of bounds are BAD_USER_INPUT', async () => {
  const reply = await arenaJoinReply(api.url, owner, { preset: 'PERUDO', clientMutationId: 'm1' });
  expect(reply.body.data!.arenaJoin).toEqual({
    game: null,
    userErrors: [
      {
        code: 'NOT_AN_AGENT',
        message: "only an agent (a program's account) can join the arena",
        field: null,
      },
    ],
    clientMutationId: 'm1',
  });
  const agent = await registerAgent(api.url, api.database.url, 'Bounds agent', owner);
  const seats = onlyError(await arenaJoinReply(api.url, agent, { preset: 'PERUDO', seats: 5 }));
  expect([seats.extensions?.code, seats.message]).toEqual([
    'BAD_USER_INPUT',
    'seats must be an integer from 2 to 4',
  ]);
  const turn = onlyError(await arenaJoinReply(api.url, agent, { preset: 'PERUDO', turnSeconds: 4 }));
  expect([turn.extensions?.code, turn.message]).toEqual([
    'BAD_USER_INPUT',
    'turnSeconds must be an integer from 5 to 120',
  ]);
  const fill = onlyError(await arenaJoinReply(api.url, agent, { preset: 'PERUDO', fillSeconds: 301 }));
  expect(fill.message).toBe('fillSeconds must be an integer from 0 to 300');
  expect(await api.sql('SELECT id FROM games')).toEqual([]);
  // Nor may a person take a seat at an arena table by its id.
  const table = await arenaJoin(api.url, agent, { preset: 'PERUDO', seats: 3, fillSeconds: 300 });
  const joined = await gql(
    api.url,
    'mutation($input: GameInput!) { joinGame(input: $input) { game { id } userErrors { code message } } }',
    { input: { gameId: table.id } },
    owner.token,
  );
  expect(joined.body.data).toEqual({
    joinGame: {
      game: { id: table.id },
      userErrors: [
        {
          code: 'NOT_AN_AGENT',
          message:
            'arena tables seat agents only (and the reference bots the arena fills them with): a person plays at other tables (createGame, quickPlay)',
        },
      ],
    },
  });
});

test('two concurrent joins fill one table, which starts with the arena options', async () => {
  const [a, b] = await Promise.all([
    registerAgent(api.url, api.database.url, 'Pair A', owner),
    registerAgent(api.url, api.database.url, 'Pair B', owner),
  ]);
  const input = { preset: 'PERUDO', seats: 2, turnSeconds: 5, fillSeconds: 300 };
  const [ga, gb] = await Promise.all([arenaJoin(api.url, a, input), arenaJoin(api.url, b, input)]);
  expect(ga.id).toBe(gb.id);
  const rows = await api.sql<{
    status: string;
    arena_key: string;
    quick_play_key: string | null;
    seats: string;
  }>(
    `SELECT status::text, arena_key, quick_play_key,
            (SELECT count(*) FROM seats s WHERE s.game_id = g.id)::text AS seats
       FROM games g WHERE id = $1`,
    [gameKey(ga.id)],
  );
  expect(rows).toEqual([
    { status: 'IN_PROGRESS', arena_key: 'PERUDO:2:5', quick_play_key: null, seats: '2' },
  ]);
  const view = await gql<{ game: Record<string, unknown> }>(
    api.url,
    `query($id: ID!) { game(id: $id) { arena rated turnSeconds timeoutsToForfeit visibility allowSpectators
       chatEnabled awayAfterTimeouts status seats { player { isBot } } } }`,
    { id: ga.id },
  );
  expect(view.body.data!.game).toEqual({
    arena: true,
    rated: false,
    turnSeconds: 5,
    timeoutsToForfeit: 3,
    visibility: 'PUBLIC',
    allowSpectators: true,
    chatEnabled: false,
    awayAfterTimeouts: false,
    status: 'IN_PROGRESS',
    seats: [{ player: { isBot: false } }, { player: { isBot: false } }],
  });
});

interface Seat {
  position: number;
  player: { id: string; name: string; isBot: boolean; botLevel: string | null };
}

async function gameOf(id: string) {
  const reply = await gql<{ game: { status: string; seats: Seat[] } }>(
    api.url,
    `query($id: ID!) { game(id: $id) { status seats { position player { id name isBot botLevel } } } }`,
    { id },
  );
  return reply.body.data!.game;
}

test('fillSeconds after creation the reference bots fill the table and it starts; a silent agent is played by the timer, forfeited after 3 timeouts, and the game finishes', async () => {
  const silent = await registerAgent(api.url, api.database.url, 'Silent agent', owner);
  const created = await arenaJoin(api.url, silent, {
    preset: 'PUB',
    seats: 4,
    turnSeconds: 5,
    fillSeconds: 1,
  });
  expect([created.status, created.seats.length, created.arena]).toEqual(['LOBBY', 1, true]);
  const started = await until('the fill', async () => {
    const game = await gameOf(created.id);
    return game.status === 'IN_PROGRESS' && game;
  });
  expect(started.seats.map((s) => [s.position, s.player.name, s.player.isBot, s.player.botLevel])).toEqual([
    [0, 'Silent agent', false, null],
    [1, 'Arena Easy', true, 'EASY'],
    [2, 'Arena Normal', true, 'NORMAL'],
    [3, 'Arena Hard', true, 'HARD'],
  ]);
  const references = await api.sql<{ name: string; bot_level: string; arena_reference: string }>(
    `SELECT name, bot_level::text, arena_reference::text FROM players
      WHERE arena_reference IS NOT NULL ORDER BY name`,
  );
  expect(references).toEqual([
    { name: 'Arena Easy', bot_level: 'EASY', arena_reference: 'EASY' },
    { name: 'Arena Hard', bot_level: 'HARD', arena_reference: 'HARD' },
    { name: 'Arena Normal', bot_level: 'NORMAL', arena_reference: 'NORMAL' },
  ]);

  await until(
    'the game to finish',
    async () => (await gameOf(created.id)).status === 'FINISHED',
    120_000,
    250,
  );
  const id = gameKey(created.id);
  const timeouts = await api.sql<{ forfeited: boolean }>(
    `SELECT (payload->>'forfeited')::boolean AS forfeited FROM game_events
      WHERE game_id = $1 AND type = 'TURN_TIMED_OUT' AND (payload->>'seat')::int = 0 ORDER BY seq`,
    [id],
  );
  expect(timeouts).toEqual([{ forfeited: false }, { forfeited: false }, { forfeited: true }]);
  // Every bid or call of the silent seat was the timer's.
  const moves = await api.sql<{ type: string; timed_out: boolean; by_bot: boolean }>(
    `SELECT type, COALESCE((payload->>'timedOut')::boolean, false) AS timed_out,
            COALESCE((payload->>'byBot')::boolean, false) AS by_bot
       FROM game_events
      WHERE game_id = $1 AND type IN ('BID_PLACED', 'DUDO_CALLED', 'EXACT_CALLED') AND (payload->>'seat')::int = 0`,
    [id],
  );
  expect(moves.length).toBeGreaterThanOrEqual(2);
  expect(moves.every((m) => m.timed_out && m.by_bot)).toBe(true);

  // The game is rated in the agent pool once, every seat by place; no person's pool is touched.
  await until('the arena game to be rated', async () => {
    const rows = await api.sql('SELECT 1 FROM rating_games WHERE game_id = $1 AND counted', [id]);
    return rows.length === 1;
  });
  const changes = await api.sql<{ name: string; games_before: number }>(
    `SELECT p.name, c.games_before FROM rating_changes c JOIN players p ON p.id = c.player_id
      WHERE c.game_id = $1 ORDER BY p.name`,
    [id],
  );
  expect(changes).toEqual([
    { name: 'Arena Easy', games_before: 0 },
    { name: 'Arena Hard', games_before: 0 },
    { name: 'Arena Normal', games_before: 0 },
    { name: 'Silent agent', games_before: 0 },
  ]);
  const boards = await gql<{
    leaderboard: { edges: unknown[] };
    agentLeaderboard: { edges: { node: { rank: number; player: { name: string } } }[] };
  }>(
    api.url,
    `{ leaderboard(preset: PUB, includeProvisional: true) { edges { node { player { name } } } }
       agentLeaderboard(preset: PUB, includeProvisional: true) { edges { node { rank player { name } } } } }`,
  );
  expect(boards.body.data!.leaderboard.edges).toEqual([]);
  expect(boards.body.data!.agentLeaderboard.edges.map((e) => e.node.player.name).sort()).toEqual([
    'Arena Easy',
    'Arena Hard',
    'Arena Normal',
    'Silent agent',
  ]);
  expect(boards.body.data!.agentLeaderboard.edges.map((e) => e.node.rank)).toEqual([1, 2, 3, 4]);
  // Player.rating, ratingHistory and the places' ratings answer for reference bots and agents.
  const easy = started.seats[1]!.player.id;
  const reads = await gql<{
    player: { rating: { games: number }; ratingHistory: { edges: { node: { after: { games: number } } }[] } };
    game: { places: { ratingBefore: unknown; ratingAfter: { games: number } | null }[] };
  }>(
    api.url,
    `query($player: ID!, $game: ID!) {
       player(id: $player) { rating(preset: PUB) { games } ratingHistory(preset: PUB) { edges { node { after { games } } } } }
       game(id: $game) { places { ratingBefore { games } ratingAfter { games } } } }`,
    { player: easy, game: created.id },
  );
  expect(reads.body.data).toEqual({
    player: { rating: { games: 1 }, ratingHistory: { edges: [{ node: { after: { games: 1 } } }] } },
    game: { places: Array(4).fill({ ratingBefore: null, ratingAfter: { games: 1 } }) },
  });
  // Provisional ratings stay off by default.
  const established = await gql<{ agentLeaderboard: { edges: unknown[] } }>(
    api.url,
    '{ agentLeaderboard(preset: PUB) { edges { cursor } } }',
  );
  expect(established.body.data!.agentLeaderboard.edges).toEqual([]);

  // A fill after that game seats the levels with the fewest rated PUB arena games first: all have one, so
  // EASY then NORMAL; fillSeconds 0 fills and starts it at once.
  const next = await registerAgent(api.url, api.database.url, 'Quick agent', owner);
  const filled = await arenaJoin(api.url, next, { preset: 'PUB', seats: 3, turnSeconds: 5, fillSeconds: 0 });
  expect([filled.status, filled.seats.map((s) => s.player.botLevel)]).toEqual([
    'IN_PROGRESS',
    [null, 'EASY', 'NORMAL'],
  ]);
  // Once that game is rated, HARD has the fewest rated PUB arena games (1 to 2): it is seated first, then
  // EASY before NORMAL (a tie).
  await until(
    'the second game rated',
    async () =>
      (await api.sql('SELECT 1 FROM rating_games WHERE game_id = $1', [gameKey(filled.id)])).length === 1,
    60_000,
    250,
  );
  const last = await registerAgent(api.url, api.database.url, 'Last agent', owner);
  const third = await arenaJoin(api.url, last, { preset: 'PUB', seats: 3, turnSeconds: 6, fillSeconds: 0 });
  expect(third.seats.map((s) => s.player.name)).toEqual(['Last agent', 'Arena Hard', 'Arena Easy']);
}, 180_000);

test("an agent playing a rated people's game is left out of people's ratings and leaderboard", async () => {
  const [p1, p2] = await Promise.all([
    registerPlayer(api.url, 'Person one'),
    registerPlayer(api.url, 'Person two'),
  ]);
  const agent = await registerAgent(api.url, api.database.url, 'Guest agent', owner);
  const input = { preset: 'PERUDO', overrides: { startingDice: 1 }, allowAgents: true };
  const game = accepted(await mutate(api.url, 'createGame', input, p1.token), 'createGame');
  for (const p of [p2, agent])
    accepted(await mutate(api.url, 'joinGame', { gameId: game.id }, p.token), 'join');
  accepted(await mutate(api.url, 'startGame', { gameId: game.id }, p1.token), 'start');
  await Promise.all([p1, p2, agent].map((p) => playArenaGame(api.url, p, game.id, 60_000)));
  const id = gameKey(game.id);
  await until('the game to be rated', async () => {
    const rows = await api.sql('SELECT 1 FROM rating_games WHERE game_id = $1', [id]);
    return rows.length === 1;
  });
  // The agent (seat 2) made a move itself: a mover, were it a person.
  const own = await api.sql(
    `SELECT 1 FROM game_events WHERE game_id = $1 AND type IN ('BID_PLACED', 'DUDO_CALLED')
        AND (payload->>'seat')::int = 2 AND NOT COALESCE((payload->>'byBot')::boolean, false)`,
    [id],
  );
  expect(own.length).toBeGreaterThanOrEqual(1);
  const rated = await api.sql<{ name: string }>(
    `SELECT p.name FROM rating_changes c JOIN players p ON p.id = c.player_id WHERE c.game_id = $1 ORDER BY p.name`,
    [id],
  );
  expect(rated).toEqual([{ name: 'Person one' }, { name: 'Person two' }]);
  const board = await gql<{ leaderboard: { edges: { node: { player: { name: string } } }[] } }>(
    api.url,
    '{ leaderboard(preset: PERUDO, includeProvisional: true) { edges { node { player { name } } } } }',
  );
  expect(board.body.data!.leaderboard.edges.map((e) => e.node.player.name).sort()).toEqual([
    'Person one',
    'Person two',
  ]);
}, 90_000);

test('an agent asks for a reference bot: it sits with the agent, once a table, and the fill takes the other levels', async () => {
  const [a, b, c, d, e] = await Promise.all(
    ['Asker A', 'Asker B', 'Asker C', 'Asker D', 'Asker E'].map((n) =>
      registerAgent(api.url, api.database.url, n, owner),
    ),
  );
  const seatsOf = (g: { seats: { player: { name: string; botLevel: string | null } }[] }) =>
    g.seats.map((s) => [s.player.name, s.player.botLevel]);
  // Two seats: the agent and its bot fill the table, which starts at once.
  const duel = await arenaJoin(api.url, a, {
    preset: 'PERUDO',
    seats: 2,
    turnSeconds: 7,
    fillSeconds: 300,
    referenceBot: 'HARD',
  });
  expect([duel.status, seatsOf(duel)]).toEqual([
    'IN_PROGRESS',
    [
      ['Asker A', null],
      ['Arena Hard', 'HARD'],
    ],
  ]);
  // Four seats: B's table seats EASY, so C (asking for EASY too) gets a table of its own, and D (NORMAL)
  // joins B's, the oldest with room for both, which is then full and starts.
  const input = { preset: 'PERUDO', seats: 4, turnSeconds: 8, fillSeconds: 300 };
  const tb = await arenaJoin(api.url, b, { ...input, referenceBot: 'EASY' });
  expect([tb.status, seatsOf(tb)]).toEqual([
    'LOBBY',
    [
      ['Asker B', null],
      ['Arena Easy', 'EASY'],
    ],
  ]);
  const tc = await arenaJoin(api.url, c, { ...input, referenceBot: 'EASY' });
  expect(tc.id).not.toBe(tb.id);
  const td = await arenaJoin(api.url, d, { ...input, referenceBot: 'NORMAL' });
  expect([td.id, td.status, seatsOf(td)]).toEqual([
    tb.id,
    'IN_PROGRESS',
    [
      ['Asker B', null],
      ['Arena Easy', 'EASY'],
      ['Asker D', null],
      ['Arena Normal', 'NORMAL'],
    ],
  ]);
  // Asking again at one's table changes nothing; another level joins it.
  const again = await arenaJoin(api.url, c, { ...input, referenceBot: 'EASY' });
  expect([again.id, seatsOf(again)]).toEqual([
    tc.id,
    [
      ['Asker C', null],
      ['Arena Easy', 'EASY'],
    ],
  ]);
  const more = await arenaJoin(api.url, c, { ...input, referenceBot: 'HARD' });
  expect([more.id, more.status, seatsOf(more)]).toEqual([
    tc.id,
    'LOBBY',
    [
      ['Asker C', null],
      ['Arena Easy', 'EASY'],
      ['Arena Hard', 'HARD'],
    ],
  ]);
  // A fill due at once seats the levels not there yet, after the bot asked for.
  const filled = await arenaJoin(api.url, e, {
    preset: 'PERUDO',
    seats: 4,
    turnSeconds: 9,
    fillSeconds: 0,
    referenceBot: 'NORMAL',
  });
  expect(filled.status).toBe('IN_PROGRESS');
  expect(seatsOf(filled).slice(0, 2)).toEqual([
    ['Asker E', null],
    ['Arena Normal', 'NORMAL'],
  ]);
  expect(
    seatsOf(filled)
      .slice(2)
      .map(([, level]) => level)
      .sort(),
  ).toEqual(['EASY', 'HARD']);
  const bad = onlyError(await arenaJoinReply(api.url, a, { ...input, referenceBot: 'GODLIKE' }));
  expect(bad.message).toContain('Value "GODLIKE" does not exist in "BotLevel" enum.');
}, 60_000);
