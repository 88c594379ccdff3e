// The web client's wording: odds never round up to a certainty they are not, in each language's number style.
import { formatOdds } from '../../examples/web/src/format';

const PROBABILITIES = [1, 0.9999, 0.999, 0.998, 0.995, 0.994, 0.5, 0.123, 0.004, 0.0004, 0];

it('shows odds without claiming certainty', () => {
  expect(PROBABILITIES.map((p) => formatOdds(p))).toEqual([
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

it('writes odds as Spanish and Brazilian Portuguese do', () => {
  // Both put a decimal comma; Spanish also puts a (no-break) space before the percent sign.
  expect(PROBABILITIES.map((p) => formatOdds(p, 'es').replace(/\u00a0/g, ' '))).toEqual([
    '100 %',
    '>99,9 %',
    '99,9 %',
    '99,8 %',
    '99,5 %',
    '99 %',
    '50 %',
    '12 %',
    '0,4 %',
    '<0,1 %',
    '0 %',
  ]);
  expect(formatOdds(0.004, 'pt-BR')).toBe('0,4%');
  expect(formatOdds(0.5, 'pt-BR')).toBe('50%');
});
