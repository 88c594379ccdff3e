// Game history over real HTTP: list filters, the event log as a query, places, statistics, ratings, export.
import type { App } from '../../src/app';
import { botRng, playTurn, TestApi, type BotView } from '../support/api-harness';
import { accepted, dataOf, errorsOf, gql, mutate, startedGame, type Player } from '../support/graphql-client';
import { startServer } from '../support/server-launcher';
import { sleep, until } from '../support/timing';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const openskill = require('openskill') as typeof import('openskill', {
  with: { 'resolution-mode': 'import' },
});

type Preset = 'PUB' | 'PERUDO';

interface PlayedGame {
  id: string;
  preset: Preset;
  players: Player[];
}

let api: TestApi;
let ann: Player;
let bob: Player;
let cat: Player;
let dan: Player;
const played: PlayedGame[] = [];
let open: { id: string };

function mainUrl(): string | null {
  try {
    return api.url;
  } catch {
    return null;
  }
}

async function playToTheEnd(
  url: string,
  players: Player[],
  preset: Preset,
  seed: number,
): Promise<PlayedGame> {
  const started = await startedGame(url, players, { preset, overrides: { startingDice: 2 } });
  const rng = botRng(seed);
  let game: BotView = started;
  for (let moves = 0; game.status === 'IN_PROGRESS'; moves++) {
    if (moves > 400) throw new Error('the game does not end');
    // The main test server may be down while another process plays (see the crash test below).
    const harness = url === mainUrl() ? api : ({ url } as TestApi);
    game = (await playTurn(harness, game, players, { rng, exactRate: 0.4, outOfTurnExactRate: 0.2 })).game;
  }
  return { id: started.id, preset, players };
}

interface HistoryGame {
  id: string;
  status: string;
  finishedAt: string | null;
  places: { place: number; seat: { position: number }; player: { id: string } }[];
  seats: { position: number; player: { id: string } }[];
  winner: { id: string } | null;
  rounds: {
    nodes: {
      number: number;
      voided: boolean;
      bids: { seat: { position: number }; quantity: number; face: number }[];
      outcome: {
        kind: 'DUDO' | 'EXACT';
        actualCount: number;
        caller: { position: number };
        bid: { quantity: number; seat: { position: number } };
        loser: { position: number } | null;
      } | null;
      reveal: { seat: { position: number }; dice: number[] }[] | null;
    }[];
  };
}

const HISTORY_FIELDS = `id status finishedAt winner { id }
  seats { position player { id } }
  places { place seat { position } player { id } }
  rounds(first: 100) { nodes { number voided bids { seat { position } quantity face }
    outcome { kind actualCount caller { position } bid { quantity seat { position } } loser { position } }
    reveal { seat { position } dice } } }`;

async function history(url: string, id: string): Promise<HistoryGame> {
  return dataOf(
    await gql<{ game: HistoryGame }>(url, `query($id: ID!) { game(id: $id) { ${HISTORY_FIELDS} } }`, { id }),
  ).game;
}

beforeAll(async () => {
  api = await TestApi.start({ server: { ratingIntervalMs: 200 } });
  [ann, bob, cat, dan] = await api.registerPlayers(['Ann', 'Bob', 'Cat', 'Dan']);
  played.push(await playToTheEnd(api.url, [ann!, bob!, cat!], 'PUB', 1));
  played.push(await playToTheEnd(api.url, [bob!, cat!], 'PERUDO', 2));
  played.push(await playToTheEnd(api.url, [cat!, ann!, dan!], 'PUB', 3));
  open = await startedGame(api.url, [dan!, ann!], { preset: 'PUB', overrides: { startingDice: 2 } });
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('games(...) filters', () => {
  const LIST = `query($status: GameStatus, $preset: RulePreset, $playerId: ID, $after: DateTime, $before: DateTime, $first: Int, $cursor: String) {
    games(status: $status, preset: $preset, playerId: $playerId, finishedAfter: $after, finishedBefore: $before, first: $first, after: $cursor) {
      nodes { id } pageInfo { hasNextPage endCursor } } }`;
  const ids = async (vars: Record<string, unknown>): Promise<string[]> =>
    dataOf(await gql<{ games: { nodes: { id: string }[] } }>(api.url, LIST, vars)).games.nodes.map(
      (g) => g.id,
    );

  it('filters by status, preset and player, combined, newest first', async () => {
    expect(await ids({ status: 'FINISHED' })).toEqual([played[2]!.id, played[1]!.id, played[0]!.id]);
    expect(await ids({ preset: 'PUB' })).toEqual([open.id, played[2]!.id, played[0]!.id]);
    expect(await ids({ playerId: dan!.id })).toEqual([open.id, played[2]!.id]);
    expect(await ids({ playerId: dan!.id, status: 'FINISHED', preset: 'PUB' })).toEqual([played[2]!.id]);
    expect(await ids({ playerId: bob!.id, preset: 'PERUDO' })).toEqual([played[1]!.id]);
  });

  it('filters by finishing time, strictly', async () => {
    const finished = await Promise.all(played.map((g) => history(api.url, g.id)));
    const [first, second, third] = finished.map((g) => g.finishedAt!);
    expect(await ids({ after: first })).toEqual([played[2]!.id, played[1]!.id]);
    expect(await ids({ before: third })).toEqual([played[1]!.id, played[0]!.id]);
    expect(await ids({ after: first, before: third })).toEqual([played[1]!.id]);
    expect(second! > first! && third! > second!).toBe(true);
  });

  it('pages without duplicates or gaps while new games arrive', async () => {
    const page1 = dataOf(
      await gql<{ games: { nodes: { id: string }[]; pageInfo: { endCursor: string } } }>(api.url, LIST, {
        first: 2,
      }),
    ).games;
    // A game created between the two pages comes before the cursor: it shifts nothing.
    await api.createGame(ann!, { preset: 'PERUDO' });
    const page2 = await ids({ first: 10, cursor: page1.pageInfo.endCursor });
    expect([...page1.nodes.map((g) => g.id), ...page2]).toEqual([
      open.id,
      played[2]!.id,
      played[1]!.id,
      played[0]!.id,
    ]);
  });

  it('refuses a malformed player id', async () => {
    const reply = await gql(api.url, LIST, { playerId: 'nope' });
    expect(errorsOf(reply)[0]!.extensions!.code).toBe('BAD_USER_INPUT');
  });
});

describe('Game.events', () => {
  const EVENTS = `query($id: ID!, $after: Int, $first: Int) { game(id: $id) {
    events(afterSeq: $after, first: $first) { seq type game { seats { position dice } } } } }`;
  type Events = {
    game: {
      events: { seq: number; type: string; game: { seats: { position: number; dice: number[] | null }[] } }[];
    };
  };

  it('pages the log, oldest first', async () => {
    const all = dataOf(await gql<Events>(api.url, EVENTS, { id: played[0]!.id, first: 500 })).game.events;
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect(all[0]!.type).toBe('GAME_CREATED');
    expect(all.at(-1)!.type).toBe('GAME_FINISHED');
    const page = dataOf(await gql<Events>(api.url, EVENTS, { id: played[0]!.id, after: 3, first: 2 })).game
      .events;
    expect(page.map((e) => e.seq)).toEqual([4, 5]);
    expect(page).toEqual(all.slice(3, 5));
  });

  it("shows each viewer its own dice of an open round, and nobody else's", async () => {
    const mine = dataOf(await gql<Events>(api.url, EVENTS, { id: open.id, first: 500 }, dan!.token)).game
      .events;
    const started = mine.find((e) => e.type === 'ROUND_STARTED')!;
    expect(started.game.seats[0]!.dice).toHaveLength(2);
    expect(started.game.seats[1]!.dice).toBeNull();
    const spectator = dataOf(await gql<Events>(api.url, EVENTS, { id: open.id, first: 500 })).game.events;
    for (const e of spectator) for (const s of e.game.seats) expect(s.dice).toBeNull();
  });

  it('bounds the page', async () => {
    const reply = await gql(api.url, EVENTS, { id: open.id, first: 501 });
    expect(errorsOf(reply)[0]).toMatchObject({
      message: 'first must be an integer from 0 to 500',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('Game.places', () => {
  it('ranks the winner first, then players in reverse order of leaving play; empty before the end', async () => {
    for (const g of played) {
      const game = await history(api.url, g.id);
      const events = dataOf(
        await gql<{ game: { events: { type: string; seat: { position: number } | null }[] } }>(
          api.url,
          `query($id: ID!) { game(id: $id) { events(first: 500) { type seat { position } } } }`,
          { id: g.id },
        ),
      ).game.events;
      const left = events.filter((e) => e.type === 'PLAYER_ELIMINATED').map((e) => e.seat!.position);
      const winnerSeat = game.seats.find((s) => s.player.id === game.winner!.id)!.position;
      expect(game.places.map((p) => p.seat.position)).toEqual([winnerSeat, ...left.reverse()]);
      expect(game.places.map((p) => p.place)).toEqual(game.seats.map((_, i) => i + 1));
      expect(game.places.map((p) => p.player.id)).toEqual(
        game.places.map((p) => game.seats[p.seat.position]!.player.id),
      );
    }
    expect((await history(api.url, open.id)).places).toEqual([]);
  });
});

describe('Player.stats', () => {
  /** The counts recomputed from the public history of the finished games. */
  function expected(games: HistoryGame[], player: Player) {
    const s = {
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
    for (const g of games) {
      const seat = g.seats.find((x) => x.player.id === player.id)?.position;
      if (seat === undefined) continue;
      for (const r of g.rounds.nodes) {
        s.bidsPlaced += r.bids.filter((b) => b.seat.position === seat).length;
        const o = r.outcome;
        if (!o) continue;
        if ((r.reveal ?? []).some((h) => h.seat.position === seat && h.dice.length > 0)) s.roundsPlayed++;
        if (o.loser?.position === seat) s.roundsLost++;
        if (o.caller.position === seat && o.kind === 'DUDO') {
          s.dudoCalls++;
          if (o.actualCount < o.bid.quantity) s.dudoCallsWon++;
        }
        if (o.caller.position === seat && o.kind === 'EXACT') {
          s.exactCalls++;
          if (o.actualCount === o.bid.quantity) s.exactCallsWon++;
        }
        if (o.bid.seat.position === seat) {
          s.bidsChallenged++;
          if (o.actualCount >= o.bid.quantity) s.bidsChallengedHeld++;
        }
      }
    }
    return s;
  }

  it('counts rounds, calls and bids exactly as the history shows them, per preset and overall', async () => {
    const finished = await Promise.all(played.map((g) => history(api.url, g.id)));
    const STATS = `query($id: ID!, $preset: RulePreset) { player(id: $id) { stats(preset: $preset) {
      gamesPlayed gamesFinished gamesWon roundsPlayed roundsLost dudoCalls dudoCallsWon exactCalls exactCallsWon
      bidsPlaced bidsChallenged bidsChallengedHeld } } }`;
    for (const player of [ann!, bob!, cat!]) {
      const all = dataOf(
        await gql<{ player: { stats: Record<string, number> } }>(api.url, STATS, { id: player.id }),
      ).player.stats;
      // Ann and Dan are also in the open game: its bids count, its open round's calls cannot exist yet.
      const openBids =
        player.id === ann!.id
          ? (await history(api.url, open.id)).rounds.nodes
              .flatMap((r) => r.bids)
              .filter((b) => b.seat.position === 1).length
          : 0;
      const want = expected(finished, player);
      expect(all).toMatchObject({ ...want, bidsPlaced: want.bidsPlaced + openBids });
      const pub = dataOf(
        await gql<{ player: { stats: Record<string, number> } }>(api.url, STATS, {
          id: player.id,
          preset: 'PUB',
        }),
      ).player.stats;
      expect(pub).toMatchObject(
        expected(
          finished.filter((_, i) => played[i]!.preset === 'PUB'),
          player,
        ),
      );
      expect(pub.gamesFinished).toBe(
        played.filter((g) => g.preset === 'PUB' && g.players.includes(player)).length,
      );
    }
  });
});

/** The ratings openskill's rate() gives for the finished games in (finishedAt, id) order. */
async function expectedRatings(url: string, gameIds: string[]) {
  const games = await Promise.all(gameIds.map((id) => history(url, id)));
  const presetOf = new Map(played.map((g) => [g.id, g.preset]));
  const ordered = games
    .map((g) => ({ g, key: `${g.finishedAt}` }))
    .sort((a, b) => (a.g.finishedAt! === b.g.finishedAt! ? 0 : a.g.finishedAt! < b.g.finishedAt! ? -1 : 1));
  const ratings = new Map<string, { mu: number; sigma: number; games: number }>();
  for (const { g } of ordered) {
    const preset = presetOf.get(g.id) ?? 'PUB';
    const ids = g.places.map((p) => `${p.player.id}:${preset}`);
    const before = ids.map((k) => {
      const r = ratings.get(k);
      return [r ? openskill.rating({ mu: r.mu, sigma: r.sigma }) : openskill.rating()];
    });
    const after = openskill.rate(before, { rank: ids.map((_, i) => i + 1) });
    ids.forEach((k, i) => ratings.set(k, { ...after[i]![0]!, games: (ratings.get(k)?.games ?? 0) + 1 }));
  }
  return ratings;
}

interface ExportedRound {
  number: number;
  hands: number[][];
  bids: { seat: number; quantity: number; face: number; at: string }[];
  outcome: { kind: string; caller: number; bid: number; actualCount: number; loser: number | null } | null;
}
interface ExportedLine {
  id: string;
  rules: { preset: string };
  players: { seat: number; id: string; name: string }[];
  finishedAt: string;
  winner: string;
  places: string[];
  rounds: ExportedRound[];
  chat: unknown[];
}

const RATING = `query($id: ID!, $preset: RulePreset!) { player(id: $id) { rating(preset: $preset) { mu sigma ordinal games } } }`;
type RatingReply = {
  player: { rating: { mu: number; sigma: number; ordinal: number; games: number } | null };
};

describe('ratings', () => {
  it("match openskill's rate() over the finished games in order, and rank the leaderboard", async () => {
    const want = await expectedRatings(
      api.url,
      played.map((g) => g.id),
    );
    await until(
      'every game to be rated',
      async () => {
        const r = dataOf(await gql<RatingReply>(api.url, RATING, { id: cat!.id, preset: 'PUB' })).player
          .rating;
        return r?.games === 2;
      },
      20_000,
      100,
    );
    for (const [key, rating] of want) {
      const [id, preset] = key.split(':');
      const got = dataOf(await gql<RatingReply>(api.url, RATING, { id, preset })).player.rating!;
      expect(got).toEqual({
        mu: rating.mu,
        sigma: rating.sigma,
        ordinal: rating.mu - 3 * rating.sigma,
        games: rating.games,
      });
    }
    expect(
      dataOf(await gql<RatingReply>(api.url, RATING, { id: dan!.id, preset: 'PERUDO' })).player.rating,
    ).toBeNull();

    const BOARD = `query($preset: RulePreset!, $first: Int, $after: String) { leaderboard(preset: $preset, first: $first, after: $after, includeProvisional: true) {
      edges { cursor node { rank player { id } rating { ordinal } } } pageInfo { hasNextPage endCursor } } }`;
    type Board = {
      leaderboard: {
        edges: {
          cursor: string;
          node: { rank: number; player: { id: string }; rating: { ordinal: number } };
        }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
    };
    const pub = [...want].filter(([k]) => k.endsWith(':PUB'));
    const order = pub
      .map(([k, r]) => ({ id: k.split(':')[0]!, ordinal: r.mu - 3 * r.sigma }))
      .sort((a, b) => b.ordinal - a.ordinal || (a.id < b.id ? -1 : 1));
    const first = dataOf(await gql<Board>(api.url, BOARD, { preset: 'PUB', first: 2 })).leaderboard;
    const rest = dataOf(
      await gql<Board>(api.url, BOARD, { preset: 'PUB', first: 10, after: first.pageInfo.endCursor }),
    ).leaderboard;
    const entries = [...first.edges, ...rest.edges].map((e) => e.node);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    expect(entries.map((e) => e.player.id)).toEqual(order.map((o) => o.id));
    expect(entries.map((e) => e.rank)).toEqual(order.map((_, i) => i + 1));
  });
});

describe('ratings across processes and crashes', () => {
  it('rates a game that ended while no process could rate it, once, when processes start again', async () => {
    // A process whose rating applier never gets to run: the game's end is committed, its rating is not. The
    // main test server, which rates every 200 ms, is down meanwhile, so that nothing else rates it either.
    await api.stopServer();
    const stalled = await startServer(api.database.url, {
      rateGames: false,
    });
    const game = await playToTheEnd(stalled.url, [dan!, bob!], 'PERUDO', 9);
    played.push(game);
    await sleep(500);
    expect(
      dataOf(await gql<RatingReply>(stalled.url, RATING, { id: dan!.id, preset: 'PERUDO' })).player.rating,
    ).toBeNull();
    await stalled.stop(); // the crash, as far as ratings go
    await api.startServer();
    // Two processes now race to rate it (and the main test server too).
    const apps: App[] = [];
    for (let i = 0; i < 2; i++) apps.push(await startServer(api.database.url, { ratingIntervalMs: 50 }));
    try {
      await until(
        'the game to be rated',
        async () => {
          const r = dataOf(await gql<RatingReply>(api.url, RATING, { id: dan!.id, preset: 'PERUDO' })).player
            .rating;
          return r?.games === 1;
        },
        20_000,
        100,
      );
      await sleep(500);
      const want = await expectedRatings(
        api.url,
        played.map((g) => g.id),
      );
      for (const player of [dan!, bob!]) {
        const got = dataOf(await gql<RatingReply>(api.url, RATING, { id: player.id, preset: 'PERUDO' }))
          .player.rating!;
        const r = want.get(`${player.id}:PERUDO`)!;
        expect(got).toEqual({ mu: r.mu, sigma: r.sigma, ordinal: r.mu - 3 * r.sigma, games: r.games });
      }
    } finally {
      await Promise.all(apps.map((a) => a.stop()));
    }
  });
});

describe('GET /export/games.ndjson', () => {
  const exportUrl = (query: string): string => api.url.replace('/graphql', `/export/games.ndjson${query}`);

  it('streams finished games oldest first, one JSON line each, as the history shows them', async () => {
    const res = await fetch(exportUrl(''));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const text = await res.text();
    expect(text.endsWith('\n')).toBe(true);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ExportedLine);
    const finished = await Promise.all(played.map((g) => history(api.url, g.id)));
    const byTime = [...finished].sort((a, b) => (a.finishedAt! < b.finishedAt! ? -1 : 1));
    expect(lines.map((l) => l.id)).toEqual(byTime.map((g) => g.id));
    expect(lines.map((l) => l.id)).not.toContain(open.id);
    for (const line of lines) {
      const game = finished.find((g) => g.id === line.id)!;
      expect(Object.keys(line)).toEqual([
        'id',
        'name',
        'rules',
        'players',
        'createdAt',
        'startedAt',
        'finishedAt',
        'winner',
        'places',
        'rounds',
        'chat',
        'ratings',
      ]);
      // No chat was sent in these games.
      expect(line.chat).toEqual([]);
      expect(line.finishedAt).toBe(game.finishedAt);
      expect(line.winner).toBe(game.winner!.id);
      expect(line.places).toEqual(game.places.map((p) => p.player.id));
      expect(line.players).toEqual(
        game.seats.map((s) => expect.objectContaining({ seat: s.position, id: s.player.id })),
      );
      expect(line.rounds).toHaveLength(game.rounds.nodes.length);
      line.rounds.forEach((round, i) => {
        const r = game.rounds.nodes[i]!;
        expect(round.number).toBe(r.number);
        expect(round.bids.map((b) => [b.seat, b.quantity, b.face])).toEqual(
          r.bids.map((b) => [b.seat.position, b.quantity, b.face]),
        );
        if (r.reveal) {
          for (const h of r.reveal) expect(round.hands[h.seat.position]).toEqual(h.dice);
        }
        if (r.outcome) {
          expect(round.outcome).toMatchObject({
            kind: r.outcome.kind,
            caller: r.outcome.caller.position,
            actualCount: r.outcome.actualCount,
            loser: r.outcome.loser?.position ?? null,
          });
          expect(round.bids[round.outcome!.bid]).toMatchObject({
            seat: r.outcome.bid.seat.position,
            quantity: r.outcome.bid.quantity,
          });
        } else {
          expect(round.outcome).toBeNull();
        }
      });
      expect(line.rules).toMatchObject({ preset: played.find((g) => g.id === line.id)!.preset });
    }
  });

  it('takes the filters and a limit', async () => {
    const lines = async (query: string) =>
      (await (await fetch(exportUrl(query))).text())
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).id as string);
    const pub = played.filter((g) => g.preset === 'PUB').map((g) => g.id);
    expect(await lines('?preset=PUB')).toEqual(pub);
    expect(await lines(`?playerId=${encodeURIComponent(dan!.id)}`)).toEqual([played[2]!.id, played[3]!.id]);
    expect(await lines('?limit=1')).toEqual([played[0]!.id]);
    const third = await history(api.url, played[2]!.id);
    expect(await lines(`?finishedBefore=${encodeURIComponent(third.finishedAt!)}`)).toEqual([
      played[0]!.id,
      played[1]!.id,
    ]);
  });

  it('refuses bad parameters with 400 and a message', async () => {
    for (const [query, message] of [
      ['?limit=0', 'limit must be a whole number from 1 to 10000'],
      ['?limit=10001', 'limit must be a whole number from 1 to 10000'],
      ['?preset=FOO', 'preset must be one of CLASSIC, PERUDO, LIARS_DICE, PUB'],
      [
        '?finishedAfter=yesterday',
        'finishedAfter must be an ISO-8601 date-time such as 2026-01-31T12:00:00Z',
      ],
      ['?playerId=x', 'playerId is not a player ID'],
      [
        '?sort=desc',
        'unknown parameter sort: use preset, playerId, finishedAfter, finishedBefore, limit, after',
      ],
    ]) {
      const res = await fetch(exportUrl(query!));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: message });
    }
  });
});

it('the open game is still open: nothing above touched it', async () => {
  const game = await history(api.url, open.id);
  expect(game.status).toBe('IN_PROGRESS');
  const reply = await mutate(api.url, 'leaveGame', { gameId: open.id }, dan!.token, 'status');
  expect(accepted(reply, 'leaveGame')).toEqual({ status: 'FINISHED' });
});
