// The bidding rules: counting dice for a bid, the smallest legal bids, and their descriptions.
import type { RuleSet } from './rules';
import type { BidState, GameState, RoundState } from './state';
import { lastBid } from './state';

export const FACES = [1, 2, 3, 4, 5, 6] as const;

/** How the dice are counted and bids compared in one round. */
export interface BiddingContext {
  readonly rules: RuleSet;
  readonly palifico: boolean;
  /** Aces are wild in normal rounds only. */
  readonly acesWild: boolean;
  readonly previous: BidState | null;
  /** The bidder may change the locked face of a palifico round (the veterans' rule). */
  readonly mayChangeFace: boolean;
}

export function biddingContext(state: GameState, round: RoundState, bidder: number): BiddingContext {
  const rules = state.rules;
  const palifico = round.palificoSeat !== null;
  const seat = state.seats[bidder];
  const mayChangeFace =
    palifico &&
    rules.palificoVeteransMayChangeFace &&
    bidder !== round.palificoSeat &&
    seat !== undefined &&
    seat.diceCount === 1 &&
    seat.hasBeenPalifico;
  return { rules, palifico, acesWild: rules.wildAces && !palifico, previous: lastBid(round), mayChangeFace };
}

/**
 * The smallest legal quantity for a bid on `face`, or null when no bid on that face is legal now
 * (it may still exceed the dice in play: callers check that bound).
 */
export function minQuantity(ctx: BiddingContext, face: number): number | null {
  const prev = ctx.previous;
  if (!prev) {
    if (face === 1 && !ctx.palifico && !ctx.rules.openingAces) return null;
    return 1;
  }
  const { quantity: q, face: f } = prev;
  if (ctx.palifico) {
    if (face === f) return q + 1;
    // Aces are the lowest face when they are not wild, which is their number anyway.
    return ctx.mayChangeFace && face > f ? q : null;
  }
  if (ctx.acesWild) {
    if (f === 1 && face === 1) return q + 1;
    if (f === 1) return 2 * q + 1;
    if (face === 1) return Math.ceil(q / 2);
  }
  switch (ctx.rules.raise) {
    case 'STRICT':
      if (face === f) return q + 1;
      return face > f ? q : null;
    case 'STANDARD':
      return face > f ? q : q + 1;
    case 'QUANTITY_ONLY':
      return q + 1;
  }
}

/** How many dice count for a bid on `face`. */
export function countFor(dice: readonly (readonly number[])[], face: number, acesWild: boolean): number {
  let n = 0;
  for (const hand of dice) {
    for (const d of hand) if (d === face || (acesWild && d === 1 && face !== 1)) n++;
  }
  return n;
}

export function describeBid(quantity: number, face: number): string {
  return `${quantity} x ${face === 1 ? 'aces' : face}`;
}

/** The smallest legal bid on every face that has one within `maxQuantity`. */
export function minimumBids(
  ctx: BiddingContext,
  maxQuantity: number,
): { face: number; minQuantity: number }[] {
  const out: { face: number; minQuantity: number }[] = [];
  for (const face of FACES) {
    const min = minQuantity(ctx, face);
    if (min !== null && min <= maxQuantity) out.push({ face, minQuantity: min });
  }
  return out;
}

/** "the smallest legal bids are 4 x aces, 8 x 2, ..." or that none is left. */
export function describeLegalBids(ctx: BiddingContext, maxQuantity: number): string {
  const bids = minimumBids(ctx, maxQuantity);
  if (bids.length === 0) return 'no bid is possible any more: call dudo';
  return `the smallest legal bids are ${bids.map((b) => describeBid(b.minQuantity, b.face)).join(', ')}`;
}
