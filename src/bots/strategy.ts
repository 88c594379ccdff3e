// The strategy of each bot level.
import type { BotLevel, Strategy } from './bot-decision';
import { easyStrategy } from './easy.strategy';
import { HARD_PLAY, NORMAL_PLAY, oddsStrategy } from './odds.strategy';

export const STRATEGIES: Readonly<Record<BotLevel, Strategy>> = {
  EASY: easyStrategy,
  NORMAL: oddsStrategy(NORMAL_PLAY),
  HARD: oddsStrategy(HARD_PLAY),
};
