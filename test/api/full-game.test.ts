import {
  type BotView,
  type BotMove,
  botRng,
  type GameData,
  playTurn,
  type Preset,
  type RoundData,
  ROUNDS_PAGE_QUERY,
  type RoundsPage,
  RULES_FIELDS,
  type RulesData,
  TestApi,
} from '../support/api-harness';
import { accepted, dataOf, payloadOf, type Player } from '../support/graphql-client';
import { checkHistory, recordSeen, type SeenDice } from '../support/round-checks';

/**
 * One full game in each preset, from registration to a winner, through HTTP only. The lobbies are set up one
 * after the other; the games are then played at the same time (each test checks its own).
 */

interface Stats {
  gamesPlayed: number;
  gamesFinished: number;
  gamesWon: number;
  gamesInProgress: number;
}

interface PlayedGame {
  players: Player[];
  created: GameData;
  started: GameData;
  /** Version after the start. */
  startVersion: number;
  moves: BotMove[];
  seen: SeenDice;
}

const GAMES: [Preset, number, number][] = [
  ['CLASSIC', 4, 101],
  ['PERUDO', 3, 202],
  ['LIARS_DICE', 3, 303],
  ['PUB', 4, 404],
];

let api: TestApi;
let presets: Map<Preset, RulesData>;
/** Sits in every game, so that its stats add up over several games. */
let regular: Player;
const played = new Map<Preset, Promise<PlayedGame>>();

async function statsOf(player: Player): Promise<Stats> {
  const data = dataOf(
    await api.gql<{ player: { stats: Stats } }>(
      `query($id: ID!) { player(id: $id) { stats { gamesPlayed gamesFinished gamesWon gamesInProgress } } }`,
      { id: player.id },
    ),
  );
  return data.player.stats;
}

/** Registration, the lobby and the start, with every step checked. */
async function setUp(preset: Preset, playerCount: number): Promise<Omit<PlayedGame, 'moves' | 'seen'>> {
  const others = await api.registerPlayers(
    Array.from({ length: playerCount - 1 }, (_, i) => `${preset} player ${i + 2}`),
  );
  const players = [regular, ...others];
  for (const p of others) {
    expect(await statsOf(p)).toEqual({ gamesPlayed: 0, gamesFinished: 0, gamesWon: 0, gamesInProgress: 0 });
  }

  // The creator takes seat 0; every join is one accepted change.
  const created = await api.createGame(regular, { preset, name: `${preset} table` });
  expect(created.status).toBe('LOBBY');
  expect(created.version).toBe(1);
  expect(created.name).toBe(`${preset} table`);
  expect(created.maxPlayers).toBe(presets.get(preset)!.maxPlayers);
  expect(created.rules).toEqual(presets.get(preset));
  expect(created.host.id).toBe(regular.id);
  expect(created.seats.map((s) => [s.position, s.player.id, s.diceCount])).toEqual([[0, regular.id, 0]]);
  expect(created.currentRound).toBeNull();
  expect(created.turn).toBeNull();
  let version = created.version;
  for (const [i, p] of others.entries()) {
    const joined = accepted(await api.mutate('joinGame', p, { gameId: created.id }), 'joinGame');
    expect(joined.version).toBe(++version);
    expect(joined.seats.map((s) => s.player.id)).toEqual(players.slice(0, i + 2).map((q) => q.id));
    expect(joined.viewerSeat).toEqual({ position: i + 1 });
  }
  const started = accepted(
    await api.mutate('startGame', regular, { gameId: created.id, expectedVersion: version }),
    'startGame',
  );
  expect(started.version).toBe(++version);
  expect(started.status).toBe('IN_PROGRESS');
  expect(started.startedAt).not.toBeNull();
  expect(started.finishedAt).toBeNull();
  expect(started.seats.map((s) => s.diceCount)).toEqual(players.map(() => started.rules.startingDice));
  expect(started.seats.map((s) => s.dice?.length ?? null)).toEqual(
    players.map((_, i) => (i === 0 ? started.rules.startingDice : null)),
  );
  expect(started.currentRound!.number).toBe(1);
  expect(started.currentRound!.bids).toEqual([]);
  expect(started.turn).toEqual(started.currentRound!.starter);
  for (const p of others) {
    expect(await statsOf(p)).toEqual({ gamesPlayed: 1, gamesFinished: 0, gamesWon: 0, gamesInProgress: 1 });
  }
  return { players, created, started, startVersion: version };
}

/** Plays to the end; every move must be accepted and raise the version by exactly 1. */
async function play(setup: Omit<PlayedGame, 'moves' | 'seen'>, seed: number): Promise<PlayedGame> {
  const rng = botRng(seed);
  const seen: SeenDice = new Map();
  const moves: BotMove[] = [];
  let game: BotView = setup.started;
  let version = setup.startVersion;
  while (game.status === 'IN_PROGRESS') {
    if (moves.length > 1500) throw new Error('the game does not end');
    const m = await playTurn(api, game, setup.players, { rng, exactRate: 0.6, outOfTurnExactRate: 0.3 });
    expect(m.versionBefore).toBe(version);
    expect(m.game.version).toBe(++version);
    recordSeen(seen, m.roundNumber, m.seat, m.dice);
    moves.push(m);
    game = m.game;
  }
  return { ...setup, moves, seen };
}

beforeAll(async () => {
  api = await TestApi.start();
  regular = await api.registerPlayer('Regular');
  const data = dataOf(await api.gql<{ rulePresets: RulesData[] }>(`{ rulePresets { ${RULES_FIELDS} } }`));
  presets = new Map(data.rulePresets.map((r) => [r.preset, r]));
  // Lobbies one after the other (so the history order is known), then all games played at once.
  let lobbies: Promise<unknown> = Promise.resolve();
  for (const [preset, playerCount, seed] of GAMES) {
    const setup = lobbies.then(() => setUp(preset, playerCount));
    lobbies = setup.catch(() => undefined);
    const game = setup.then((s) => play(s, seed));
    game.catch(() => undefined); // reported by the test that awaits it
    played.set(preset, game);
  }
});

afterAll(async () => {
  await Promise.allSettled(played.values());
  await api?.close();
});

async function roundsPage(gameId: string, first: number, after: string | null): Promise<RoundsPage> {
  const data = dataOf(
    await api.gql<{ game: { rounds: RoundsPage } }>(ROUNDS_PAGE_QUERY, { id: gameId, first, after }),
  );
  return data.game.rounds;
}

/** Reads the whole history a few rounds at a time and checks that the pages fit together. */
async function pagedRounds(gameId: string, pageSize: number): Promise<RoundData[]> {
  const all = (await roundsPage(gameId, 100, null)).nodes;
  const rounds: RoundData[] = [];
  let after: string | null = null;
  let lastCursor: string | null = null;
  for (let page = 0; ; page++) {
    const p: RoundsPage = await roundsPage(gameId, pageSize, after);
    const expected = all.slice(page * pageSize, (page + 1) * pageSize);
    expect(p.totalCount).toBe(all.length);
    expect(p.nodes).toEqual(expected);
    expect(p.edges.map((e) => e.node.number)).toEqual(expected.map((r) => r.number));
    expect(p.pageInfo).toEqual({
      hasNextPage: (page + 1) * pageSize < all.length,
      hasPreviousPage: page > 0,
      startCursor: p.edges[0]!.cursor,
      endCursor: p.edges[p.edges.length - 1]!.cursor,
    });
    rounds.push(...p.nodes);
    lastCursor = p.pageInfo.endCursor;
    if (!p.pageInfo.hasNextPage) break;
    after = p.pageInfo.endCursor;
  }
  expect(rounds).toEqual(all);
  expect(rounds.map((r) => r.number)).toEqual(all.map((_, i) => i + 1));
  // A cursor names a place in the history: the page after round 1 starts at round 2.
  const afterFirst = await roundsPage(gameId, 2, (await roundsPage(gameId, 1, null)).pageInfo.endCursor);
  expect(afterFirst.nodes.map((r) => r.number)).toEqual([2, 3]);
  expect(afterFirst.pageInfo.hasPreviousPage).toBe(true);
  const empty = await roundsPage(gameId, 0, null);
  expect(empty.edges).toEqual([]);
  expect(empty.pageInfo).toEqual({
    hasNextPage: true,
    hasPreviousPage: false,
    startCursor: null,
    endCursor: null,
  });
  // Nothing follows the last round.
  const past = await roundsPage(gameId, 5, lastCursor);
  expect([past.nodes, past.pageInfo.hasNextPage, past.pageInfo.hasPreviousPage]).toEqual([[], false, true]);
  return rounds;
}

describe.each(GAMES)('a full game of %s with %i players', (preset, playerCount) => {
  it('is played from registration to a winner exactly as the rules say', async () => {
    const { players, created, startVersion, moves, seen } = await played.get(preset)!;
    expect(players.length).toBe(playerCount);

    // The end, as an anonymous client sees it.
    const final = await api.mustGame(created.id);
    expect(final.status).toBe('FINISHED');
    expect(final.version).toBe(startVersion + moves.length);
    expect(final.version).toBe(1 + (playerCount - 1) + 1 + moves.length);
    expect(final.turn).toBeNull();
    expect(final.currentRound).toBeNull();
    expect(final.legalActions).toBeNull();
    expect(final.finishedAt).not.toBeNull();
    const alive = final.seats.filter((s) => s.diceCount > 0);
    expect(alive.length).toBe(1);
    expect(final.winner).toEqual(alive[0]!.player);
    expect(final.seats.map((s) => s.eliminated)).toEqual(final.seats.map((s) => s.diceCount === 0));
    expect(final.seats.map((s) => [s.dice, s.left])).toEqual(final.seats.map(() => [null, false]));

    // Every round checked against its reveal and the rules.
    const rounds = await pagedRounds(created.id, 3);
    const history = checkHistory(final.rules, final, rounds, seen);
    expect(final.seats.map((s) => s.diceCount)).toEqual(history.counts);
    expect(final.seats.map((s) => s.hasBeenPalifico)).toEqual(history.palificoSeats);
    const calls = moves.filter((m) => m.kind !== 'BID');
    expect(rounds.map((r) => [r.number, r.outcome!.kind, r.outcome!.caller.position])).toEqual(
      calls.map((m) => [m.roundNumber, m.kind, m.seat]),
    );
    expect(rounds.flatMap((r) => r.bids.map((b) => [r.number, b.seat.position, b.quantity, b.face]))).toEqual(
      moves.filter((m) => m.kind === 'BID').map((m) => [m.roundNumber, m.seat, m.bid!.quantity, m.bid!.face]),
    );
    // Each player saw its own dice in every round it played in.
    for (const round of rounds) {
      for (const hand of round.reveal!) {
        const bySeat = seen.get(round.number)!;
        if (moves.some((m) => m.roundNumber === round.number && m.seat === hand.seat.position)) {
          expect(bySeat.get(hand.seat.position)).toEqual(hand.dice);
        }
      }
    }
    if (final.rules.exact === 'NONE') expect(history.exactCalls).toBe(0);
    else expect(history.exactCalls).toBeGreaterThan(0);

    // Stats of the players who sat only in this game.
    for (const p of players.slice(1)) {
      expect(await statsOf(p)).toEqual({
        gamesPlayed: 1,
        gamesFinished: 1,
        gamesWon: p.id === final.winner!.id ? 1 : 0,
        gamesInProgress: 0,
      });
    }

    // A finished game takes no more moves, and the refusal changes nothing.
    const late = payloadOf(await api.mutate('callDudo', regular, { gameId: created.id }));
    expect(late.userErrors.map((e) => e.code)).toEqual(['GAME_NOT_IN_PROGRESS']);
    expect(late.game!.version).toBe(final.version);
    expect((await api.mustGame(created.id)).version).toBe(final.version);
  });
});

describe('after every game', () => {
  let finals: GameData[];

  beforeAll(async () => {
    const games = await Promise.all(GAMES.map(([preset]) => played.get(preset)!));
    finals = await Promise.all(games.map((g) => api.mustGame(g.created.id)));
  });

  it('adds up the stats of a player who sat in all of them', async () => {
    expect(await statsOf(regular)).toEqual({
      gamesPlayed: GAMES.length,
      gamesFinished: GAMES.length,
      gamesWon: finals.filter((g) => g.winner!.id === regular.id).length,
      gamesInProgress: 0,
    });
  });

  it("lists the player's games newest first", async () => {
    const data = dataOf(
      await api.gql<{ player: { games: { nodes: { id: string; status: string }[] } } }>(
        `query($id: ID!) { player(id: $id) { games { nodes { id status } } } }`,
        { id: regular.id },
      ),
    );
    expect(data.player.games.nodes).toEqual(
      [...finals].reverse().map((g) => ({ id: g.id, status: 'FINISHED' })),
    );
  });

  it('keeps every finished game in the history, newest first', async () => {
    const data = dataOf(
      await api.gql<{ games: { nodes: { id: string; status: string; rules: { preset: string } }[] } }>(
        `{ games(status: FINISHED) { nodes { id status rules { preset } } } }`,
      ),
    );
    expect(data.games.nodes).toEqual(
      [...finals].reverse().map((g) => ({ id: g.id, status: 'FINISHED', rules: { preset: g.rules.preset } })),
    );
  });
});
