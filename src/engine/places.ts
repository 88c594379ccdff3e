// The finishing order of a game: the winner first, then the others in reverse order of leaving play.
import type { GameFinishedEvent } from './events';

/**
 * The seats of a finished game in finishing order (place 1 first). `leftPlay` lists the seats in the order
 * they left play (eliminated, forfeited or left: each has a PLAYER_ELIMINATED event): the last one to leave
 * is second, the first is last. A game ended by the round cap ranks the players still in play first, as its
 * GAME_FINISHED event's standings say (most dice first).
 */
export function finishingOrder(finished: GameFinishedEvent, leftPlay: readonly number[]): number[] {
  const head =
    finished.standings && finished.standings.length > 0 ? [...finished.standings] : [finished.winner];
  const seen = new Set(head);
  const order = [...head];
  for (let i = leftPlay.length - 1; i >= 0; i--) {
    const seat = leftPlay[i]!;
    if (!seen.has(seat)) {
      seen.add(seat);
      order.push(seat);
    }
  }
  return order;
}
