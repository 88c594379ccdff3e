// Tests of the pure rating rules: who a game rates, the pair cap and the established rule.
import {
  counts,
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
