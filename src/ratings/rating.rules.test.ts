// Tests of the pure rating rules: who a game rates, the pair cap and the established rule.
import {
  arenaSeats,
  counts,
  rateArenaGame,
  PAIR_GAMES_PER_DAY,
  PROVISIONAL_GAMES,
  ratedMovers,
  rateGame,
  ratingRecord,
  type RecentGame,
} from './rating.rules';

const AT = new Date('2026-01-02T12:00:00Z');

it('rates the seats that moved themselves, bots never, in place order', () => {
  const players = ['p0', 'p1', 'bot', 'p3'];
  expect(ratedMovers([3, 2, 0, 1], players, new Set([0, 2, 3]), new Set(['bot']))).toEqual(['p3', 'p0']);
  expect(ratedMovers([0, 1], players, undefined, new Set())).toEqual([]);
});

it('counts a game of two movers or more until every pair of them reached the daily cap', () => {
  const recent = (n: number): RecentGame[] =>
    Array.from({ length: n }, (_, i) => ({
      preset: 'CLASSIC',
      finishedAt: new Date(AT.getTime() - (i + 1) * 60_000),
      movers: new Set(['a', 'b']),
    }));
  const game = { preset: 'CLASSIC', finishedAt: AT };
  expect(counts([], game, ['a'])).toBe(false);
  expect(counts(recent(PAIR_GAMES_PER_DAY - 1), game, ['a', 'b'])).toBe(true);
  expect(counts(recent(PAIR_GAMES_PER_DAY), game, ['a', 'b'])).toBe(false);
  // A new pair in the game is not capped yet.
  expect(counts(recent(PAIR_GAMES_PER_DAY), game, ['a', 'b', 'c'])).toBe(true);
  expect(counts(recent(PAIR_GAMES_PER_DAY), { preset: 'PALIFICO', finishedAt: AT }, ['a', 'b'])).toBe(true);
});

it('moves the winner up and the loser down, and an established rating only beside another established one', () => {
  const [winner, loser] = rateGame([null, null]);
  expect(winner!.games).toBe(1);
  expect(winner!.ordinal).toBeGreaterThan(loser!.ordinal);
  const established = ratingRecord(30, 4, PROVISIONAL_GAMES);
  expect(rateGame([established, null])[0]).toBeNull();
  expect(rateGame([established, established])[0]!.games).toBe(PROVISIONAL_GAMES + 1);
});

it("rates every seat of an arena game by place with OpenSkill's defaults, established ratings too", () => {
  const established = ratingRecord(30, 4, PROVISIONAL_GAMES);
  const after = rateArenaGame([established, established, null]);
  expect(after.map((r) => r.games)).toEqual([PROVISIONAL_GAMES + 1, PROVISIONAL_GAMES + 1, 1]);
  expect(after[0]!.mu).toBeGreaterThan(30);
  expect(after[1]!.mu).toBeLessThan(after[0]!.mu);
  // The people's rule would have left the winner's rating as it was beside one established mover only.
  expect(rateGame([established, null])[0]).toBeNull();
  expect(rateArenaGame([established, null])[0]!.games).toBe(PROVISIONAL_GAMES + 1);
});

it('an arena game rates its seats in place order, agents and reference bots alike', () => {
  expect(arenaSeats([2, 0, 1], ['agent', 'easy', 'hard'])).toEqual(['hard', 'agent', 'easy']);
});

it("leaves agents and reference bots out of people's ratings: they are in the set bots are", () => {
  const players = ['person', 'agent', 'reference', 'other'];
  const notPeople = new Set(['agent', 'reference']);
  expect(ratedMovers([1, 0, 2, 3], players, new Set([0, 1, 2, 3]), notPeople)).toEqual(['person', 'other']);
});
