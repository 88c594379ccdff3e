// The GraphQL RuleSet of an engine rule set.
import type { RuleSet as EngineRuleSet } from '../../engine';
import { RuleSet } from '../types/rule-set.type';
import {
  toExactCaller,
  toExactMode,
  toFirstStarter,
  toNextStarter,
  toPalificoMode,
  toRaiseMode,
  toRulePreset,
} from './enum.mapper';

export function toRuleSet(rules: EngineRuleSet): RuleSet {
  return Object.assign(new RuleSet(), {
    ...rules,
    preset: toRulePreset(rules.preset),
    raise: toRaiseMode(rules.raise),
    firstStarter: toFirstStarter(rules.firstStarter),
    nextStarter: toNextStarter(rules.nextStarter),
    palifico: toPalificoMode(rules.palifico),
    exact: toExactMode(rules.exact),
    exactCaller: toExactCaller(rules.exactCaller),
  } satisfies RuleSet);
}
