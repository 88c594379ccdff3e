// Moves for the store tests: applied results and the smallest legal bid.
import { currentRound, legalActions, type Command, type GameState } from '../../src/engine';
import type { MoveResult } from '../../src/moves';

/** The state after a move the repository must have applied. */
export function applied(result: MoveResult): GameState {
  if (result.kind !== 'applied') throw new Error(`not applied: ${JSON.stringify(result)}`);
  return result.state;
}

/** The smallest legal bid of the player whose turn it is. */
export function nextBid(state: GameState): Command {
  const seat = currentRound(state)!.turn!;
  const bid = legalActions(state, seat).minBids[0]!;
  return { type: 'BID', playerId: state.seats[seat]!.playerId, quantity: bid.minQuantity, face: bid.face };
}
