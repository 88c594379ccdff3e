// Engine values as the API's enum members, the compiler checking that both name the same members.
import type { WebhookRefusalCode } from '../../webhooks/webhooks.service';
import type { AgentRefusalCode } from '../../agents/agents.service';
import type {
  CallKind as EngineCallKind,
  ExactCaller as EngineExactCaller,
  ExactMode as EngineExactMode,
  FirstStarter as EngineFirstStarter,
  GameEventType as EngineGameEventType,
  GameStatus as EngineGameStatus,
  NextStarter as EngineNextStarter,
  PalificoMode as EnginePalificoMode,
  PresetName,
  RaiseMode as EngineRaiseMode,
} from '../../engine';
import type { MoveErrorCode } from '../../moves';
import type { ChatRefusalCode } from '../../chat/chat.service';
import type { ChallengeRefusalCode } from '../../challenges/challenge-rules';
import type { ArenaRefusalCode } from '../../arena/arena.service';
import {
  CallKind,
  ErrorCode,
  ExactCaller,
  ExactMode,
  FirstStarter,
  GameEventType,
  GameStatus,
  NextStarter,
  PalificoMode,
  RaiseMode,
  RulePreset,
} from '../types/enums';

/**
 * The conversion of engine values to the members of the API enum `members` that bear their names. It
 * compiles only when both have the same members: an engine value the API lacks has no member to become,
 * and a member the engine lacks is asked for as `missing`.
 */
function sameMembers<Engine extends string, Api extends string>(
  members: { readonly [K in Engine]: Extract<Api, K> },
  ..._exact: [Exclude<Api, Engine>] extends [never] ? [] : [missing: Exclude<Api, Engine>]
): (value: Engine) => Api {
  return (value) => members[value];
}

export const toErrorCode = sameMembers<
  | MoveErrorCode
  | ChatRefusalCode
  | WebhookRefusalCode
  | ChallengeRefusalCode
  | AgentRefusalCode
  | ArenaRefusalCode,
  ErrorCode
>(ErrorCode);
export const toGameEventType = sameMembers<EngineGameEventType, GameEventType>(GameEventType);
export const toGameStatus = sameMembers<EngineGameStatus, GameStatus>(GameStatus);
export const toCallKind = sameMembers<EngineCallKind, CallKind>(CallKind);
export const toRulePreset = sameMembers<PresetName, RulePreset>(RulePreset);
export const toRaiseMode = sameMembers<EngineRaiseMode, RaiseMode>(RaiseMode);
export const toFirstStarter = sameMembers<EngineFirstStarter, FirstStarter>(FirstStarter);
export const toNextStarter = sameMembers<EngineNextStarter, NextStarter>(NextStarter);
export const toPalificoMode = sameMembers<EnginePalificoMode, PalificoMode>(PalificoMode);
export const toExactMode = sameMembers<EngineExactMode, ExactMode>(ExactMode);
export const toExactCaller = sameMembers<EngineExactCaller, ExactCaller>(ExactCaller);
