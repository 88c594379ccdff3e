// The odds of a bid as the viewer may judge them: from their own dice and the dice counts, never hidden dice.
import type { GameView, RoundView, SeatView } from './view';

/** The chance that a bid holds (at least `quantity` matching dice) and that it is exact. */
export interface BidOdds {
  readonly atLeast: number;
  readonly exactly: number;
}

/**
 * What the odds may be built from: a narrowing of the viewer's view. Only the viewer's own hand appears in
 * `dice`, so nothing hidden can reach a probability.
 */
export interface OddsView {
  readonly rules: Pick<GameView['rules'], 'wildAces'>;
  readonly seats: readonly Pick<SeatView, 'diceCount' | 'dice'>[];
  readonly currentRound: Pick<RoundView, 'palificoSeat' | 'bids'> | null;
}

export const MIN_FACE = 1;
export const MAX_FACE = 6;
/** The largest quantity odds are asked for; far above any table, small enough to keep the work bounded. */
export const MAX_ODDS_QUANTITY = 1000;

/** Whether a die showing `die` counts for a bid on `face`. */
function matches(die: number, face: number, acesWild: boolean): boolean {
  return die === face || (acesWild && die === 1 && face !== 1);
}

/** The chance that one unseen die counts for a bid on `face`: a third with wild aces (aces too), else a sixth. */
export function matchChance(face: number, acesWild: boolean): number {
  return acesWild && face !== 1 ? 1 / 3 : 1 / 6;
}

/**
 * The odds of `quantity` x `face` for the viewer of `view`; null when no round is open. Expects a face in
 * 1..6 and a quantity from 1 (callers validate input; anything else is a bug).
 */
export function oddsFor(view: OddsView, quantity: number, face: number): BidOdds | null {
  if (!Number.isInteger(face) || face < MIN_FACE || face > MAX_FACE) throw new RangeError(`face ${face}`);
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`quantity ${quantity}`);
  const round = view.currentRound;
  if (!round) return null;
  const acesWild = view.rules.wildAces && round.palificoSeat === null;
  let known = 0;
  let unseen = 0;
  for (const seat of view.seats) {
    if (seat.dice === null) unseen += seat.diceCount;
    else for (const d of seat.dice) if (matches(d, face, acesWild)) known++;
  }
  return binomialOdds(unseen, matchChance(face, acesWild), quantity - known);
}

/** The odds of the bid on the table in the open round; null when there is none. */
export function standingBidOdds(view: OddsView): BidOdds | null {
  const bid = view.currentRound?.bids[view.currentRound.bids.length - 1];
  return bid ? oddsFor(view, bid.quantity, bid.face) : null;
}

/**
 * P(X = m) and P(X >= m) for X ~ Binomial(n, p), 0 < p < 1. The pmf is built relative to its mode by its
 * ratio recurrence (no factorials, no powers that overflow or underflow for hundreds of dice), normalised by
 * its sum, and the tail is summed from its smallest terms up.
 */
export function binomialOdds(n: number, p: number, m: number): BidOdds {
  if (m < 0) return { atLeast: 1, exactly: 0 };
  if (m > n) return { atLeast: 0, exactly: 0 };
  const weights = relativePmf(n, p);
  let total = 0;
  for (let j = 0; j <= n; j++) total += weights[j]!;
  let tail = 0;
  for (let j = n; j >= m; j--) tail += weights[j]!;
  return { atLeast: m === 0 ? 1 : clamp(tail / total), exactly: clamp(weights[m]! / total) };
}

/** P(X = k) for k = 0..n, X ~ Binomial(n, p), 0 < p < 1, by the same recurrence as binomialOdds. */
export function binomialDistribution(n: number, p: number): number[] {
  const weights = relativePmf(n, p);
  let total = 0;
  for (let j = 0; j <= n; j++) total += weights[j]!;
  return weights.map((w) => clamp(w / total));
}

/** The binomial pmf for 0..n divided by its value at the mode: each step moves one count from the mode. */
function relativePmf(n: number, p: number): number[] {
  const weights = new Array<number>(n + 1).fill(0);
  const odds = p / (1 - p);
  const mode = Math.min(n, Math.floor((n + 1) * p));
  weights[mode] = 1;
  // Terms past the range of doubles are left 0: they are below any probability a double can hold.
  for (let j = mode; j < n && weights[j]! > 0; j++) weights[j + 1] = (weights[j]! * (n - j) * odds) / (j + 1);
  for (let j = mode; j > 0 && weights[j]! > 0; j--) weights[j - 1] = (weights[j]! * j) / ((n - j + 1) * odds);
  return weights;
}

function clamp(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
