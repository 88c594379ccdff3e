// Why a bid or an exact call is refused: the rules' verdict on a move, shared by the player's own move, the
// server's move on a timed-out turn and the list of legal actions.
import { notYourTurn } from './action-support';
import {
  biddingContext,
  describeBid,
  describeLegalBids,
  minimumBids,
  minQuantity,
  type BiddingContext,
} from './bidding';
import { activeCount, lastBid, totalDice, type GameState, type RoundState } from './state';
import { violation, type Violation } from './violations';

/** Why `seat` may not bid `quantity` x `face` now, or null when the bid is legal. */
export function checkBid(
  state: GameState,
  round: RoundState,
  seat: number,
  quantity: number,
  face: number,
): Violation | null {
  const ctx = biddingContext(state, round, seat);
  const total = totalDice(state);
  if (!Number.isInteger(face) || face < 1 || face > 6) {
    return violation('INVALID_BID', 'the face must be a whole number from 1 (aces) to 6', ['face']);
  }
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > total) {
    return violation(
      'INVALID_BID',
      `the quantity must be a whole number from 1 to ${total}, the dice in play`,
      ['quantity'],
    );
  }
  const min = minQuantity(ctx, face);
  if (min !== null && quantity >= min) return null;
  return rejectBid(ctx, total, min);
}

function rejectBid(ctx: BiddingContext, total: number, min: number | null): Violation {
  const legal = describeLegalBids(ctx, total);
  const prev = ctx.previous;
  if (!prev) {
    return violation(
      'OPENING_ACES_NOT_ALLOWED',
      `the first bid of a normal round may not be on aces; ${legal}`,
      ['face'],
    );
  }
  const after = `a bid after ${describeBid(prev.quantity, prev.face)}`;
  const none = `no bid is higher than ${describeBid(prev.quantity, prev.face)} with ${total} dice in play: call dudo`;
  if (min === null && ctx.palifico) {
    const bids = minimumBids(ctx, total);
    const face = prev.face === 1 ? 'aces' : String(prev.face);
    const smallest = bids.map((b) => describeBid(b.minQuantity, b.face)).join(', ');
    const atLeast = `${after} must be at least ${bids.length === 1 ? smallest : `one of ${smallest}`}`;
    // A veteran may change the face, upward only: a lower face is a bid too low, not a locked face.
    if (ctx.mayChangeFace) {
      const rule = `in a palifico round you may keep the face ${face} or raise it, never lower it`;
      return violation('BID_NOT_HIGHER', bids.length === 0 ? `${rule}, and ${none}` : `${rule}: ${atLeast}`, [
        'face',
      ]);
    }
    const rule = `in a palifico round the face stays ${face}`;
    return violation('FACE_LOCKED', bids.length === 0 ? `${rule}, and ${none}` : `${rule}: ${atLeast}`, [
      'face',
    ]);
  }
  return violation(
    'BID_NOT_HIGHER',
    minimumBids(ctx, total).length === 0 ? none : `${after} must be higher: ${legal}`,
    min === null ? ['face'] : ['quantity'],
  );
}

/** Why `seat` may not call exact now, or null when it may. */
export function checkExact(state: GameState, round: RoundState, seat: number): Violation | null {
  const rules = state.rules;
  if (rules.exact === 'NONE') return violation('EXACT_NOT_ALLOWED', 'these rules have no exact call');
  const last = lastBid(round);
  if (!last) return violation('NO_BID_TO_CHALLENGE', 'there is no bid to call exact on yet');
  if (round.palificoSeat !== null && !rules.exactInPalifico) {
    return violation('EXACT_NOT_ALLOWED', 'exact calls are not allowed in a palifico round');
  }
  const players = activeCount(state);
  if (players < rules.exactMinPlayers) {
    return violation(
      'EXACT_NOT_ALLOWED',
      `exact calls need at least ${rules.exactMinPlayers} players in the game; ${players} remain`,
    );
  }
  if (rules.exactCaller === 'NEXT_ONLY') {
    if (round.turn !== seat) return notYourTurn(round);
  } else {
    if (last.seat === seat)
      return violation('EXACT_NOT_ALLOWED', 'you made the last bid: another player may call exact on it');
    if (round.turn === seat) {
      return violation(
        'EXACT_NOT_ALLOWED',
        'the player whose turn it is may not call exact: bid or call dudo',
      );
    }
  }
  const dice = state.seats[seat]!.diceCount;
  if (rules.exactRequiresBelowMax && rules.maxDice !== null && dice >= rules.maxDice) {
    return violation(
      'EXACT_NOT_ALLOWED',
      `you already hold the most dice allowed (${rules.maxDice}), so you may not call exact`,
    );
  }
  return null;
}
