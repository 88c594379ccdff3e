// Tests of a finished game's dice per ordered pair of seats.
import { pairDice } from './pair-results';
import type { GameState, RoundState } from './state';

const round = (caller: number, bidder: number, loser: number | null, kind = 'DUDO'): RoundState =>
  ({
    number: 1,
    outcome: { kind, caller, bid: { seat: bidder }, loser, actualCount: 0, gainer: null },
  }) as unknown as RoundState;

const game = (seats: number, rounds: RoundState[]): GameState =>
  ({ seats: Array.from({ length: seats }, () => ({})), rounds }) as unknown as GameState;

describe('pairDice', () => {
  it('counts a die lost to the caller or to the challenged bidder, once a round', () => {
    const pairs = pairDice(
      game(3, [
        round(0, 1, 1), // seat 0's dudo cost seat 1 a die
        round(2, 0, 2), // seat 2's failed dudo: seat 0's bid cost seat 2 a die
        round(1, 2, null, 'CALZA'), // a calza won: no die lost
        { number: 4, outcome: null } as unknown as RoundState, // voided
      ]),
    );
    expect(pairs).toHaveLength(6);
    const of = (a: number, b: number) => pairs.find((p) => p.seat === a && p.opponentSeat === b);
    expect(of(0, 1)).toEqual({ seat: 0, opponentSeat: 1, taken: 1, lost: 0 });
    expect(of(1, 0)).toEqual({ seat: 1, opponentSeat: 0, taken: 0, lost: 1 });
    expect(of(0, 2)).toEqual({ seat: 0, opponentSeat: 2, taken: 1, lost: 0 });
    expect(of(2, 0)).toEqual({ seat: 2, opponentSeat: 0, taken: 0, lost: 1 });
    expect(of(1, 2)).toEqual({ seat: 1, opponentSeat: 2, taken: 0, lost: 0 });
  });
});
