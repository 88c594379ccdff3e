// History people ask for, over real HTTP: games(playerIds:), Player.headToHead and Player.stats by preset and
// period, each compared with a recomputation from the export's lines; refusals and private games.
import { botRng, playTurn, TestApi, type BotView } from '../support/api-harness';
import { playerGlobalId } from '../../src/graphql/ids';
import { accepted, dataOf, errorsOf, gql, mutate, type Player } from '../support/graphql-client';
import { sql } from '../support/sql';
import { pairResultsBackfillSql } from '../../src/database/pair-results-backfill';

type Preset = 'PUB' | 'PERUDO';

interface ExportedLine {
  id: string;
  rules: { preset: string };
  players: { seat: number; id: string }[];
  createdAt: string;
  finishedAt: string;
  winner: string;
  places: string[];
  rounds: {
    hands: number[][];
    bids: { seat: number; quantity: number }[];
    outcome: {
      kind: 'DUDO' | 'EXACT';
      caller: number;
      bid: number;
      actualCount: number;
      loser: number | null;
    } | null;
  }[];
}

interface Slice {
  preset?: Preset;
  finishedAfter?: string;
  finishedBefore?: string;
}

let api: TestApi;
let ann: Player;
let bob: Player;
let cat: Player;
let dan: Player;
let lines: ExportedLine[] = [];
let privateGame: { id: string; finishedAt: string };
let openGame: { id: string };

/** Plays a started game to its end with the harness's bot, as history.test.ts does. */
async function playOut(started: BotView, players: Player[], seed: number): Promise<void> {
  const rng = botRng(seed);
  let game = started;
  for (let moves = 0; game.status === 'IN_PROGRESS'; moves++) {
    if (moves > 400) throw new Error('the game does not end');
    game = (await playTurn(api, game, players, { rng, exactRate: 0.4, outOfTurnExactRate: 0.2 })).game;
  }
}

/** A game of `players` (the first hosts), started; PRIVATE ones joined with their invite code. */
async function startGame(players: Player[], preset: Preset, visibility = 'PUBLIC'): Promise<BotView> {
  const created = accepted(
    await mutate<{ id: string; inviteCode: string | null }>(
      api.url,
      'createGame',
      { preset, overrides: { startingDice: 2 }, visibility },
      players[0]!.token,
      'id inviteCode',
    ),
    'createGame',
  );
  for (const p of players.slice(1)) {
    const input = { gameId: created.id, inviteCode: created.inviteCode };
    accepted(await mutate(api.url, 'joinGame', input, p.token), 'joinGame');
  }
  return accepted(
    await mutate<BotView>(api.url, 'startGame', { gameId: created.id }, players[0]!.token),
    'startGame',
  );
}

async function exportedLines(): Promise<ExportedLine[]> {
  const res = await fetch(api.url.replace('/graphql', '/export/games.ndjson'));
  expect(res.status).toBe(200);
  return (await res.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ExportedLine);
}

function inSlice(line: ExportedLine, slice: Slice): boolean {
  return (
    (!slice.preset || line.rules.preset === slice.preset) &&
    (!slice.finishedAfter || line.finishedAt > slice.finishedAfter) &&
    (!slice.finishedBefore || line.finishedAt < slice.finishedBefore)
  );
}

const seatOf = (line: ExportedLine, playerId: string): number | undefined =>
  line.players.find((p) => p.id === playerId)?.seat;

/** The head-to-head record recomputed from the export (public games only). */
function expectedHeadToHead(me: string, them: string, slice: Slice) {
  const games = lines.filter(
    (l) => seatOf(l, me) !== undefined && seatOf(l, them) !== undefined && inSlice(l, slice),
  );
  let placedAbove = 0;
  let diceTaken = 0;
  let diceLost = 0;
  for (const line of games) {
    const mine = seatOf(line, me)!;
    const theirs = seatOf(line, them)!;
    if (line.places.indexOf(me) < line.places.indexOf(them)) placedAbove++;
    for (const round of line.rounds) {
      const o = round.outcome;
      if (!o) continue;
      const bidder = round.bids[o.bid]!.seat;
      if (o.loser === theirs && (o.caller === mine || bidder === mine)) diceTaken++;
      if (o.loser === mine && (o.caller === theirs || bidder === theirs)) diceLost++;
    }
  }
  const newestFirst = [...games].sort((a, b) =>
    a.finishedAt === b.finishedAt ? (a.id < b.id ? 1 : -1) : a.finishedAt < b.finishedAt ? 1 : -1,
  );
  return {
    games: games.length,
    placedAbove,
    placedBelow: games.length - placedAbove,
    diceTaken,
    diceLost,
    recent: newestFirst.map((l) => l.id),
  };
}

/** Today's PlayerStats fields recomputed from the export (finished games only: a period has no others). */
function expectedStats(playerId: string, slice: Slice) {
  const stats = {
    gamesPlayed: 0,
    gamesWon: 0,
    gamesFinished: 0,
    gamesInProgress: 0,
    roundsPlayed: 0,
    roundsLost: 0,
    dudoCalls: 0,
    dudoCallsWon: 0,
    exactCalls: 0,
    exactCallsWon: 0,
    bidsPlaced: 0,
    bidsChallenged: 0,
    bidsChallengedHeld: 0,
  };
  for (const line of lines.filter((l) => seatOf(l, playerId) !== undefined && inSlice(l, slice))) {
    const seat = seatOf(line, playerId)!;
    stats.gamesPlayed++;
    stats.gamesFinished++;
    if (line.winner === playerId) stats.gamesWon++;
    for (const round of line.rounds) {
      stats.bidsPlaced += round.bids.filter((b) => b.seat === seat).length;
      const o = round.outcome;
      if (!o) continue;
      const bid = round.bids[o.bid]!;
      if (round.hands[seat]!.length > 0) stats.roundsPlayed++;
      if (o.loser === seat) stats.roundsLost++;
      if (o.caller === seat && o.kind === 'DUDO') {
        stats.dudoCalls++;
        if (o.actualCount < bid.quantity) stats.dudoCallsWon++;
      }
      if (o.caller === seat && o.kind === 'EXACT') {
        stats.exactCalls++;
        if (o.actualCount === bid.quantity) stats.exactCallsWon++;
      }
      if (bid.seat === seat) {
        stats.bidsChallenged++;
        if (o.actualCount >= bid.quantity) stats.bidsChallengedHeld++;
      }
    }
  }
  return stats;
}

const HEAD_TO_HEAD = `query($id: ID!, $opponent: ID!, $preset: RulePreset, $finishedAfter: DateTime,
    $finishedBefore: DateTime, $first: Int, $after: String) {
  player(id: $id) { headToHead(opponentId: $opponent, preset: $preset, finishedAfter: $finishedAfter,
      finishedBefore: $finishedBefore) {
    player { id } opponent { id } games placedAbove placedBelow diceTaken diceLost
    recent(first: $first, after: $after) { nodes { id } pageInfo { hasNextPage hasPreviousPage endCursor } } } } }`;

interface HeadToHeadData {
  player: {
    headToHead: {
      player: { id: string };
      opponent: { id: string };
      games: number;
      placedAbove: number;
      placedBelow: number;
      diceTaken: number;
      diceLost: number;
      recent: {
        nodes: { id: string }[];
        pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
      };
    };
  };
}

async function headToHead(
  me: Player,
  them: Player,
  vars: Slice & { first?: number; after?: string } = {},
  viewer: Player | null = null,
) {
  const reply = await gql<HeadToHeadData>(
    api.url,
    HEAD_TO_HEAD,
    { id: me.id, opponent: them.id, first: 100, ...vars },
    viewer?.token,
  );
  return dataOf(reply).player.headToHead;
}

const STATS_FIELDS = `gamesPlayed gamesWon gamesFinished gamesInProgress roundsPlayed roundsLost dudoCalls
  dudoCallsWon exactCalls exactCallsWon bidsPlaced bidsChallenged bidsChallengedHeld`;

async function stats(player: Player, slice: Slice): Promise<ReturnType<typeof expectedStats>> {
  const reply = await gql<{ player: { stats: ReturnType<typeof expectedStats> } }>(
    api.url,
    `query($id: ID!, $preset: RulePreset, $finishedAfter: DateTime, $finishedBefore: DateTime) {
      player(id: $id) { stats(preset: $preset, finishedAfter: $finishedAfter, finishedBefore: $finishedBefore) {
        ${STATS_FIELDS} } } }`,
    { id: player.id, ...slice },
  );
  return dataOf(reply).player.stats;
}

const GAMES = `query($ids: [ID!], $playerId: ID, $status: GameStatus, $preset: RulePreset, $first: Int, $after: String) {
  games(playerIds: $ids, playerId: $playerId, status: $status, preset: $preset, first: $first, after: $after) {
    nodes { id } pageInfo { hasNextPage endCursor } } }`;

async function gamesOf(vars: Record<string, unknown>, viewer: Player | null = null): Promise<string[]> {
  const reply = await gql<{ games: { nodes: { id: string }[] } }>(api.url, GAMES, vars, viewer?.token);
  return dataOf(reply).games.nodes.map((g) => g.id);
}

beforeAll(async () => {
  api = await TestApi.start();
  [ann, bob, cat, dan] = await api.registerPlayers(['Ann', 'Bob', 'Cat', 'Dan']);
  const tables: [Player[], Preset][] = [
    [[ann!, bob!, cat!], 'PUB'],
    [[bob!, ann!], 'PERUDO'],
    [[ann!, bob!], 'PUB'],
    [[cat!, ann!, dan!], 'PUB'],
    [[bob!, cat!, ann!], 'PERUDO'],
    [[dan!, bob!], 'PUB'],
    [[ann!, bob!], 'PERUDO'],
  ];
  for (const [i, [players, preset]] of tables.entries()) {
    await playOut(await startGame(players, preset), players, 100 + i);
  }
  const hidden = await startGame([ann!, bob!], 'PUB', 'PRIVATE');
  await playOut(hidden, [ann!, bob!], 200);
  const finished = dataOf(
    await gql<{ game: { finishedAt: string } }>(
      api.url,
      'query($id: ID!) { game(id: $id) { finishedAt } }',
      { id: hidden.id },
      ann!.token,
    ),
  ).game;
  privateGame = { id: hidden.id, finishedAt: finished.finishedAt };
  openGame = await startGame([bob!, ann!], 'PUB');
  lines = await exportedLines();
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('the data set', () => {
  it('exports the seven public finished games, not the private or the open one', () => {
    expect(lines).toHaveLength(7);
    expect(lines.map((l) => l.id)).not.toContain(privateGame.id);
    expect(lines.map((l) => l.id)).not.toContain(openGame.id);
  });
});

describe('Player.headToHead', () => {
  const slices = (): Slice[] => [
    {},
    { preset: 'PUB' },
    { preset: 'PERUDO' },
    { finishedAfter: lines[1]!.finishedAt },
    { finishedBefore: lines[4]!.finishedAt },
    { preset: 'PUB', finishedAfter: lines[0]!.finishedAt, finishedBefore: lines[5]!.finishedAt },
  ];

  it('counts every figure as the export recomputes it, for every pair and slice', async () => {
    const people = [ann!, bob!, cat!, dan!];
    let compared = 0;
    for (const me of people) {
      for (const them of people.filter((p) => p !== me)) {
        for (const slice of slices()) {
          const { recent, ...expected } = expectedHeadToHead(me.id, them.id, slice);
          const actual = await headToHead(me, them, slice);
          expect({
            player: actual.player.id,
            opponent: actual.opponent.id,
            games: actual.games,
            placedAbove: actual.placedAbove,
            placedBelow: actual.placedBelow,
            diceTaken: actual.diceTaken,
            diceLost: actual.diceLost,
            recent: actual.recent.nodes.map((g) => g.id),
          }).toEqual({ player: me.id, opponent: them.id, ...expected, recent });
          compared += expected.games;
        }
      }
    }
    // Ann and Bob shared five public games: the comparisons above were not all of empty records.
    expect(expectedHeadToHead(ann!.id, bob!.id, {}).games).toBe(5);
    expect(compared).toBeGreaterThan(40);
    const dice = people.flatMap((me) =>
      people.filter((p) => p !== me).map((them) => expectedHeadToHead(me.id, them.id, {})),
    );
    expect(dice.reduce((n, h) => n + h.diceTaken, 0)).toBeGreaterThan(0);
    expect(dice.reduce((n, h) => n + h.placedAbove, 0)).toBeGreaterThan(0);
  });

  it("is each player's mirror of the other's", async () => {
    const ab = await headToHead(ann!, bob!);
    const ba = await headToHead(bob!, ann!);
    expect([ba.games, ba.placedAbove, ba.placedBelow, ba.diceTaken, ba.diceLost]).toEqual([
      ab.games,
      ab.placedBelow,
      ab.placedAbove,
      ab.diceLost,
      ab.diceTaken,
    ]);
  });

  it('pages recent newest first by finishing time, with cursors', async () => {
    const all = expectedHeadToHead(ann!.id, bob!.id, {}).recent;
    const first = (await headToHead(ann!, bob!, { first: 2 })).recent;
    expect(first.nodes.map((g) => g.id)).toEqual(all.slice(0, 2));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = (await headToHead(ann!, bob!, { first: 2, after: first.pageInfo.endCursor! })).recent;
    expect(second.nodes.map((g) => g.id)).toEqual(all.slice(2, 4));
    const last = (await headToHead(ann!, bob!, { first: 2, after: second.pageInfo.endCursor! })).recent;
    expect(last.nodes.map((g) => g.id)).toEqual(all.slice(4));
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it('counts a private game only for a viewer seated in it', async () => {
    const outside = expectedHeadToHead(ann!.id, bob!.id, {});
    for (const viewer of [null, cat!, dan!]) {
      const seen = await headToHead(ann!, bob!, {}, viewer);
      expect([seen.games, seen.recent.nodes.map((g) => g.id)]).toEqual([outside.games, outside.recent]);
    }
    const places = dataOf(
      await gql<{ game: { places: { player: { id: string } }[] } }>(
        api.url,
        'query($id: ID!) { game(id: $id) { places { player { id } } } }',
        { id: privateGame.id },
        bob!.token,
      ),
    ).game.places.map((p) => p.player.id);
    const annAbove = places.indexOf(ann!.id) < places.indexOf(bob!.id) ? 1 : 0;
    for (const viewer of [ann!, bob!]) {
      const seen = await headToHead(ann!, bob!, {}, viewer);
      expect([seen.games, seen.placedAbove, seen.placedBelow]).toEqual([
        outside.games + 1,
        outside.placedAbove + annAbove,
        outside.placedBelow + 1 - annAbove,
      ]);
      // It finished last: it leads the page.
      expect(seen.recent.nodes.map((g) => g.id)).toEqual([privateGame.id, ...outside.recent]);
    }
  });

  it('refuses oneself as opponent and an unknown opponent', async () => {
    const self = await gql(api.url, HEAD_TO_HEAD, { id: ann!.id, opponent: ann!.id });
    expect(errorsOf(self)[0]).toMatchObject({
      message: 'opponentId must be another player than the one whose record it is',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const nobody = playerGlobalId('00000000-0000-4000-8000-000000000000');
    const unknown = await gql(api.url, HEAD_TO_HEAD, { id: ann!.id, opponent: nobody });
    expect(errorsOf(unknown)[0]!.extensions!.code).toBe('NOT_FOUND');
    const malformed = await gql(api.url, HEAD_TO_HEAD, { id: ann!.id, opponent: 'nope' });
    expect(errorsOf(malformed)[0]).toMatchObject({
      message: 'opponentId is not a valid ID',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('Player.stats(preset, finishedAfter, finishedBefore)', () => {
  it('gives every field over the slice as the export recomputes it', async () => {
    // The private game finished last: every period here ends before it (stats count it, the export does not).
    const end = privateGame.finishedAt;
    const slices: Slice[] = [
      { finishedAfter: '2000-01-01T00:00:00.000Z', finishedBefore: end },
      { finishedAfter: lines[2]!.finishedAt, finishedBefore: end },
      { finishedBefore: lines[3]!.finishedAt },
      { preset: 'PUB', finishedBefore: end },
      { preset: 'PERUDO', finishedAfter: lines[0]!.finishedAt, finishedBefore: end },
    ];
    for (const player of [ann!, bob!, cat!, dan!]) {
      for (const slice of slices) expect(await stats(player, slice)).toEqual(expectedStats(player.id, slice));
    }
    expect(expectedStats(ann!.id, slices[0]!).bidsPlaced).toBeGreaterThan(0);
  });

  it('keeps games in progress out of a period and in the figures without one', async () => {
    const withPeriod = await stats(bob!, { finishedAfter: '2000-01-01T00:00:00.000Z' });
    expect(withPeriod.gamesInProgress).toBe(0);
    const allTime = await stats(bob!, {});
    // Every finished game Bob sat in (six public, one private) and the open one.
    expect([allTime.gamesInProgress, allTime.gamesFinished, allTime.gamesPlayed]).toEqual([1, 7, 8]);
    expect(withPeriod.gamesFinished).toBe(7);
  });
});

describe('games(playerIds:)', () => {
  const newestCreatedFirst = (ids: string[]): string[] =>
    lines
      .filter((l) => ids.every((id) => seatOf(l, id) !== undefined))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
      .map((l) => l.id);

  it('lists the games every given player sat in, newest first, with the other filters', async () => {
    expect(await gamesOf({ ids: [ann!.id, bob!.id], status: 'FINISHED' })).toEqual(
      newestCreatedFirst([ann!.id, bob!.id]),
    );
    // The open game is the newest; the private one is listed only to the players seated in it.
    expect(await gamesOf({ ids: [bob!.id, ann!.id] })).toEqual([
      openGame.id,
      ...newestCreatedFirst([ann!.id, bob!.id]),
    ]);
    expect(await gamesOf({ ids: [ann!.id, bob!.id] }, ann!)).toEqual([
      openGame.id,
      privateGame.id,
      ...newestCreatedFirst([ann!.id, bob!.id]),
    ]);
    expect(await gamesOf({ ids: [ann!.id, bob!.id, cat!.id] })).toEqual(
      newestCreatedFirst([ann!.id, bob!.id, cat!.id]),
    );
    expect(await gamesOf({ ids: [ann!.id, dan!.id], preset: 'PUB' })).toEqual(
      lines
        .filter(
          (l) =>
            l.rules.preset === 'PUB' && seatOf(l, dan!.id) !== undefined && seatOf(l, ann!.id) !== undefined,
        )
        .map((l) => l.id)
        .reverse(),
    );
    expect(await gamesOf({ ids: [cat!.id, dan!.id, bob!.id] })).toEqual([]);
    expect(await gamesOf({ ids: [ann!.id] })).toHaveLength(newestCreatedFirst([ann!.id]).length + 1);
  });

  it('applies playerId too', async () => {
    expect(await gamesOf({ ids: [ann!.id], playerId: cat!.id })).toEqual(
      newestCreatedFirst([ann!.id, cat!.id]),
    );
    expect(await gamesOf({ ids: [ann!.id, bob!.id], playerId: dan!.id })).toEqual([]);
  });

  it('pages with cursors', async () => {
    const all = newestCreatedFirst([ann!.id, bob!.id]);
    const page = dataOf(
      await gql<{
        games: { nodes: { id: string }[]; pageInfo: { endCursor: string; hasNextPage: boolean } };
      }>(api.url, GAMES, { ids: [ann!.id, bob!.id], status: 'FINISHED', first: 3 }),
    ).games;
    expect(page.nodes.map((g) => g.id)).toEqual(all.slice(0, 3));
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await gamesOf({
      ids: [ann!.id, bob!.id],
      status: 'FINISHED',
      first: 10,
      after: page.pageInfo.endCursor,
    });
    expect(rest).toEqual(all.slice(3));
  });

  it('refuses more than 10 ids and unknown players', async () => {
    const eleven = Array.from({ length: 11 }, () => ann!.id);
    expect(errorsOf(await gql(api.url, GAMES, { ids: eleven }))[0]).toMatchObject({
      message: 'playerIds must hold at most 10 IDs',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const nobody = playerGlobalId('00000000-0000-4000-8000-000000000000');
    const unknown = errorsOf(await gql(api.url, GAMES, { ids: [ann!.id, nobody] }))[0]!;
    expect(unknown.extensions!.code).toBe('NOT_FOUND');
    expect(errorsOf(await gql(api.url, GAMES, { ids: ['nope'] }))[0]!.extensions!.code).toBe(
      'BAD_USER_INPUT',
    );
  });
});

describe('game_pair_results of games finished before it existed', () => {
  it('the migration backfills them exactly as the finishing moves wrote them, and headToHead counts them', async () => {
    const read = () =>
      sql<Record<string, unknown>>(
        api.database.url,
        `SELECT game_id::text, player_id::text, opponent_id::text, placed_above, dice_taken, dice_lost, preset,
                finished_at, listed FROM game_pair_results ORDER BY 1, 2, 3`,
      );
    const written = await read();
    const finished = await sql<{ n: number }>(
      api.database.url,
      `SELECT count(*)::int AS n FROM games WHERE status = 'FINISHED'`,
    );
    expect(finished[0]!.n).toBeGreaterThan(5);
    expect(new Set(written.map((r) => r.game_id)).size).toBe(finished[0]!.n);
    const before = await headToHead(ann, bob, {}, ann);
    // As if every game had finished before the migration: no stored results until it runs.
    await sql(api.database.url, 'DELETE FROM game_pair_results');
    expect((await headToHead(ann, bob, {}, ann)).games).toBe(0);
    await sql(api.database.url, await pairResultsBackfillSql());
    expect(await read()).toEqual(written);
    expect(await headToHead(ann, bob, {}, ann)).toEqual(before);
  });
});
