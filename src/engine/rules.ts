// The rule set of a game: its options, the four presets, and the validation of overrides.
/**
 * The rule set of a game: every option of the rules, the four presets, and validation of overrides.
 */

export type RaiseMode = 'STRICT' | 'STANDARD' | 'QUANTITY_ONLY';
export type FirstStarter = 'ROLL_OFF' | 'RANDOM' | 'SEAT_ORDER';
export type NextStarter = 'LOSER' | 'WINNER';
export type PalificoMode = 'NONE' | 'ONCE_PER_GAME' | 'EVERY_TIME';
export type ExactMode = 'NONE' | 'CALZA' | 'JINTO';
export type ExactCaller = 'ANY_EXCEPT_NEXT' | 'NEXT_ONLY';
export type PresetName = 'CLASSIC' | 'PERUDO' | 'LIARS_DICE' | 'PUB';

export interface RuleSet {
  /** The preset these rules were resolved from. */
  readonly preset: PresetName;
  readonly startingDice: number;
  /** Most dice a player may hold (exact calls can add dice); null means no limit. */
  readonly maxDice: number | null;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly raise: RaiseMode;
  readonly wildAces: boolean;
  /** Whether the first bid of a normal round may be on aces. */
  readonly openingAces: boolean;
  readonly firstStarter: FirstStarter;
  readonly nextStarter: NextStarter;
  readonly palifico: PalificoMode;
  readonly palificoMinPlayers: number;
  readonly palificoVeteransMayChangeFace: boolean;
  readonly exact: ExactMode;
  readonly exactCaller: ExactCaller;
  readonly exactMinPlayers: number;
  readonly exactInPalifico: boolean;
  readonly exactRequiresBelowMax: boolean;
}

export type RuleOverrides = Partial<Omit<RuleSet, 'preset'>>;

export const PRESET_NAMES: readonly PresetName[] = ['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB'];

const CLASSIC: RuleSet = {
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
};

export const PRESETS: Readonly<Record<PresetName, RuleSet>> = {
  CLASSIC,
  PERUDO: {
    ...CLASSIC,
    preset: 'PERUDO',
    raise: 'STANDARD',
    firstStarter: 'ROLL_OFF',
    palificoVeteransMayChangeFace: true,
  },
  LIARS_DICE: {
    ...CLASSIC,
    preset: 'LIARS_DICE',
    startingDice: 3,
    maxDice: null,
    maxPlayers: 20,
    raise: 'QUANTITY_ONLY',
    firstStarter: 'SEAT_ORDER',
    nextStarter: 'WINNER',
    palifico: 'EVERY_TIME',
    palificoMinPlayers: 2,
    exact: 'JINTO',
    exactCaller: 'NEXT_ONLY',
    exactMinPlayers: 2,
    exactInPalifico: true,
  },
  PUB: {
    ...CLASSIC,
    preset: 'PUB',
    raise: 'STANDARD',
    firstStarter: 'ROLL_OFF',
    palifico: 'NONE',
    exact: 'CALZA',
    exactCaller: 'ANY_EXCEPT_NEXT',
    exactRequiresBelowMax: true,
  },
};

/** What choosing a palifico mode implies for the options that depend on it (RULES §4). */
const PALIFICO_DEFAULTS: Readonly<Record<PalificoMode, Partial<RuleSet>>> = {
  NONE: { palificoVeteransMayChangeFace: false },
  ONCE_PER_GAME: { palificoMinPlayers: 3 },
  EVERY_TIME: { palificoMinPlayers: 2 },
};

/** What choosing an exact-call mode implies for the options that depend on it (RULES §5). */
const EXACT_DEFAULTS: Readonly<Record<ExactMode, Partial<RuleSet>>> = {
  NONE: {},
  CALZA: {
    exactCaller: 'ANY_EXCEPT_NEXT',
    exactMinPlayers: 3,
    exactInPalifico: false,
    exactRequiresBelowMax: false,
  },
  JINTO: {
    exactCaller: 'NEXT_ONLY',
    exactMinPlayers: 2,
    exactInPalifico: true,
    exactRequiresBelowMax: false,
  },
};

/** Bounds every rule set must respect, whatever the overrides. */
export const LIMITS = {
  minDice: 1,
  maxStartingDice: 10,
  maxDice: 20,
  minPlayers: 2,
  maxPlayers: 20,
} as const;

export type RulesResult = { ok: true; rules: RuleSet } | { ok: false; field: string; message: string };

const ENUMS: Partial<Record<keyof RuleOverrides, readonly string[]>> = {
  raise: ['STRICT', 'STANDARD', 'QUANTITY_ONLY'],
  firstStarter: ['ROLL_OFF', 'RANDOM', 'SEAT_ORDER'],
  nextStarter: ['LOSER', 'WINNER'],
  palifico: ['NONE', 'ONCE_PER_GAME', 'EVERY_TIME'],
  exact: ['NONE', 'CALZA', 'JINTO'],
  exactCaller: ['ANY_EXCEPT_NEXT', 'NEXT_ONLY'],
};

function isInt(n: unknown, min: number, max: number): boolean {
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
}

/**
 * Resolves a preset plus overrides into a complete rule set, or explains why the combination is refused.
 * Undefined or null-valued overrides keep the preset's value, except `maxDice` where null means "no limit".
 * Choosing another palifico or exact mode than the preset's also resets the options that depend on it to
 * that mode's defaults, unless they are given too: `{ exact: 'JINTO' }` is a next-player-only jinto with
 * two players and in palifico rounds, whatever the preset had.
 */
export function resolveRules(preset: PresetName, overrides: RuleOverrides = {}): RulesResult {
  // Own properties only: names such as "toString" or "__proto__" are not presets or options.
  const base = Object.hasOwn(PRESETS, preset) ? PRESETS[preset] : undefined;
  if (!base) return { ok: false, field: 'preset', message: `unknown preset ${String(preset)}` };
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (!Object.hasOwn(base, key) || key === 'preset') {
      return { ok: false, field: key, message: `unknown rule option "${key}"` };
    }
    if (value === undefined) continue;
    if (value === null && key !== 'maxDice') continue;
    merged[key] = value;
  }
  // The cap on dice defaults to the starting dice (RULES §5) unless the preset has no cap.
  if (overrides.maxDice === undefined && base.maxDice !== null) merged.maxDice = merged.startingDice;
  // A mode chosen over the preset's brings its own defaults (RULES §4, §5), unless they are given too.
  const given = (key: keyof RuleOverrides): boolean =>
    overrides[key] !== undefined && overrides[key] !== null;
  const defaults: Partial<RuleSet> = {};
  if (merged.palifico !== base.palifico) {
    Object.assign(defaults, PALIFICO_DEFAULTS[merged.palifico as PalificoMode]);
  }
  if (merged.exact !== base.exact) Object.assign(defaults, EXACT_DEFAULTS[merged.exact as ExactMode]);
  for (const [key, value] of Object.entries(defaults)) {
    if (!given(key as keyof RuleOverrides)) merged[key] = value;
  }
  const rules = merged as unknown as RuleSet;
  const error = validateRules(rules);
  return error ? { ok: false, ...error } : { ok: true, rules };
}

function validateRules(r: RuleSet): { field: string; message: string } | null {
  for (const [field, allowed] of Object.entries(ENUMS)) {
    const value = (r as unknown as Record<string, unknown>)[field];
    if (!allowed!.includes(value as string)) {
      return { field, message: `${field} must be one of ${allowed!.join(', ')}` };
    }
  }
  for (const field of [
    'wildAces',
    'openingAces',
    'palificoVeteransMayChangeFace',
    'exactInPalifico',
    'exactRequiresBelowMax',
  ] as const) {
    if (typeof r[field] !== 'boolean') return { field, message: `${field} must be true or false` };
  }
  if (!isInt(r.startingDice, LIMITS.minDice, LIMITS.maxStartingDice)) {
    return {
      field: 'startingDice',
      message: `startingDice must be an integer from ${LIMITS.minDice} to ${LIMITS.maxStartingDice}`,
    };
  }
  if (r.maxDice !== null && !isInt(r.maxDice, r.startingDice, LIMITS.maxDice)) {
    return {
      field: 'maxDice',
      message: `maxDice must be null (no limit) or an integer from startingDice (${r.startingDice}) to ${LIMITS.maxDice}`,
    };
  }
  if (!isInt(r.minPlayers, LIMITS.minPlayers, LIMITS.maxPlayers)) {
    return {
      field: 'minPlayers',
      message: `minPlayers must be an integer from ${LIMITS.minPlayers} to ${LIMITS.maxPlayers}`,
    };
  }
  if (!isInt(r.maxPlayers, r.minPlayers, LIMITS.maxPlayers)) {
    return {
      field: 'maxPlayers',
      message: `maxPlayers must be an integer from minPlayers (${r.minPlayers}) to ${LIMITS.maxPlayers}`,
    };
  }
  if (!isInt(r.palificoMinPlayers, LIMITS.minPlayers, LIMITS.maxPlayers)) {
    return {
      field: 'palificoMinPlayers',
      message: `palificoMinPlayers must be an integer from ${LIMITS.minPlayers} to ${LIMITS.maxPlayers}`,
    };
  }
  if (!isInt(r.exactMinPlayers, LIMITS.minPlayers, LIMITS.maxPlayers)) {
    return {
      field: 'exactMinPlayers',
      message: `exactMinPlayers must be an integer from ${LIMITS.minPlayers} to ${LIMITS.maxPlayers}`,
    };
  }
  if (r.palificoVeteransMayChangeFace && r.palifico === 'NONE') {
    return {
      field: 'palificoVeteransMayChangeFace',
      message: 'palificoVeteransMayChangeFace needs a palifico mode other than NONE',
    };
  }
  if (r.exact === 'JINTO' && r.exactCaller !== 'NEXT_ONLY') {
    return {
      field: 'exactCaller',
      message: 'a jinto is called by the player whose turn it is: use NEXT_ONLY',
    };
  }
  if (r.exact !== 'NONE' && r.exactCaller === 'ANY_EXCEPT_NEXT' && r.exactMinPlayers < 3) {
    return {
      field: 'exactMinPlayers',
      message:
        'with ANY_EXCEPT_NEXT neither the bidder nor the next player may call, so exactMinPlayers must be at least 3',
    };
  }
  if (r.exactRequiresBelowMax && r.exact !== 'NONE' && r.maxDice === null) {
    return { field: 'exactRequiresBelowMax', message: 'exactRequiresBelowMax needs a maxDice limit' };
  }
  return null;
}
