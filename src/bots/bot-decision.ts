// What a bot is given and what it answers: its seat's view of the game in, one move (or none) out.
import type { BotLevel, GameView, Rng } from '../engine';

/**
 * Everything a bot decides from: the view of its own seat (its own dice only, every public bid and reveal,
 * its legal actions). A strategy receives nothing else, so it cannot see another seat's dice.
 */
export type BotView = GameView;

/** A bot's move, as the commands a person sends. */
export type BotDecision =
  | { readonly type: 'BID'; readonly quantity: number; readonly face: number }
  | { readonly type: 'DUDO' }
  | { readonly type: 'EXACT' };

/**
 * A level's strategy: a pure function of the seat's view and injected randomness. On its turn it must
 * return a legal move; out of turn it returns EXACT or null (keep quiet).
 */
export type Strategy = (view: BotView, rng: Rng) => BotDecision | null;

export type { BotLevel };
