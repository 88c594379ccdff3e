// A finished game's dice per ordered pair of seats: what each took from the other (head-to-head records).
import type { GameState } from './state';

/** What `seat` cost `opponentSeat` in a game, and the reverse. */
export interface PairDice {
  readonly seat: number;
  readonly opponentSeat: number;
  /** Rounds with an outcome where the opponent lost a die and the seat was the caller or the challenged bidder. */
  readonly taken: number;
  readonly lost: number;
}

/** Every ordered pair of distinct seats of `state`, with the dice each took from the other over its rounds. */
export function pairDice(state: GameState): PairDice[] {
  const n = state.seats.length;
  // took[a][b]: rounds in which b lost a die by a's call or a's challenged bid.
  const took = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const round of state.rounds) {
    const o = round.outcome;
    if (!o || o.loser === null) continue;
    for (const taker of new Set([o.caller, o.bid.seat])) {
      if (taker !== o.loser && taker >= 0 && taker < n) took[taker]![o.loser]!++;
    }
  }
  const pairs: PairDice[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (a !== b) pairs.push({ seat: a, opponentSeat: b, taken: took[a]![b]!, lost: took[b]![a]! });
    }
  }
  return pairs;
}
