// The move use case, the server's own moves, and what they are asked with and answer.
import { DEFAULT_ALL_AWAY_END_SECONDS, DEFAULT_BOT_DELAY_MS } from '../engine';
import type { GameStore } from '../store/game-store';
import { MoveService, type MoveServiceOptions } from './move.service';

export { MoveService, type AppliedListener, type NewBot } from './move.service';
export {
  type BotDecider,
  type ConnectionState,
  type ConnectionStates,
  type ReferenceBot,
  type ReferenceBotPicker,
  type StandIn,
  type StandInDecider,
} from './server-moves.policy';
export { askedRules } from './asked-rules';
export { quickPlayDefaults, TablesService, type QuickPlayRequest } from './tables.service';
export type { MoveError, MoveErrorCode, MoveOptions, MoveResult } from './move-result';

/** The move service over a process's game storage (by default the system clock, bot think time and wait). */
export function createMoveService(games: GameStore, options: Partial<MoveServiceOptions> = {}): MoveService {
  return new MoveService(games.moves, {
    now: options.now ?? (() => new Date()),
    botDelayMs: options.botDelayMs ?? DEFAULT_BOT_DELAY_MS,
    allAwayEndSeconds: options.allAwayEndSeconds ?? DEFAULT_ALL_AWAY_END_SECONDS,
  });
}
