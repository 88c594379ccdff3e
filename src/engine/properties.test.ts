// Property tests of the engine over random games of every preset and of rule variants.
import fc from 'fast-check';
import { applyCommand } from './actions';
import { createGame } from './lobby.actions';
import { seededRng } from './random';
import { PRESETS, resolveRules } from './rules';
import { AT, pid } from './testing/builders';
import { playRandomGame, randomPlayOptions } from './testing/random-games';
import { randomMove } from './testing/random-player';

describe.each(['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB'] as const)('random games: %s', (preset) => {
  it('every action is checked; each game ends with exactly one winner', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 2, max: 6 }), randomPlayOptions, (seed, players, opts) => {
        playRandomGame({ rules: PRESETS[preset], players, seed, options: opts, thorough: false });
      }),
      { numRuns: 120 },
    );
  });

  it('legalActions and the views are checked at every position', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 2, max: 5 }), randomPlayOptions, (seed, players, opts) => {
        playRandomGame({ rules: PRESETS[preset], players, seed, options: opts, thorough: true });
      }),
      { numRuns: 25 },
    );
  });
});

describe('random games: LIARS_DICE with many players', () => {
  it('up to 20 players', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 7, max: 20 }), randomPlayOptions, (seed, players, opts) => {
        playRandomGame({ rules: PRESETS.LIARS_DICE, players, seed, options: opts, thorough: false });
      }),
      { numRuns: 20 },
    );
  });
});

describe('rule variants', () => {
  it.each([
    ['PERUDO with calza', 'PERUDO', { exact: 'CALZA' }],
    ['PERUDO with calza in palifico rounds', 'PERUDO', { exact: 'CALZA', exactInPalifico: true }],
    ['PUB capped at 7 dice, calza at the cap', 'PUB', { maxDice: 7, exactRequiresBelowMax: false }],
    ['LIARS_DICE capped at 4 dice, losers start', 'LIARS_DICE', { maxDice: 4, nextStarter: 'LOSER' }],
    ['CLASSIC without wild aces, aces may open', 'CLASSIC', { wildAces: false, openingAces: true }],
  ] as const)('%s', (_name, preset, overrides) => {
    const rules = resolveRules(preset, overrides);
    if (!rules.ok) throw new Error(rules.message);
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 2, max: 6 }), randomPlayOptions, (seed, players, opts) => {
        playRandomGame({ rules: rules.rules, players, seed, options: opts, thorough: players <= 3 });
      }),
      { numRuns: 30 },
    );
  });
});

it('the random player has no move outside play', () => {
  const rng = seededRng(3);
  const created = createGame({ host: pid(0), rules: PRESETS.PUB }, AT);
  if (!created.ok) throw new Error('refused');
  let state = created.state;
  for (const playerId of [pid(1), pid(2)]) {
    const r = applyCommand(state, { type: 'JOIN', playerId }, { rng, at: AT });
    if (r.ok) state = r.state;
  }
  expect(randomMove(state, rng)).toBeNull();
});
