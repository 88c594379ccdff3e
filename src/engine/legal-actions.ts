// What a seat may do now: bid (and the smallest bids), call dudo, or call exact.
import { biddingContext, minimumBids } from './bidding';
import { checkExact } from './bid-checks';
import { currentRound, lastBid, totalDice, type GameState } from './state';

export interface LegalActions {
  readonly canBid: boolean;
  /** The smallest legal bid on every face the seat may bid on now. */
  readonly minBids: readonly { readonly face: number; readonly minQuantity: number }[];
  readonly canDudo: boolean;
  /** Includes out-of-turn exact calls where the rules allow them. */
  readonly canExact: boolean;
}

/** Nothing may be done. */
export const NO_ACTIONS: LegalActions = { canBid: false, minBids: [], canDudo: false, canExact: false };

/** What `seat` may do now; everything false outside play or for a seat out of the game. */
export function legalActions(state: GameState, seat: number): LegalActions {
  const round = currentRound(state);
  if (state.status !== 'IN_PROGRESS' || !round || (state.seats[seat]?.diceCount ?? 0) === 0)
    return NO_ACTIONS;
  const canExact = checkExact(state, round, seat) === null;
  if (round.turn !== seat) return canExact ? { ...NO_ACTIONS, canExact } : NO_ACTIONS;
  const minBids = minimumBids(biddingContext(state, round, seat), totalDice(state));
  return { canBid: minBids.length > 0, minBids, canDudo: lastBid(round) !== null, canExact };
}
