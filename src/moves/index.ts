// The move use case and what it is asked with and answers.
import { DEFAULT_BOT_DELAY_MS } from '../engine';
import type { GameStore } from '../store/game-store';
import { MoveService, type MoveServiceOptions } from './move.service';

export {
  MoveService,
  type AppliedListener,
  type BotDecider,
  type ConnectionState,
  type ConnectionStates,
  type NewBot,
  type StandIn,
  type StandInDecider,
} from './move.service';
export { TablesService, type QuickPlayRequest } from './tables.service';
export type { MoveError, MoveErrorCode, MoveOptions, MoveResult } from './move-result';

/** The move service over a process's game storage (the system clock and the default bot think time). */
export function createMoveService(games: GameStore, options: Partial<MoveServiceOptions> = {}): MoveService {
  return new MoveService(games.moves, {
    now: options.now ?? (() => new Date()),
    botDelayMs: options.botDelayMs ?? DEFAULT_BOT_DELAY_MS,
  });
}
