// The decisions export over real HTTP: whole games played by people and bots, every line checked against the
// game export (the seat's own hand, the bids before it, the action, the odds) and against its JSON Schema.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { App } from '../../src/app';
import { botRng, playTurn, TestApi, type BotView } from '../support/api-harness';
import { accepted, gql, mutate, playView, startedGame, type Player } from '../support/graphql-client';
import { startServer } from '../support/server-launcher';
import { sleep } from '../support/timing';

interface ExportRound {
  number: number;
  starter: number;
  palifico: boolean;
  palificoSeat: number | null;
  hands: number[][];
  bids: { seat: number; quantity: number; face: number; at: string }[];
  outcome: {
    kind: 'DUDO' | 'EXACT';
    caller: number;
    actualCount: number;
    loser: number | null;
    gainer: number | null;
  } | null;
}

interface ExportGame {
  id: string;
  rules: { preset: string; wildAces: boolean };
  players: { seat: number; id: string }[];
  rounds: ExportRound[];
}

interface Odds {
  atLeast: number;
  exactly: number;
}

interface Line {
  game: string;
  round: number;
  decision: number;
  seat: number;
  player: string;
  agent: boolean;
  bot: string | null;
  byServer: boolean;
  timedOut: boolean;
  rules: { preset: string };
  preset: string | null;
  arena: boolean;
  view: {
    dice: number[];
    diceCounts: number[];
    palifico: boolean;
    palificoSeat: number | null;
    starter: number;
    bids: { seat: number; quantity: number; face: number }[];
    turn: number;
  };
  legal: {
    bids: ({ face: number; minQuantity: number } & Odds)[];
    dudo: boolean;
    exact: boolean;
    standingBidOdds: Odds | null;
  };
  action: { kind: 'BID' | 'DUDO' | 'EXACT'; quantity?: number; face?: number };
  thinkMs: number;
  outcome: ExportRound['outcome'];
}

const SCHEMA = JSON.parse(
  readFileSync(path.join(__dirname, '..', '..', 'docs', 'decisions.schema.json'), 'utf8'),
) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(SCHEMA);

let api: TestApi;
let ann: Player;
let bob: Player;
let cat: Player;
/** An agent too: it left its first game before deciding anything. */
let dan: Player;
/** Finished public games, in the order they were played. */
const played: { id: string; preset: string; people: Player[] }[] = [];
/** Finished games the export must leave out. */
const hidden: string[] = [];
let arenaGame: string;
let timedGame: string;
/** A finished game without a bid: Ann left before anyone bid. */
let emptyGame: string;

/** The database key inside a global id. */
function key(id: string): string {
  return Buffer.from(id, 'base64url').toString('utf8').split(':')[1]!;
}

const exportUrl = (url: string, what: 'games' | 'decisions', query = ''): string =>
  url.replace('/graphql', `/export/${what}.ndjson${query}`);

async function readLines<T>(url: string): Promise<T[]> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const text = await res.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}

const decisionsOf = (query = ''): Promise<Line[]> => readLines<Line>(exportUrl(api.url, 'decisions', query));

async function addBot(host: Player, gameId: string, level: string): Promise<void> {
  const reply = await gql<{ addBot: { userErrors: unknown[] } }>(
    api.url,
    'mutation($input: AddBotInput!) { addBot(input: $input) { userErrors { code message } } }',
    { input: { gameId, level } },
    host.token,
  );
  expect(reply.body.data?.addBot.userErrors).toEqual([]);
}

/**
 * Plays `me`'s seat until the game ends: calls dudo on a bid that looks too high, sometimes calls exact (out
 * of turn too, where the rules allow), else bids the smallest quantity of the face it holds most of. With
 * `letFirstTurnRunOut`, its first turn is left to the turn timer.
 */
async function playSeat(gameId: string, me: Player, seed: number, letFirstTurnRunOut = false): Promise<void> {
  const rng = botRng(seed);
  let waiting = letFirstTurnRunOut;
  for (let polls = 0; polls < 20_000; polls++) {
    const view = await playView(api.url, gameId, me);
    if (view.status === 'FINISHED') return;
    const mine = view.seats.find((s) => s.player.id === me.id)!;
    const actions = view.legalActions;
    const onTurn =
      view.turn?.position === mine.position && actions !== null && (actions.canBid || actions.canDudo);
    if (onTurn && waiting) {
      // Left to the timer: wait until the game moves on without us.
      while ((await playView(api.url, gameId, me)).version === view.version) await sleep(50);
      waiting = false;
      continue;
    }
    const dice = mine.dice ?? [];
    const last = view.currentRound?.bids[view.currentRound.bids.length - 1];
    const total = view.seats.reduce((n, s) => n + s.diceCount, 0);
    const wild = view.rules.wildAces && !view.currentRound?.palifico;
    const expected = (face: number) =>
      dice.filter((d) => d === face || (wild && d === 1 && face !== 1)).length +
      (total - dice.length) * (wild && face !== 1 ? 1 / 3 : 1 / 6);
    let input: Record<string, unknown> | null = null;
    let name: 'placeBid' | 'callDudo' | 'callExact' = 'placeBid';
    if (actions?.canExact && last && Math.abs(expected(last.face) - last.quantity) < 1 && rng.int(4) === 0) {
      name = 'callExact';
      input = {};
    } else if (
      onTurn &&
      actions!.canDudo &&
      last &&
      (last.quantity > expected(last.face) + 0.5 || rng.int(6) === 0)
    ) {
      name = 'callDudo';
      input = {};
    } else if (onTurn && actions!.canBid) {
      const best = [...actions!.minBids].sort(
        (a, b) => expected(b.face) - b.minQuantity - (expected(a.face) - a.minQuantity),
      )[rng.int(2) === 0 ? 0 : rng.int(actions!.minBids.length)]!;
      input = { quantity: best.minQuantity, face: best.face };
    }
    if (input === null) {
      await sleep(10);
      continue;
    }
    // A bot may move first: the stale move is refused and the loop reads the game again.
    await mutate(api.url, name, { gameId, expectedVersion: view.version, ...input }, me.token, 'id');
  }
  throw new Error(`game ${gameId} did not end`);
}

/** A game hosted by `people[0]`, the others and `bots` seated, started, played to its end. */
async function botGame(
  people: Player[],
  bots: string[],
  input: Record<string, unknown>,
  seed: number,
  letFirstTurnRunOut = false,
): Promise<string> {
  const created = accepted(await mutate(api.url, 'createGame', input, people[0]!.token, 'id'), 'createGame');
  for (const p of people.slice(1)) {
    accepted(await mutate(api.url, 'joinGame', { gameId: created.id }, p.token, 'id'), 'joinGame');
  }
  for (const level of bots) await addBot(people[0]!, created.id, level);
  accepted(await mutate(api.url, 'startGame', { gameId: created.id }, people[0]!.token, 'id'), 'startGame');
  await Promise.all(
    people.map((p, i) => playSeat(created.id, p, seed * 10 + i, letFirstTurnRunOut && i === 0)),
  );
  return created.id;
}

/**
 * A game of people alone, each move by the test's player, out-of-turn exact calls included: where the rules
 * allow one, the first chance is always taken, so the export has one whatever the dice.
 */
async function peopleGame(players: Player[], preset: string, seed: number): Promise<string> {
  const started = await startedGame(api.url, players, { preset, overrides: { startingDice: 3 } });
  const rng = botRng(seed);
  let game: BotView = started;
  let outOfTurn = false;
  for (let moves = 0; game.status === 'IN_PROGRESS'; moves++) {
    if (moves > 600) throw new Error('the game does not end');
    const turn = game.turn?.position;
    const move = await playTurn(api, game, players, {
      rng,
      exactRate: 0.4,
      outOfTurnExactRate: outOfTurn ? 0.2 : 1,
    });
    outOfTurn ||= move.kind === 'EXACT' && move.seat !== turn;
    game = move.game;
  }
  return started.id;
}

beforeAll(async () => {
  api = await TestApi.start({
    server: { botDelayMs: 5, turnTimerIntervalMs: 50, ratingIntervalMs: 200, allAwayEndSeconds: 1 },
  });
  [ann, bob, cat, dan] = await api.registerPlayers(['Ann', 'Bob', 'Cat', 'Dan']);
  const dice = (n: number) => ({ overrides: { startingDice: n } });
  const bots = async (people: Player[], levels: string[], preset: string, seed: number, extra = {}) => {
    const id = await botGame(people, levels, { preset, ...dice(3), ...extra }, seed);
    played.push({ id, preset, people });
    return id;
  };
  const empty = await startedGame(api.url, [ann!, cat!], { preset: 'PUB' });
  accepted(await mutate(api.url, 'leaveGame', { gameId: empty.id }, ann!.token, 'status'), 'leaveGame');
  emptyGame = empty.id;
  // Dan leaves his first game at once (Ann and a bot play it out), then plays one with bots.
  const left = accepted(
    await mutate(api.url, 'createGame', { preset: 'PUB', ...dice(2) }, ann!.token, 'id'),
    'create',
  );
  accepted(await mutate(api.url, 'joinGame', { gameId: left.id }, dan!.token, 'id'), 'joinGame');
  await addBot(ann!, left.id, 'EASY');
  accepted(await mutate(api.url, 'startGame', { gameId: left.id }, ann!.token, 'id'), 'startGame');
  accepted(await mutate(api.url, 'leaveGame', { gameId: left.id }, dan!.token, 'id'), 'leaveGame');
  await playSeat(left.id, ann!, 11);
  played.push({ id: left.id, preset: 'PUB', people: [ann!, dan!] });
  await bots([dan!], ['NORMAL', 'HARD'], 'PERUDO', 12);
  arenaGame = await bots([ann!], ['EASY', 'NORMAL', 'HARD'], 'PUB', 1);
  await bots([bob!], ['HARD', 'NORMAL'], 'PERUDO', 2);
  await bots([ann!, bob!], ['EASY'], 'LIARS_DICE', 3);
  await bots([bob!, cat!], ['NORMAL', 'HARD'], 'PUB', 4);
  // More games of one person and three bots, every preset, to play many rounds of every kind.
  for (const [i, preset] of [
    'PUB',
    'PERUDO',
    'LIARS_DICE',
    'CLASSIC',
    'PUB',
    'PERUDO',
    'LIARS_DICE',
    'CLASSIC',
  ].entries())
    await bots([[ann!, bob!, cat!][i % 3]!], ['EASY', 'NORMAL', 'HARD'], preset, 20 + i);
  played.push({
    id: await peopleGame([ann!, bob!, cat!], 'PUB', 5),
    preset: 'PUB',
    people: [ann!, bob!, cat!],
  });
  played.push({ id: await peopleGame([cat!, ann!], 'PERUDO', 6), preset: 'PERUDO', people: [cat!, ann!] });
  // A timed game whose first turn of Cat's runs out: the server plays it.
  timedGame = await botGame(
    [cat!],
    ['EASY', 'HARD'],
    { preset: 'CLASSIC', ...dice(2), turnSeconds: 5 },
    7,
    true,
  );
  played.push({ id: timedGame, preset: 'CLASSIC', people: [cat!] });
  hidden.push(await botGame([ann!], ['NORMAL'], { preset: 'PUB', ...dice(2), visibility: 'PRIVATE' }, 8));
  hidden.push(await botGame([cat!], ['EASY'], { preset: 'PUB', ...dice(2), allowSpectators: false }, 9));
  // Bob becomes an agent of Ann's; the first game becomes an arena game.
  await api.sql('UPDATE players SET owner_id = $1 WHERE id = ANY($2::uuid[])', [
    key(ann!.id),
    [key(bob!.id), key(dan!.id)],
  ]);
  await api.sql(`UPDATE games SET arena_key = 'PUB:4:10' WHERE id = $1`, [key(arenaGame)]);
}, 240_000);

afterAll(async () => {
  await api?.close();
});

/** The decisions a game's export line implies, in order: each bid, then the round's call. */
function expectedDecisions(game: ExportGame): Pick<Line, 'round' | 'seat' | 'action' | 'outcome'>[] {
  return game.rounds.flatMap((r) => {
    // The game export's outcome also points at the called bid: a decision's is the rest of it.
    const o = r.outcome;
    const outcome = o && {
      kind: o.kind,
      caller: o.caller,
      actualCount: o.actualCount,
      loser: o.loser,
      gainer: o.gainer,
    };
    return [
      ...r.bids.map((b) => ({
        round: r.number,
        seat: b.seat,
        action: { kind: 'BID' as const, quantity: b.quantity, face: b.face },
        outcome,
      })),
      ...(o ? [{ round: r.number, seat: o.caller, action: { kind: o.kind }, outcome }] : []),
    ];
  });
}

/** P(X = m) and P(X >= m) for X ~ Binomial(n, p), as API.md's "Odds for the viewer" states them. */
function binomial(n: number, p: number, m: number): Odds {
  if (m <= 0) return { atLeast: 1, exactly: m === 0 ? (1 - p) ** n : 0 };
  if (m > n) return { atLeast: 0, exactly: 0 };
  const pmf = (k: number) => {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
    return c * p ** k * (1 - p) ** (n - k);
  };
  let atLeast = 0;
  for (let k = m; k <= n; k++) atLeast += pmf(k);
  return { atLeast, exactly: pmf(m) };
}

function oddsFor(line: Line, wildAces: boolean, quantity: number, face: number): Odds {
  const wild = wildAces && !line.view.palifico;
  const own = line.view.dice.filter((d) => d === face || (wild && d === 1 && face !== 1)).length;
  const unseen = line.view.diceCounts.reduce((a, b) => a + b, 0) - line.view.dice.length;
  return binomial(unseen, wild && face !== 1 ? 1 / 3 : 1 / 6, quantity - own);
}

function expectOdds(actual: Odds, expected: Odds): void {
  expect(actual.atLeast).toBeCloseTo(expected.atLeast, 10);
  expect(actual.exactly).toBeCloseTo(expected.exactly, 10);
}

/** Every array of numbers anywhere in a value. */
function numberArrays(value: unknown): number[][] {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => typeof v === 'number')) return [value as number[]];
    return value.flatMap(numberArrays);
  }
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(numberArrays);
  return [];
}

describe('GET /export/decisions.ndjson', () => {
  /** The game export's games, and those of them with a decision: the ones the decisions export pages. */
  let exported: ExportGame[];
  let games: ExportGame[];
  let lines: Line[];

  beforeAll(async () => {
    exported = await readLines<ExportGame>(exportUrl(api.url, 'games'));
    games = exported.filter((g) => g.id !== emptyGame);
    lines = await decisionsOf();
  });

  it('gives every decision of every exported game, in log order, numbered from 0 within each game', () => {
    expect(exported.map((g) => g.id).sort()).toEqual([...played.map((g) => g.id), emptyGame].sort());
    // A game without a decision has no line: every page's last line names the game to go on after.
    expect(exported.find((g) => g.id === emptyGame)!.rounds.map((r) => r.bids)).toEqual([[]]);
    expect([...new Set(lines.map((l) => l.game))]).toEqual(games.map((g) => g.id));
    for (const game of games) {
      const mine = lines.filter((l) => l.game === game.id);
      expect(mine.map((l) => l.decision)).toEqual(mine.map((_, i) => i));
      expect(
        mine.map((l) => ({ round: l.round, seat: l.seat, action: l.action, outcome: l.outcome })),
      ).toEqual(expectedDecisions(game));
      expect(mine.map((l) => l.player)).toEqual(mine.map((l) => game.players[l.seat]!.id));
    }
    // Bids, dudo and exact calls all appear, out-of-turn exact calls among them.
    const kinds = new Set(lines.map((l) => l.action.kind));
    expect([...kinds].sort()).toEqual(['BID', 'DUDO', 'EXACT']);
    expect(lines.some((l) => l.action.kind === 'EXACT' && l.seat !== l.view.turn)).toBe(true);
  });

  it('never leaves a private or spectator-less game out of its secrecy: neither appears', () => {
    for (const id of hidden) expect(lines.some((l) => l.game === id)).toBe(false);
    expect(hidden).toHaveLength(2);
  });

  it("shows each seat its own hand, the counts, the round's bids before it, and no other hand", () => {
    for (const line of lines) {
      const game = games.find((g) => g.id === line.game)!;
      const round = game.rounds[line.round - 1]!;
      expect(line.view.dice).toEqual(round.hands[line.seat]);
      expect(line.view.diceCounts).toEqual(round.hands.map((h) => h.length));
      expect([line.view.starter, line.view.palifico, line.view.palificoSeat]).toEqual([
        round.starter,
        round.palifico,
        round.palificoSeat,
      ]);
      const before = lines.filter(
        (l) => l.game === line.game && l.round === line.round && l.decision < line.decision,
      );
      const bidsBefore = before.filter((l) => l.action.kind === 'BID').length;
      expect(line.view.bids).toEqual(
        round.bids.slice(0, bidsBefore).map((b) => ({ seat: b.seat, quantity: b.quantity, face: b.face })),
      );
      // A bid after another was thought over from the one before it.
      if (line.action.kind === 'BID' && bidsBefore > 0) {
        expect(line.thinkMs).toBe(
          Date.parse(round.bids[bidsBefore]!.at) - Date.parse(round.bids[bidsBefore - 1]!.at),
        );
      }
      // The only arrays of numbers in a line are the seat's own dice and the dice counts.
      // (every object of a line has a fixed set of keys: see the schema test below), so no other seat's hand
      // is in it.
      expect(numberArrays(line)).toEqual([line.view.dice, line.view.diceCounts]);
    }
  });

  it('gives the legal actions with the odds the API gives the seat, and the seat on turn', () => {
    for (const line of lines) {
      const game = games.find((g) => g.id === line.game)!;
      const wild = game.rules.wildAces;
      for (const b of line.legal.bids) expectOdds(b, oddsFor(line, wild, b.minQuantity, b.face));
      const standing = line.view.bids[line.view.bids.length - 1];
      if (standing)
        expectOdds(line.legal.standingBidOdds!, oddsFor(line, wild, standing.quantity, standing.face));
      else expect(line.legal.standingBidOdds).toBeNull();
      const { kind, quantity, face } = line.action;
      if (kind === 'BID') {
        expect(line.view.turn).toBe(line.seat);
        expect(line.legal.bids.some((b) => b.face === face && b.minQuantity <= quantity!)).toBe(true);
      } else if (kind === 'DUDO') {
        expect([line.view.turn, line.legal.dudo]).toEqual([line.seat, true]);
      } else {
        expect(line.legal.exact).toBe(true);
        // The seat on turn is the next one with dice after the bidder, whoever calls.
        const hands = game.rounds[line.round - 1]!.hands;
        let next = standing!.seat;
        do next = (next + 1) % hands.length;
        while (hands[next]!.length === 0);
        expect(line.view.turn).toBe(next);
        // Out of turn, only the exact call was open to the seat.
        if (line.seat !== line.view.turn) expect([line.legal.bids, line.legal.dudo]).toEqual([[], false]);
      }
    }
  });

  it('marks who made each move: bots at their level, the server for a turn that ran out, people', async () => {
    const levels = await api.sql<{ id: string; bot_level: string | null }>(
      'SELECT id::text AS id, bot_level FROM players',
    );
    const levelOf = new Map(levels.map((p) => [p.id, p.bot_level]));
    for (const line of lines) {
      const level = levelOf.get(key(line.player)) ?? null;
      if (level !== null) expect([line.bot, line.byServer, line.timedOut]).toEqual([level, true, false]);
      else if (line.timedOut) expect([line.bot, line.byServer]).toEqual(['NORMAL', true]);
      else expect([line.bot, line.byServer]).toEqual([null, false]);
      expect(line.agent).toBe(line.player === bob!.id || line.player === dan!.id);
      expect(line.arena).toBe(line.game === arenaGame);
      expect(line.preset).toBe(line.rules.preset);
      expect(Number.isInteger(line.thinkMs) && line.thinkMs >= 0).toBe(true);
    }
    // Cat's first turn in the timed game ran out after its 5 s.
    // (A later turn of Cat's would run out too on a machine that stalls for 5 s: only the first is certain.)
    const timedOut = lines.filter((l) => l.timedOut);
    expect(timedOut[0]!.game).toBe(timedGame);
    expect(new Set(timedOut.map((l) => `${l.game} ${l.player}`))).toEqual(
      new Set([`${timedGame} ${cat!.id}`]),
    );
    expect(timedOut[0]!.thinkMs).toBeGreaterThanOrEqual(5_000);
  });

  it('every line validates against docs/decisions.schema.json', () => {
    for (const line of lines) {
      const ok = validate(line);
      expect(ok ? [] : validate.errors).toEqual([]);
    }
    expect(lines.length).toBeGreaterThan(100);
  });

  it('takes the game export’s filters, agentId (its decisions only) and arena', async () => {
    const gameIds = (ls: Line[]) => [...new Set(ls.map((l) => l.game))];
    const all = games.map((g) => g.id);
    const pub = games.filter((g) => g.rules.preset === 'PUB').map((g) => g.id);
    expect(gameIds(await decisionsOf('?preset=PUB'))).toEqual(pub);
    expect(await decisionsOf('?preset=PUB')).toEqual(lines.filter((l) => pub.includes(l.game)));
    const cats = played.filter((g) => g.people.includes(cat!)).map((g) => g.id);
    expect(gameIds(await decisionsOf(`?playerId=${encodeURIComponent(cat!.id)}`))).toEqual(
      all.filter((id) => cats.includes(id)),
    );
    const bobs = await decisionsOf(`?agentId=${encodeURIComponent(bob!.id)}`);
    expect(bobs).toEqual(lines.filter((l) => l.player === bob!.id));
    expect(bobs.length).toBeGreaterThan(10);
    // Dan's first game has no decision of his: his first page of one game is his second game.
    const dans = lines.filter((l) => l.player === dan!.id);
    expect(new Set(dans.map((l) => l.game)).size).toBe(1);
    expect(await decisionsOf(`?agentId=${encodeURIComponent(dan!.id)}&limit=1`)).toEqual(dans);
    expect(await decisionsOf('?arena=true')).toEqual(lines.filter((l) => l.game === arenaGame));
    expect(await decisionsOf('?arena=false')).toEqual(lines.filter((l) => l.game !== arenaGame));
    expect(await decisionsOf(`?arena=false&agentId=${encodeURIComponent(bob!.id)}&preset=PUB`)).toEqual(
      lines.filter((l) => l.player === bob!.id && l.game !== arenaGame && l.rules.preset === 'PUB'),
    );
    expect(await decisionsOf('?limit=2')).toEqual(lines.filter((l) => all.slice(0, 2).includes(l.game)));
  });

  it('refuses bad parameters with 400 and the rule, an agentId that is not an agent among them', async () => {
    for (const [query, message] of [
      [
        `?agentId=${encodeURIComponent(ann!.id)}`,
        'agentId is not an agent: use playerId for a person or a bot',
      ],
      ['?agentId=x', 'agentId is not a player ID'],
      ['?arena=yes', 'arena must be true or false'],
      ['?limit=0', 'limit must be a whole number from 1 to 10000'],
      ['?preset=FOO', 'preset must be one of CLASSIC, PERUDO, LIARS_DICE, PUB'],
      ['?after=nope', 'after is not a game ID'],
      [
        '?sort=desc',
        'unknown parameter sort: use preset, playerId, finishedAfter, finishedBefore, limit, after, agentId, arena',
      ],
    ] as const) {
      const res = await fetch(exportUrl(api.url, 'decisions', query));
      expect([res.status, await res.json()]).toEqual([400, { error: message }]);
    }
    // The game export still knows only its own parameters.
    const res = await fetch(exportUrl(api.url, 'games', '?arena=true'));
    expect(res.status).toBe(400);
  });

  it('pages with after= exactly, by limit and by the byte bound', async () => {
    const follow = async (base: string, query: string) => {
      const pages: Line[][] = [];
      let after = '';
      for (;;) {
        const page = await readLines<Line>(exportUrl(base, 'decisions', `?${query}${after}`));
        if (page.length === 0) return pages;
        pages.push(page);
        after = `&after=${encodeURIComponent(page[page.length - 1]!.game)}`;
      }
    };
    const byOne = await follow(api.url, 'limit=1');
    expect(byOne.map((p) => p[0]!.game)).toEqual(games.map((g) => g.id));
    expect(byOne.flat()).toEqual(lines);
    const byTwo = await follow(api.url, 'limit=2');
    expect(byTwo.flat()).toEqual(lines);
    // A server whose responses hold 30 kB: each ends after a whole game, and after= goes on from it.
    const narrow: App = await startServer(api.database.url, { exportPageBytes: 30_000 });
    try {
      const res = await fetch(exportUrl(narrow.url, 'decisions'));
      expect(res.headers.get('x-export-page-bytes')).toBe('30000');
      // Read to its end: the export holds this address's slot until then.
      const first = (await res.text()).split('\n').filter(Boolean);
      const pages = await follow(narrow.url, 'limit=10000');
      expect(pages.length).toBeGreaterThan(1);
      expect(first.map((l) => JSON.parse(l) as Line)).toEqual(pages[0]);
      expect(pages.flat()).toEqual(lines);
      for (const [i, page] of pages.entries()) {
        const bytes = page.reduce((n, l) => n + Buffer.byteLength(JSON.stringify(l)) + 1, 0);
        // Over the bound only when one game's lines alone pass it.
        if (bytes > 30_000) expect(new Set(page.map((l) => l.game)).size).toBe(1);
        if (i > 0) expect(page[0]!.game).not.toBe(pages[i - 1]!.at(-1)!.game);
      }
    } finally {
      await narrow.stop();
    }
  });

  it('streams lines at a rate measured against the game export', async () => {
    const rate = async (what: 'games' | 'decisions') => {
      const started = performance.now();
      const text = await (await fetch(exportUrl(api.url, what))).text();
      const ms = performance.now() - started;
      const n = text.split('\n').filter(Boolean).length;
      return {
        lines: n,
        bytes: text.length,
        ms: Math.round(ms),
        linesPerSecond: Math.round((n * 1000) / ms),
      };
    };
    // Taken in turns, three times each, after a first read of each: the best of each is kept.
    await rate('games');
    await rate('decisions');
    const runs: { games: Awaited<ReturnType<typeof rate>>; decisions: Awaited<ReturnType<typeof rate>> }[] =
      [];
    for (let i = 0; i < 3; i++) runs.push({ games: await rate('games'), decisions: await rate('decisions') });
    const best = (what: 'games' | 'decisions') =>
      runs.map((r) => r[what]).sort((a, b) => b.linesPerSecond - a.linesPerSecond)[0]!;
    const figures = { games: best('games'), decisions: best('decisions'), runs };
    expect([figures.games.lines, figures.decisions.lines]).toEqual([exported.length, lines.length]);
    if (process.env.EXPORT_RATE_OUT) {
      writeFileSync(process.env.EXPORT_RATE_OUT, JSON.stringify(figures) + '\n');
    }
  });
});
