// Tests of the finishing order of a game.
import type { GameFinishedEvent } from './events';
import { finishingOrder } from './places';

const finished = (winner: number, standings?: number[]): GameFinishedEvent => ({
  type: 'GAME_FINISHED',
  winner,
  seq: 1,
  version: 1,
  at: '2026-01-01T00:00:00.000Z',
  ...(standings ? { roundLimit: true, standings } : {}),
});

describe('finishingOrder', () => {
  it('puts the winner first and the others in reverse order of leaving play', () => {
    // Seat 2 was out first, then seat 0, then seat 3; seat 1 won.
    expect(finishingOrder(finished(1), [2, 0, 3])).toEqual([1, 3, 0, 2]);
  });

  it('heads-up: the loser is second', () => {
    expect(finishingOrder(finished(0), [1])).toEqual([0, 1]);
  });

  it('ranks the players still in play at the round cap by its standings, then those who left', () => {
    expect(finishingOrder(finished(3, [3, 0, 4]), [1, 2])).toEqual([3, 0, 4, 2, 1]);
  });
});
