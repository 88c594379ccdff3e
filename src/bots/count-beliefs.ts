// What a bot believes about the number of dice matching a face: from its own dice, and for HARD the bids.
import { binomialDistribution, countFor, matchChance } from '../engine';
import type { BotView } from './bot-decision';

/** P(count = k) for k = 0..max of the dice of all the other seats that match one face. */
export type CountDistribution = readonly number[];

/** Whether aces are wild in the open round of the view. */
export function acesWildIn(view: BotView): boolean {
  return view.rules.wildAces && (view.currentRound?.palificoSeat ?? null) === null;
}

/** How many of the viewer's own dice count for `face`. */
export function ownMatches(view: BotView, face: number): number {
  const own = view.viewerSeat === null ? null : view.seats[view.viewerSeat]!.dice;
  return own ? countFor([own], face, acesWildIn(view)) : 0;
}

/** The other seats' dice as independent fair dice: what NORMAL believes. */
export function blindBelief(view: BotView, face: number): CountDistribution {
  let unseen = 0;
  for (const s of view.seats) if (s.position !== view.viewerSeat) unseen += s.diceCount;
  return binomialDistribution(unseen, matchChance(face, acesWildIn(view)));
}

/** How strongly a bid on a face is read as holding that face (per matching die, as a likelihood ratio). */
export interface BidReading {
  /** A bid on the face itself, opening the round or changing the face. */
  readonly sameFace: number;
  /** A bid on the face the previous bid named. */
  readonly followedFace: number;
  /** A bid on aces, read for another face while aces are wild (aces count for it too). */
  readonly acesForFace: number;
  /** The opening bid of the palifico player, who holds one die and bids on what it shows. */
  readonly palificoOpening: number;
}

export const HARD_READING: BidReading = {
  sameFace: 2,
  followedFace: 1,
  acesForFace: 1.5,
  palificoOpening: 12,
};

/**
 * What HARD believes: each other seat's matches start binomial and are weighted by what its bids in this
 * round suggest (a player bids on faces they hold), then the seats are added up.
 */
export function readBelief(
  view: BotView,
  face: number,
  reading: BidReading = HARD_READING,
): CountDistribution {
  const round = view.currentRound;
  const wild = acesWildIn(view);
  const p = matchChance(face, wild);
  let total: number[] = [1];
  for (const seat of view.seats) {
    if (seat.position === view.viewerSeat || seat.diceCount === 0) continue;
    const weights = binomialDistribution(seat.diceCount, p);
    for (const [i, bid] of (round?.bids ?? []).entries()) {
      if (bid.seat !== seat.position || bid.timedOut) continue;
      let ratio = 1;
      if (round!.palificoSeat === seat.position && i === 0 && seat.diceCount === 1) {
        ratio = bid.face === face ? reading.palificoOpening : 1 / reading.palificoOpening;
      } else if (bid.face === face) {
        // Following the previous bid's face says less than choosing a face.
        const followed = i > 0 && round!.bids[i - 1]!.face === face;
        ratio = followed ? reading.followedFace : reading.sameFace;
      } else if (wild && bid.face === 1) ratio = reading.acesForFace;
      if (ratio === 1) continue;
      for (let k = 0; k < weights.length; k++) weights[k]! *= ratio ** k;
    }
    const sum = weights.reduce((a, b) => a + b, 0);
    total = convolve(
      total,
      weights.map((w) => w / sum),
    );
  }
  return total;
}

function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += ai * b[j]!;
  }
  return out;
}

/** P(at least `need`) and P(exactly `need`) more matches than the bot holds, under a belief. */
export function chances(belief: CountDistribution, need: number): { atLeast: number; exactly: number } {
  if (need <= 0) return { atLeast: 1, exactly: need === 0 ? (belief[0] ?? 0) : 0 };
  let atLeast = 0;
  for (let k = need; k < belief.length; k++) atLeast += belief[k]!;
  return { atLeast: Math.min(1, atLeast), exactly: belief[need] ?? 0 };
}
