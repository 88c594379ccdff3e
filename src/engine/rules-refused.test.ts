// Tests of rule overrides that are refused, and of their messages.
import { resolveRules, type RuleOverrides } from './rules';

describe('overrides that are refused, with a clear message', () => {
  const refused: [string, Parameters<typeof resolveRules>[0], RuleOverrides, string, string][] = [
    [
      'maxDice below startingDice',
      'CLASSIC',
      { maxDice: 4 },
      'maxDice',
      'maxDice must be null (no limit) or an integer from startingDice (5) to 20',
    ],
    [
      'maxDice below an overridden startingDice',
      'CLASSIC',
      { startingDice: 6, maxDice: 5 },
      'maxDice',
      'maxDice must be null (no limit) or an integer from startingDice (6) to 20',
    ],
    [
      'maxDice above 20',
      'LIARS_DICE',
      { maxDice: 21 },
      'maxDice',
      'maxDice must be null (no limit) or an integer from startingDice (3) to 20',
    ],
    [
      'startingDice 0',
      'CLASSIC',
      { startingDice: 0 },
      'startingDice',
      'startingDice must be an integer from 1 to 10',
    ],
    [
      'startingDice 11',
      'CLASSIC',
      { startingDice: 11 },
      'startingDice',
      'startingDice must be an integer from 1 to 10',
    ],
    [
      'startingDice 2.5',
      'PUB',
      { startingDice: 2.5 },
      'startingDice',
      'startingDice must be an integer from 1 to 10',
    ],
    [
      'startingDice as a string',
      'PUB',
      { startingDice: '5' as unknown as number },
      'startingDice',
      'startingDice must be an integer from 1 to 10',
    ],
    [
      'minPlayers 1',
      'CLASSIC',
      { minPlayers: 1 },
      'minPlayers',
      'minPlayers must be an integer from 2 to 20',
    ],
    [
      'maxPlayers 21',
      'LIARS_DICE',
      { maxPlayers: 21 },
      'maxPlayers',
      'maxPlayers must be an integer from minPlayers (2) to 20',
    ],
    [
      'maxPlayers 1',
      'CLASSIC',
      { maxPlayers: 1 },
      'maxPlayers',
      'maxPlayers must be an integer from minPlayers (2) to 20',
    ],
    [
      'maxPlayers below minPlayers',
      'CLASSIC',
      { minPlayers: 5, maxPlayers: 4 },
      'maxPlayers',
      'maxPlayers must be an integer from minPlayers (5) to 20',
    ],
    [
      'JINTO called by anyone but the next player',
      'LIARS_DICE',
      { exactCaller: 'ANY_EXCEPT_NEXT' },
      'exactCaller',
      'a jinto is called by the player whose turn it is: use NEXT_ONLY',
    ],
    [
      'JINTO called by anyone but the next player, on a preset without jinto',
      'PUB',
      { exact: 'JINTO', exactCaller: 'ANY_EXCEPT_NEXT' },
      'exactCaller',
      'a jinto is called by the player whose turn it is: use NEXT_ONLY',
    ],
    [
      'calza by anyone but the bidder and the next player, with two players',
      'PUB',
      { exactMinPlayers: 2 },
      'exactMinPlayers',
      'with ANY_EXCEPT_NEXT neither the bidder nor the next player may call, so exactMinPlayers must be at least 3',
    ],
    [
      'the veterans rule kept while palifico is switched off',
      'PERUDO',
      { palifico: 'NONE', palificoVeteransMayChangeFace: true },
      'palificoVeteransMayChangeFace',
      'palificoVeteransMayChangeFace needs a palifico mode other than NONE',
    ],
    ['an unknown option', 'CLASSIC', { dice: 5 } as RuleOverrides, 'dice', 'unknown rule option "dice"'],
    [
      'the preset as an option',
      'CLASSIC',
      { preset: 'PUB' } as RuleOverrides,
      'preset',
      'unknown rule option "preset"',
    ],
    [
      'an inherited property name',
      'CLASSIC',
      { constructor: 3 } as unknown as RuleOverrides,
      'constructor',
      'unknown rule option "constructor"',
    ],
    [
      'an unknown raise mode',
      'CLASSIC',
      { raise: 'FAST' as never },
      'raise',
      'raise must be one of STRICT, STANDARD, QUANTITY_ONLY',
    ],
    [
      'an unknown exact mode',
      'CLASSIC',
      { exact: 'SPOT_ON' as never },
      'exact',
      'exact must be one of NONE, CALZA, JINTO',
    ],
    [
      'a boolean given as a string',
      'CLASSIC',
      { wildAces: 'yes' as unknown as boolean },
      'wildAces',
      'wildAces must be true or false',
    ],
    [
      'palificoMinPlayers 1',
      'CLASSIC',
      { palificoMinPlayers: 1 },
      'palificoMinPlayers',
      'palificoMinPlayers must be an integer from 2 to 20',
    ],
    [
      'exactMinPlayers 21',
      'PUB',
      { exactMinPlayers: 21 },
      'exactMinPlayers',
      'exactMinPlayers must be an integer from 2 to 20',
    ],
    [
      'the veterans rule without palifico',
      'PUB',
      { palificoVeteransMayChangeFace: true },
      'palificoVeteransMayChangeFace',
      'palificoVeteransMayChangeFace needs a palifico mode other than NONE',
    ],
    [
      'exactRequiresBelowMax without a limit',
      'PUB',
      { maxDice: null },
      'exactRequiresBelowMax',
      'exactRequiresBelowMax needs a maxDice limit',
    ],
  ];

  it.each(refused)('%s', (_name, preset, overrides, field, message) => {
    expect(resolveRules(preset, overrides)).toEqual({ ok: false, field, message });
  });

  it('an unknown preset', () => {
    expect(resolveRules('HOUSE' as never)).toEqual({
      ok: false,
      field: 'preset',
      message: 'unknown preset HOUSE',
    });
    expect(resolveRules('toString' as never)).toEqual({
      ok: false,
      field: 'preset',
      message: 'unknown preset toString',
    });
  });

  it('a "__proto__" key from parsed JSON is an unknown option', () => {
    const overrides = JSON.parse('{"__proto__": {"raise": "STANDARD"}}') as RuleOverrides;
    expect(resolveRules('CLASSIC', overrides)).toEqual({
      ok: false,
      field: '__proto__',
      message: 'unknown rule option "__proto__"',
    });
  });
});
