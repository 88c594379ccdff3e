// Tests of the rule presets and of rule overrides that are accepted.
import { LIMITS, PRESETS, PRESET_NAMES, resolveRules, type RuleOverrides } from './rules';

describe('presets (RULES §6)', () => {
  it('lists the four presets', () => {
    expect(PRESET_NAMES).toEqual(['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB']);
    expect(Object.keys(PRESETS).sort()).toEqual(['CLASSIC', 'LIARS_DICE', 'PERUDO', 'PUB']);
  });

  it('CLASSIC (seeds 000, 001)', () => {
    expect(PRESETS.CLASSIC).toEqual({
      preset: 'CLASSIC',
      startingDice: 5,
      maxDice: 5,
      minPlayers: 2,
      maxPlayers: 10,
      raise: 'STRICT',
      wildAces: true,
      openingAces: false,
      firstStarter: 'RANDOM',
      nextStarter: 'LOSER',
      palifico: 'ONCE_PER_GAME',
      palificoMinPlayers: 3,
      palificoVeteransMayChangeFace: false,
      exact: 'NONE',
      exactCaller: 'ANY_EXCEPT_NEXT',
      exactMinPlayers: 3,
      exactInPalifico: false,
      exactRequiresBelowMax: false,
    });
  });

  it('PERUDO (seed 002)', () => {
    expect(PRESETS.PERUDO).toEqual({
      preset: 'PERUDO',
      startingDice: 5,
      maxDice: 5,
      minPlayers: 2,
      maxPlayers: 10,
      raise: 'STANDARD',
      wildAces: true,
      openingAces: false,
      firstStarter: 'ROLL_OFF',
      nextStarter: 'LOSER',
      palifico: 'ONCE_PER_GAME',
      palificoMinPlayers: 3,
      palificoVeteransMayChangeFace: true,
      exact: 'NONE',
      exactCaller: 'ANY_EXCEPT_NEXT',
      exactMinPlayers: 3,
      exactInPalifico: false,
      exactRequiresBelowMax: false,
    });
  });

  it('LIARS_DICE (seed 003)', () => {
    expect(PRESETS.LIARS_DICE).toEqual({
      preset: 'LIARS_DICE',
      startingDice: 3,
      maxDice: null,
      minPlayers: 2,
      maxPlayers: 20,
      raise: 'QUANTITY_ONLY',
      wildAces: true,
      openingAces: false,
      firstStarter: 'SEAT_ORDER',
      nextStarter: 'WINNER',
      palifico: 'EVERY_TIME',
      palificoMinPlayers: 2,
      palificoVeteransMayChangeFace: false,
      exact: 'JINTO',
      exactCaller: 'NEXT_ONLY',
      exactMinPlayers: 2,
      exactInPalifico: true,
      exactRequiresBelowMax: false,
    });
  });

  it('PUB (seed 004)', () => {
    expect(PRESETS.PUB).toEqual({
      preset: 'PUB',
      startingDice: 5,
      maxDice: 5,
      minPlayers: 2,
      maxPlayers: 10,
      raise: 'STANDARD',
      wildAces: true,
      openingAces: false,
      firstStarter: 'ROLL_OFF',
      nextStarter: 'LOSER',
      palifico: 'NONE',
      palificoMinPlayers: 3,
      palificoVeteransMayChangeFace: false,
      exact: 'CALZA',
      exactCaller: 'ANY_EXCEPT_NEXT',
      exactMinPlayers: 3,
      exactInPalifico: false,
      exactRequiresBelowMax: true,
    });
  });

  it.each(PRESET_NAMES)('resolving %s without overrides gives the preset itself', (name) => {
    expect(resolveRules(name)).toEqual({ ok: true, rules: PRESETS[name] });
    expect(resolveRules(name, {})).toEqual({ ok: true, rules: PRESETS[name] });
  });

  it('every preset passes its own validation', () => {
    for (const name of PRESET_NAMES) expect(resolveRules(name).ok).toBe(true);
  });

  it('the bounds are those of RULES §6', () => {
    expect(LIMITS).toEqual({ minDice: 1, maxStartingDice: 10, maxDice: 20, minPlayers: 2, maxPlayers: 20 });
  });
});

describe('overrides that are accepted', () => {
  it('PERUDO with the optional calza', () => {
    const r = resolveRules('PERUDO', { exact: 'CALZA' });
    expect(r).toEqual({ ok: true, rules: { ...PRESETS.PERUDO, exact: 'CALZA' } });
  });

  it('a palifico mode other than the preset’s brings its own palificoMinPlayers (RULES §4)', () => {
    const every = resolveRules('CLASSIC', { palifico: 'EVERY_TIME' });
    expect(every).toEqual({
      ok: true,
      rules: { ...PRESETS.CLASSIC, palifico: 'EVERY_TIME', palificoMinPlayers: 2 },
    });
    const once = resolveRules('LIARS_DICE', { palifico: 'ONCE_PER_GAME' });
    expect(once.ok && once.rules.palificoMinPlayers).toBe(3);
    const given = resolveRules('CLASSIC', { palifico: 'EVERY_TIME', palificoMinPlayers: 4 });
    expect(given.ok && given.rules.palificoMinPlayers).toBe(4);
    // The same mode as the preset's keeps the preset's options.
    const same = resolveRules('CLASSIC', { palifico: 'ONCE_PER_GAME' });
    expect(same).toEqual({ ok: true, rules: PRESETS.CLASSIC });
  });

  it('a table of two keeps its preset’s palifico and exact options (they just never apply)', () => {
    for (const preset of ['CLASSIC', 'PERUDO', 'PUB'] as const) {
      expect(resolveRules(preset, { maxPlayers: 2 })).toEqual({
        ok: true,
        rules: { ...PRESETS[preset], maxPlayers: 2 },
      });
    }
  });

  it('switching palifico off switches the veterans rule off too', () => {
    const r = resolveRules('PERUDO', { palifico: 'NONE' });
    expect(r).toEqual({
      ok: true,
      rules: { ...PRESETS.PERUDO, palifico: 'NONE', palificoVeteransMayChangeFace: false },
    });
  });

  it('an exact mode other than the preset’s brings its own caller, minimum players and palifico rule (RULES §5)', () => {
    expect(resolveRules('CLASSIC', { exact: 'JINTO' })).toEqual({
      ok: true,
      rules: {
        ...PRESETS.CLASSIC,
        exact: 'JINTO',
        exactCaller: 'NEXT_ONLY',
        exactMinPlayers: 2,
        exactInPalifico: true,
      },
    });
    expect(resolveRules('PUB', { exact: 'JINTO' })).toEqual({
      ok: true,
      rules: {
        ...PRESETS.PUB,
        exact: 'JINTO',
        exactCaller: 'NEXT_ONLY',
        exactMinPlayers: 2,
        exactInPalifico: true,
        exactRequiresBelowMax: false,
      },
    });
    expect(resolveRules('LIARS_DICE', { exact: 'CALZA' })).toEqual({
      ok: true,
      rules: {
        ...PRESETS.LIARS_DICE,
        exact: 'CALZA',
        exactCaller: 'ANY_EXCEPT_NEXT',
        exactMinPlayers: 3,
        exactInPalifico: false,
      },
    });
    const given = resolveRules('LIARS_DICE', {
      exact: 'CALZA',
      exactCaller: 'NEXT_ONLY',
      exactMinPlayers: 2,
    });
    expect(given.ok && [given.rules.exactCaller, given.rules.exactMinPlayers]).toEqual(['NEXT_ONLY', 2]);
  });

  it('maxDice follows startingDice when it is not given', () => {
    const r = resolveRules('CLASSIC', { startingDice: 3 });
    expect(r.ok && r.rules.startingDice).toBe(3);
    expect(r.ok && r.rules.maxDice).toBe(3);
    const up = resolveRules('PUB', { startingDice: 8 });
    expect(up.ok && up.rules.maxDice).toBe(8);
  });

  it('maxDice stays unlimited for LIARS_DICE when startingDice changes', () => {
    const r = resolveRules('LIARS_DICE', { startingDice: 5 });
    expect(r.ok && r.rules.maxDice).toBeNull();
  });

  it('maxDice may be raised above startingDice or removed (null)', () => {
    const raised = resolveRules('CLASSIC', { maxDice: 7 });
    expect(raised.ok && raised.rules.maxDice).toBe(7);
    const none = resolveRules('CLASSIC', { maxDice: null });
    expect(none.ok && none.rules.maxDice).toBeNull();
    const capped = resolveRules('LIARS_DICE', { maxDice: 4 });
    expect(capped.ok && capped.rules.maxDice).toBe(4);
  });

  it('undefined and null values keep the preset value', () => {
    const r = resolveRules('PUB', { raise: undefined, startingDice: null } as unknown as RuleOverrides);
    expect(r).toEqual({ ok: true, rules: PRESETS.PUB });
  });

  it('the bounds themselves are accepted', () => {
    expect(resolveRules('CLASSIC', { startingDice: 1 }).ok).toBe(true);
    expect(resolveRules('CLASSIC', { startingDice: 10 }).ok).toBe(true);
    expect(resolveRules('CLASSIC', { maxDice: 20 }).ok).toBe(true);
    expect(resolveRules('CLASSIC', { maxPlayers: 20 }).ok).toBe(true);
    expect(resolveRules('CLASSIC', { minPlayers: 20, maxPlayers: 20 }).ok).toBe(true);
  });

  it('the resolved rules are a new object: the presets are never changed', () => {
    const r = resolveRules('CLASSIC', { raise: 'QUANTITY_ONLY' });
    expect(r.ok && r.rules.raise).toBe('QUANTITY_ONLY');
    expect(PRESETS.CLASSIC.raise).toBe('STRICT');
  });
});
