// The move the server makes for a seat that must move and does not: a timed turn that ran out, or a bot
// whose chosen move the rules refused.
import type { Command } from './commands';
import { biddingContext, minimumBids } from './bidding';
import { currentRound, lastBid, totalDice, type GameState, type PlayerId } from './state';

/** Call dudo on the standing bid, or open the bidding with a bid. */
export type DefaultMove =
  { readonly kind: 'DUDO' } | { readonly kind: 'BID'; readonly quantity: number; readonly face: number };

/**
 * What the server plays for `seat`: dudo when there is a bid to call, else the smallest legal opening bid
 * (the lowest face among the smallest bids: 1 x 2 in a normal round, 1 x aces where aces may open or in a
 * palifico round). Null when the game is not in progress or it is not `seat`'s turn.
 */
export function defaultMove(state: GameState, seat: number): DefaultMove | null {
  const round = currentRound(state);
  if (state.status !== 'IN_PROGRESS' || !round || round.turn !== seat) return null;
  if (lastBid(round)) return { kind: 'DUDO' };
  // Nothing bid yet: every face but perhaps aces opens at 1, and the seat on turn holds at least one die.
  const opening = minimumBids(biddingContext(state, round, seat), totalDice(state))[0];
  return opening ? { kind: 'BID', quantity: opening.minQuantity, face: opening.face } : null;
}

/** The command that makes `move` as `playerId` (`byBot`: for a seat the server plays). */
export function defaultMoveCommand(move: DefaultMove, playerId: PlayerId, byBot = false): Command {
  const by = byBot ? { byBot: true } : {};
  return move.kind === 'DUDO'
    ? { type: 'DUDO', playerId, ...by }
    : { type: 'BID', playerId, quantity: move.quantity, face: move.face, ...by };
}
