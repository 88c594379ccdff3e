// The web client's wording: odds never round up to a certainty they are not, and counts take their plural.
import { count, formatOdds } from '../../examples/web/src/format';

it('shows odds without claiming certainty', () => {
  expect([1, 0.9999, 0.999, 0.998, 0.995, 0.994, 0.5, 0.123, 0.004, 0.0004, 0].map(formatOdds)).toEqual([
    '100%',
    '>99.9%',
    '99.9%',
    '99.8%',
    '99.5%',
    '99%',
    '50%',
    '12%',
    '0.4%',
    '<0.1%',
    '0%',
  ]);
});

it('writes counts with their plural', () => {
  expect([0, 1, 2].map((n) => count(n, 'die', 'dice'))).toEqual(['0 dice', '1 die', '2 dice']);
});
