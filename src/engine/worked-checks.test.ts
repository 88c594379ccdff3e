// Tests of the worked checks of RULES §7.
/** The worked checks of RULES §7, one test each. */
import { biddingContext, minQuantity } from './bidding';
import { seededRng } from './random';
import { buildRound, Table, types } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';

const fallback = () => new ScriptedRng([], seededRng(2024));

/** Seats 0, 1, 2 are players A, B, C. */
const A = 0;
const B = 1;
const C = 2;

/** Three players with five dice each (15 in play), seat 0 made `bid`; seat 1's turn. */
function afterBid(
  preset: 'CLASSIC' | 'PERUDO' | 'PUB' | 'LIARS_DICE',
  q: number,
  f: number,
  players = 3,
): Table {
  const dice = preset === 'LIARS_DICE' ? [2, 3, 4] : [2, 3, 4, 5, 6];
  const hands = Array.from({ length: players }, () => dice);
  return new Table(buildRound({ rules: preset, hands, bids: [[0, q, f]] }), fallback());
}

function accepts(t: Table, seat: number, q: number, f: number): boolean {
  return t.apply({ type: 'BID', playerId: t.player(seat), quantity: q, face: f }).ok;
}

describe('RULES §7 worked checks', () => {
  it('§7.1 (000) last call seven 3s; four 3s and three 1s revealed: count 7, the challenger loses', () => {
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        hands: [
          [3, 3, 1, 5, 6],
          [3, 1, 2, 4, 6],
          [3, 1, 5, 5, 6],
        ],
        bids: [[A, 7, 3]],
      }),
      fallback(),
    );
    t.dudo(B);
    expect(t.state.rounds[0]!.outcome).toMatchObject({
      kind: 'DUDO',
      caller: B,
      actualCount: 7,
      loser: B,
      gainer: null,
    });
    expect(t.counts).toEqual([5, 4, 5]);
  });

  it('§7.2 (000) after seven 2s the minimum ace bid is four aces; after four aces: five aces or nine of another face', () => {
    const t = afterBid('CLASSIC', 7, 2);
    const ctx = biddingContext(t.state, t.round, B);
    expect(minQuantity(ctx, 1)).toBe(4);
    expect(t.refuseBid(B, 3, 1).code).toBe('BID_NOT_HIGHER');
    t.bid(B, 4, 1);
    const after = biddingContext(t.state, t.round, C);
    expect([1, 2, 3, 4, 5, 6].map((f) => minQuantity(after, f))).toEqual([5, 9, 9, 9, 9, 9]);
    expect(t.refuseBid(C, 4, 1).code).toBe('BID_NOT_HIGHER');
    for (const face of [2, 3, 4, 5, 6]) expect(t.refuseBid(C, 8, face).code).toBe('BID_NOT_HIGHER');
    for (const face of [2, 3, 4, 5, 6]) {
      const branch = new Table(t.state, fallback());
      expect(accepts(branch, C, 9, face)).toBe(true);
    }
    t.bid(C, 5, 1);
  });

  it('§7.3 (002) after eleven 3s the minimum ace bid is six aces; after seven 4s: eight 2s and seven 5s legal, six 6s and seven 2s not (STANDARD)', () => {
    const cut = afterBid('PERUDO', 11, 3);
    expect(cut.refuseBid(B, 5, 1).code).toBe('BID_NOT_HIGHER');
    cut.bid(B, 6, 1);

    expect(accepts(afterBid('PERUDO', 7, 4), B, 8, 2)).toBe(true);
    expect(accepts(afterBid('PERUDO', 7, 4), B, 7, 5)).toBe(true);
    expect(afterBid('PERUDO', 7, 4).refuseBid(B, 6, 6).code).toBe('BID_NOT_HIGHER');
    expect(afterBid('PERUDO', 7, 4).refuseBid(B, 7, 2).code).toBe('BID_NOT_HIGHER');
  });

  it('§7.4 (004 example 2, STANDARD) A 3x2, B 4x2, C 4x4, A 5x2, B 6x5, C dudo with only four 5s: B loses and starts', () => {
    // A rolls the highest in the roll-off; C's hand is cut to the five dice a player holds.
    const rng = new ScriptedRng([], seededRng(4))
      .pushFaces(6, 3, 2)
      .pushHands([2, 2, 2, 6, 6], [2, 5, 5, 5, 5], [3, 2, 2, 4, 4]);
    const t = Table.lobby('PUB', 3, rng);
    t.act({ type: 'START', playerId: 'p0' });
    expect(t.round.starter).toBe(A);
    t.bid(A, 3, 2);
    t.bid(B, 4, 2);
    t.bid(C, 4, 4);
    t.bid(A, 5, 2);
    t.bid(B, 6, 5);
    const events = t.dudo(C);
    expect(types(events)).toEqual(['DUDO_CALLED', 'ROUND_ENDED', 'ROUND_STARTED']);
    expect(t.state.rounds[0]!.outcome).toMatchObject({
      kind: 'DUDO',
      caller: C,
      bid: { seat: B, quantity: 6, face: 5 },
      actualCount: 4,
      loser: B,
    });
    expect(t.counts).toEqual([5, 4, 5]);
    expect(t.round).toMatchObject({ number: 2, starter: B, turn: B });
  });

  it('§7.5 (004 example 3) A 2x6, B 3x5, C 4x5, A 5x2, B 3x1, C 7x2, A dudo; five 2s and three aces: count 8, A loses and starts', () => {
    const rng = new ScriptedRng([], seededRng(5))
      .pushFaces(5, 4, 1)
      .pushHands([2, 2, 6, 6, 1], [2, 5, 5, 1, 1], [3, 2, 2, 4, 4]);
    const t = Table.lobby('PUB', 3, rng);
    t.act({ type: 'START', playerId: 'p0' });
    t.bid(A, 2, 6);
    t.bid(B, 3, 5);
    t.bid(C, 4, 5);
    t.bid(A, 5, 2);
    t.bid(B, 3, 1); // cut: ceil(5 / 2) = 3
    expect(t.refuseBid(C, 6, 2).code).toBe('BID_NOT_HIGHER');
    t.bid(C, 7, 2); // break out: 2 * 3 + 1 = 7
    t.dudo(A);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ caller: A, actualCount: 8, loser: A });
    expect(t.counts).toEqual([4, 5, 5]);
    expect(t.round.starter).toBe(A);
  });

  it('§7.6 (004 example 6, jonti) A holds 3 dice: A 3x6, B 4x6, A calls exact out of turn; four aces, no sixes: A gains a die and starts', () => {
    const t = new Table(
      buildRound({
        rules: 'PUB',
        hands: [
          [2, 2, 1],
          [2, 2, 1, 1, 1],
          [3, 5, 5, 5, 5],
        ],
      }),
      fallback(),
    );
    t.bid(A, 3, 6);
    t.bid(B, 4, 6);
    expect(t.round.turn).toBe(C);
    const events = t.exact(A);
    expect(types(events)).toEqual(['EXACT_CALLED', 'ROUND_ENDED', 'ROUND_STARTED']);
    expect(t.state.rounds[0]!.outcome).toMatchObject({
      kind: 'EXACT',
      caller: A,
      bid: { seat: B, quantity: 4, face: 6 },
      actualCount: 4,
      loser: null,
      gainer: A,
    });
    expect(t.counts).toEqual([4, 5, 5]);
    expect(t.round.starter).toBe(A);
  });

  it('§7.7 (003) "5 sixes" cut to "3 ones"; "4 ones" breaks out at "9"; jinto right: caller +1, bidder -1', () => {
    const cut = afterBid('LIARS_DICE', 5, 6, 4);
    expect(cut.refuseBid(B, 2, 1).code).toBe('BID_NOT_HIGHER');
    cut.bid(B, 3, 1);

    const out = afterBid('LIARS_DICE', 4, 1, 4);
    expect(out.refuseBid(B, 8, 6).code).toBe('BID_NOT_HIGHER');
    out.bid(B, 9, 6);

    // P1 says "5 twos", P2 says jinto: wrong with four twos (ones included), right with exactly five
    const jinto = new Table(
      buildRound({
        rules: 'LIARS_DICE',
        hands: [
          [2, 2, 3],
          [1, 2, 6],
          [4, 5, 6],
        ],
        bids: [[A, 5, 2]],
      }),
      fallback(),
    );
    jinto.exact(B);
    expect(jinto.state.rounds[0]!.outcome).toMatchObject({ kind: 'EXACT', actualCount: 4, loser: B });
    const right = new Table(
      buildRound({
        rules: 'LIARS_DICE',
        hands: [
          [2, 2, 3],
          [1, 2, 6],
          [2, 5, 6],
        ],
        bids: [[A, 5, 2]],
      }),
      fallback(),
    );
    right.exact(B);
    expect(right.state.rounds[0]!.outcome).toMatchObject({
      kind: 'EXACT',
      caller: B,
      actualCount: 5,
      loser: A,
      gainer: B,
    });
    expect(right.counts).toEqual([2, 4, 3]);
  });

  it('§7.8 (000) palifico: the palifico player opens "five 4s"; then at least "six 4s"; aces do not count', () => {
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        palificoSeat: A,
        hands: [[4], [4, 4, 1, 1, 2], [4, 1, 3, 3, 2]],
      }),
      fallback(),
    );
    t.bid(A, 5, 4);
    expect(t.refuseBid(B, 5, 5).code).toBe('FACE_LOCKED');
    expect(t.refuseBid(B, 6, 5).code).toBe('FACE_LOCKED');
    expect(t.refuseBid(B, 5, 4).code).toBe('BID_NOT_HIGHER');
    expect(t.refuseBid(B, 3, 1).code).toBe('FACE_LOCKED');
    t.bid(B, 6, 4);
    t.dudo(C);
    // four 4s; with the three aces wild it would be seven and the challenger would lose
    expect(t.state.rounds[0]!.outcome).toMatchObject({ kind: 'DUDO', caller: C, actualCount: 4, loser: B });
    expect(t.counts).toEqual([1, 4, 5]);
  });
});
