// EASY: legal but naive. It bids on what it holds most of and believes a bid until it passes half the dice.
import type { BotDecision, BotView } from './bot-decision';
import type { Rng } from '../engine';

/** The face the bot holds most of (aces counted as themselves), the higher face on ties. */
function favouriteFace(view: BotView, faces: readonly number[]): number {
  const own = view.viewerSeat === null ? [] : (view.seats[view.viewerSeat]!.dice ?? []);
  let best = faces[faces.length - 1]!;
  let most = -1;
  for (const face of faces) {
    const n = own.filter((d) => d === face).length;
    if (n >= most) {
      best = face;
      most = n;
    }
  }
  return best;
}

export function easyStrategy(view: BotView, rng: Rng): BotDecision | null {
  const legal = view.legalActions;
  const round = view.currentRound;
  if (!legal || !round || round.turn !== view.viewerSeat) return null;
  const standing = round.bids[round.bids.length - 1];
  const dice = view.seats.reduce((n, s) => n + s.diceCount, 0);
  if (standing && legal.canDudo && (standing.quantity > dice / 2 || !legal.canBid)) return { type: 'DUDO' };
  if (!legal.canBid) return { type: 'DUDO' };
  // Now and then a face at random: a naive player is not consistent.
  const faces = legal.minBids.map((b) => b.face);
  const face = rng.int(5) === 0 ? faces[rng.int(faces.length)]! : favouriteFace(view, faces);
  const min = legal.minBids.find((b) => b.face === face)!.minQuantity;
  return { type: 'BID', quantity: min, face };
}
