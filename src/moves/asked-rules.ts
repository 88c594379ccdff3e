// The rules a new game asks for: a preset and options, as the engine resolves them.
import {
  resolveRules,
  violation,
  type PresetName,
  type RuleOverrides,
  type RuleSet,
  type Violation,
} from '../engine';

/**
 * Options over a preset as a client gives them: each one the engine's (a mismatch does not compile), null
 * keeping the preset's value, and `unlimitedDice` standing for the engine's null maxDice.
 */
export type AskedOverrides = { readonly [K in keyof RuleOverrides]?: RuleOverrides[K] | null } & {
  readonly unlimitedDice?: boolean | null;
};

export type AskedRules =
  { readonly ok: true; readonly rules: RuleSet } | { readonly ok: false; readonly violation: Violation };

/** The rules of a preset with the options given; unlimitedDice cannot come with a maxDice (INVALID_RULES). */
export function askedRules(preset: PresetName, asked: AskedOverrides | null | undefined): AskedRules {
  const { unlimitedDice, ...options } = asked ?? {};
  const overrides: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (v !== null && v !== undefined) overrides[k] = v;
  if (unlimitedDice) {
    if (overrides.maxDice !== undefined) {
      const message = 'give either maxDice or unlimitedDice, not both';
      return { ok: false, violation: violation('INVALID_RULES', message, ['overrides', 'maxDice']) };
    }
    overrides.maxDice = null;
  }
  const rules = resolveRules(preset, overrides as RuleOverrides);
  return rules.ok
    ? rules
    : { ok: false, violation: violation('INVALID_RULES', rules.message, ['overrides', rules.field]) };
}
