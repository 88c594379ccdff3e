// The odds of a bid for the viewer over HTTP: Game.odds, BidOption.probability, LegalActions.standingBidOdds.
import type { App } from '../../src/app';
import {
  accepted,
  dataOf,
  gql,
  lobbyGame,
  mutate,
  onlyError,
  registerPlayer,
  startedGame,
  type Player,
} from '../support/graphql-client';
import { startServer } from '../support/server-launcher';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Every probability is checked against the contract's formula computed here on its own (exact rationals
 * with BigInt): k matching dice in the viewer's hand, n unseen dice, each matching with p.
 */

let db: TestDatabase;
let app: App;
let players: Player[];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startServer(db.url);
  players = await Promise.all(['Ann', 'Bob', 'Cid'].map((n) => registerPlayer(app.url, n)));
});

afterAll(async () => {
  await app.stop();
  await db.drop();
});

function choose(n: number, k: number): bigint {
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
}

/** P(Binomial(n, num/den) = m), as a float from an exact fraction. */
function pmf(n: number, num: number, den: number, m: number): number {
  if (m < 0 || m > n) return 0;
  const top = choose(n, m) * BigInt(num) ** BigInt(m) * BigInt(den - num) ** BigInt(n - m);
  const bottom = BigInt(den) ** BigInt(n);
  // Scaled division keeps 15 significant digits.
  return Number((top * 10n ** 18n) / bottom) / 1e18;
}

function expectedOdds(
  hand: readonly number[],
  unseen: number,
  wild: boolean,
  quantity: number,
  face: number,
): { atLeast: number; exactly: number } {
  const matches = (d: number): boolean => d === face || (wild && face !== 1 && d === 1);
  const k = hand.filter(matches).length;
  const num = wild && face !== 1 ? 1 : 0;
  const [p, q] = num === 1 ? [1, 3] : [1, 6];
  const need = quantity - k;
  let atLeast = 0;
  for (let m = Math.max(need, 0); m <= unseen; m++) atLeast += pmf(unseen, p, q, m);
  return { atLeast: need <= 0 ? 1 : atLeast, exactly: need < 0 ? 0 : pmf(unseen, p, q, need) };
}

const ODDS_QUERY = `query($id: ID!) {
  game(id: $id) {
    rules { wildAces }
    currentRound { palifico bids { quantity face } }
    seats { position dice diceCount player { id } }
    a: odds(quantity: 3, face: 4) { atLeast exactly }
    b: odds(quantity: 1, face: 1) { atLeast exactly }
    c: odds(quantity: 9, face: 6) { atLeast exactly }
    legalActions { minBids { face minQuantity probability } standingBidOdds { atLeast exactly } }
  }
}`;

interface OddsGame {
  rules: { wildAces: boolean };
  currentRound: { palifico: boolean; bids: { quantity: number; face: number }[] } | null;
  seats: { position: number; dice: number[] | null; diceCount: number; player: { id: string } }[];
  a: { atLeast: number; exactly: number } | null;
  b: { atLeast: number; exactly: number } | null;
  c: { atLeast: number; exactly: number } | null;
  legalActions: {
    minBids: { face: number; minQuantity: number; probability: number }[];
    standingBidOdds: { atLeast: number; exactly: number } | null;
  } | null;
}

async function oddsAs(gameId: string, viewer: Player | null): Promise<OddsGame> {
  return dataOf(await gql<{ game: OddsGame }>(app.url, ODDS_QUERY, { id: gameId }, viewer?.token)).game;
}

function checkOdds(game: OddsGame, viewer: Player | null): void {
  const own = viewer ? game.seats.find((s) => s.player.id === viewer.id)! : null;
  const hand = own?.dice ?? [];
  const total = game.seats.reduce((n, s) => n + s.diceCount, 0);
  const wild = game.rules.wildAces && !game.currentRound!.palifico;
  const unseen = total - hand.length;
  for (const [key, q, f] of [
    ['a', 3, 4],
    ['b', 1, 1],
    ['c', 9, 6],
  ] as const) {
    const want = expectedOdds(hand, unseen, wild, q, f);
    expect(game[key]!.atLeast).toBeCloseTo(want.atLeast, 12);
    expect(game[key]!.exactly).toBeCloseTo(want.exactly, 12);
  }
  for (const option of game.legalActions?.minBids ?? []) {
    const want = expectedOdds(hand, unseen, wild, option.minQuantity, option.face);
    expect(option.probability).toBeCloseTo(want.atLeast, 12);
  }
}

it('gives each player the odds from their own dice and the dice counts, and spectators the odds of unseen dice', async () => {
  const game = await startedGame<{ id: string }>(app.url, players, { preset: 'PERUDO' }, 'id');
  for (const viewer of players) {
    const seen = await oddsAs(game.id, viewer);
    expect(seen.seats.find((s) => s.player.id === viewer.id)!.dice).toHaveLength(5);
    checkOdds(seen, viewer);
  }
  const spectator = await oddsAs(game.id, null);
  expect(spectator.legalActions).toBeNull();
  checkOdds(spectator, null);
  // 15 unseen dice, aces wild: at least 3 fours.
  expect(spectator.a!.atLeast).toBeCloseTo(expectedOdds([], 15, true, 3, 4).atLeast, 12);
});

it('gives the odds of the bid on the table once there is one', async () => {
  const game = await startedGame<{ id: string; turn: { position: number } }>(
    app.url,
    players,
    { preset: 'PERUDO' },
    'id turn { position }',
  );
  const before = await oddsAs(game.id, players[0]!);
  expect(before.legalActions!.standingBidOdds).toBeNull();
  const seats = (await oddsAs(game.id, null)).seats;
  const mover = players.find((p) => p.id === seats[game.turn.position]!.player.id)!;
  const bid = accepted(
    await mutate<{ id: string }>(
      app.url,
      'placeBid',
      { gameId: game.id, quantity: 2, face: 5 },
      mover.token,
      'id',
    ),
    'placeBid',
  );
  expect(bid.id).toBe(game.id);
  for (const viewer of players) {
    const seen = await oddsAs(game.id, viewer);
    const hand = seen.seats.find((s) => s.player.id === viewer.id)!.dice!;
    const want = expectedOdds(hand, 15 - hand.length, true, 2, 5);
    expect(seen.legalActions!.standingBidOdds!.atLeast).toBeCloseTo(want.atLeast, 12);
    expect(seen.legalActions!.standingBidOdds!.exactly).toBeCloseTo(want.exactly, 12);
  }
});

it('is null while no round is open, and refuses a face outside 1..6 or a quantity below 1', async () => {
  const lobby = await lobbyGame(app.url, players.slice(0, 2));
  const seen = await oddsAs(lobby.id, players[0]!);
  expect(seen.a).toBeNull();
  const game = await startedGame<{ id: string }>(app.url, players, { preset: 'PERUDO' }, 'id');
  for (const [quantity, face] of [
    [1, 0],
    [1, 7],
    [0, 3],
  ]) {
    const error = onlyError(
      await gql(
        app.url,
        'query($id: ID!, $q: Int!, $f: Int!) { game(id: $id) { odds(quantity: $q, face: $f) { atLeast } } }',
        { id: game.id, q: quantity, f: face },
        players[0]!.token,
      ),
    );
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  }
});
