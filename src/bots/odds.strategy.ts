// NORMAL and HARD: play the chances of each move, from a belief about the dice the bot cannot see.
import type { BotDecision, BotView } from './bot-decision';
import { blindBelief, chances, ownMatches, readBelief, type CountDistribution } from './count-beliefs';
import type { Rng } from '../engine';

/** How a level weighs its options. */
export interface OddsPlay {
  /** Its belief about the other seats' matches for a face. */
  readonly belief: (view: BotView, face: number) => CountDistribution;
  /** The chance that a raise is challenged by the next player, which is what makes a doubtful raise costly. */
  readonly challengeChance: (view: BotView) => number;
  /** Extra value an exact call must promise over the other moves (caution). */
  readonly exactMargin: number;
  /** Bids whose value is within this of the best are chosen among at random (less predictable). */
  readonly spread: number;
}

// The constants below were tuned with `npm run bench:bots` (BENCHMARKS.md).
export const NORMAL_PLAY: OddsPlay = {
  belief: blindBelief,
  challengeChance: (view) => (headsUp(view) ? 0.8 : 0.5),
  exactMargin: 0.1,
  spread: 0.03,
};
export const HARD_PLAY: OddsPlay = {
  belief: readBelief,
  challengeChance: (view) => (headsUp(view) ? 0.8 : 0.75),
  exactMargin: 0,
  spread: 0.02,
};

/** Two players left: the next player must answer every raise, by raising again or by calling. */
function headsUp(view: BotView): boolean {
  return view.seats.filter((s) => s.diceCount > 0).length === 2;
}

interface Option {
  readonly decision: BotDecision;
  readonly value: number;
}

/**
 * Values are in dice: −1 for a die the bot loses, `w` for one another player loses (1 heads-up, less with
 * more players, where another's loss helps the bot less).
 */
export function oddsStrategy(play: OddsPlay) {
  return (view: BotView, rng: Rng): BotDecision | null => {
    const legal = view.legalActions;
    const round = view.currentRound;
    if (!legal || !round || view.viewerSeat === null) return null;
    const me = view.seats[view.viewerSeat]!;
    const players = view.seats.filter((s) => s.diceCount > 0).length;
    const w = 1 / Math.max(1, players - 1);
    const beliefs = new Map<number, CountDistribution>();
    const odds = (quantity: number, face: number): { atLeast: number; exactly: number } => {
      let belief = beliefs.get(face);
      if (!belief) beliefs.set(face, (belief = play.belief(view, face)));
      return chances(belief, quantity - ownMatches(view, face));
    };
    const standing = round.bids[round.bids.length - 1];
    const options: Option[] = [];
    if (legal.canExact && standing) {
      const { exactly } = odds(standing.quantity, standing.face);
      const rules = view.rules;
      const gain =
        rules.exact === 'JINTO' ? 1 + w : rules.maxDice !== null && me.diceCount >= rules.maxDice ? 0 : 1;
      options.push({ decision: { type: 'EXACT' }, value: exactly * gain - (1 - exactly) - play.exactMargin });
    }
    if (round.turn !== view.viewerSeat) {
      // Out of turn only an exact call is possible, and only worth it when it promises more than silence.
      const exact = options[0];
      return exact && exact.value > 0 ? exact.decision : null;
    }
    if (legal.canDudo && standing) {
      const { atLeast } = odds(standing.quantity, standing.face);
      options.push({ decision: { type: 'DUDO' }, value: (1 - atLeast) * w - atLeast });
    }
    const dice = view.seats.reduce((n, s) => n + s.diceCount, 0);
    const challenge = play.challengeChance(view);
    const bids: Option[] = [];
    for (const { face, minQuantity } of legal.minBids) {
      for (let quantity = minQuantity; quantity <= Math.min(dice, minQuantity + 1); quantity++) {
        const { atLeast } = odds(quantity, face);
        // A raise costs a die when it is challenged and false, and wins one when it is challenged and true.
        const value = challenge * (atLeast * w - (1 - atLeast));
        bids.push({ decision: { type: 'BID', quantity, face }, value });
      }
    }
    if (bids.length > 0) {
      const best = Math.max(...bids.map((b) => b.value));
      const near = bids.filter((b) => b.value >= best - play.spread);
      options.push(near[rng.int(near.length)]!);
    }
    let choice = options[0]!;
    for (const o of options) if (o.value > choice.value) choice = o;
    return choice.decision;
  };
}
