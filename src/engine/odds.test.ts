// The odds of a bid for the viewer: the formula at exact positions, its bounds, accuracy and secrecy.
import fc from 'fast-check';
import { binomialOdds, oddsFor, standingBidOdds, type BidOdds } from './odds';
import type { GameState } from './state';
import { buildRound, rulesFor, Table, type RoundSpec } from './testing/builders';
import { viewFor, type Viewer } from './view';

/** Doubles built the same way from exact fractions agree to a few units in the last place. */
const DIGITS = 15;

function odds(state: GameState, viewer: Viewer, quantity: number, face: number): BidOdds | null {
  return oddsFor(viewFor(state, viewer), quantity, face);
}

function expectOdds(actual: BidOdds | null, atLeast: number, exactly: number): void {
  expect(actual).not.toBeNull();
  expect(actual!.atLeast).toBeCloseTo(atLeast, DIGITS);
  expect(actual!.exactly).toBeCloseTo(exactly, DIGITS);
}

const p0 = { playerId: 'p0' };

describe('oddsFor: the formula at exact positions', () => {
  // Seat 0 holds an ace and a three; seat 1's two dice are unseen by p0.
  const spec: RoundSpec = {
    rules: 'CLASSIC',
    hands: [
      [1, 3],
      [4, 6],
    ],
  };

  it('counts wild aces in the hand and gives each unseen die 1/3 on a face other than 1', () => {
    const state = buildRound(spec);
    // k = 2, n = 2, p = 1/3
    expectOdds(odds(state, p0, 1, 3), 1, 0);
    expectOdds(odds(state, p0, 2, 3), 1, 4 / 9);
    expectOdds(odds(state, p0, 3, 3), 5 / 9, 4 / 9);
    expectOdds(odds(state, p0, 4, 3), 1 / 9, 1 / 9);
    expectOdds(odds(state, p0, 5, 3), 0, 0);
    // face 2: k = 1 (the ace)
    expectOdds(odds(state, p0, 1, 2), 1, 4 / 9);
    expectOdds(odds(state, p0, 2, 2), 5 / 9, 4 / 9);
    expectOdds(odds(state, p0, 3, 2), 1 / 9, 1 / 9);
  });

  it('on aces only aces count and each unseen die matches with 1/6', () => {
    const state = buildRound(spec);
    // k = 1, n = 2, p = 1/6
    expectOdds(odds(state, p0, 1, 1), 1, 25 / 36);
    expectOdds(odds(state, p0, 2, 1), 11 / 36, 10 / 36);
    expectOdds(odds(state, p0, 3, 1), 1 / 36, 1 / 36);
    expectOdds(odds(state, p0, 4, 1), 0, 0);
  });

  it('aces are not wild in a palifico round', () => {
    const state = buildRound({ ...spec, palificoSeat: 0 });
    // face 3: k = 1 (the three alone), n = 2, p = 1/6
    expectOdds(odds(state, p0, 1, 3), 1, 25 / 36);
    expectOdds(odds(state, p0, 2, 3), 11 / 36, 10 / 36);
    expectOdds(odds(state, p0, 3, 3), 1 / 36, 1 / 36);
    // face 5: k = 0
    expectOdds(odds(state, p0, 1, 5), 11 / 36, 10 / 36);
    expectOdds(odds(state, p0, 2, 5), 1 / 36, 1 / 36);
  });

  it('aces are not wild when the rules say so', () => {
    const state = buildRound({ ...spec, rules: rulesFor('CLASSIC', { wildAces: false }) });
    expectOdds(odds(state, p0, 2, 3), 11 / 36, 10 / 36);
    expectOdds(odds(state, p0, 1, 4), 11 / 36, 10 / 36);
    expectOdds(odds(state, p0, 2, 1), 11 / 36, 10 / 36);
  });

  it('a larger table: k and n from the hand and every other seat', () => {
    const state = buildRound({
      rules: 'CLASSIC',
      hands: [
        [1, 2, 3, 4, 5],
        [6, 6, 6, 6, 6],
        [2, 2, 3, 3, 4],
      ],
    });
    // p0 on threes: k = 2 (a three and an ace), n = 10, p = 1/3; 3^10 = 59049
    expectOdds(odds(state, p0, 4, 3), 52905 / 59049, 11520 / 59049);
    expectOdds(odds(state, p0, 12, 3), 1 / 59049, 1 / 59049);
    // p1 on sixes: k = 5, n = 10
    expectOdds(odds(state, { playerId: 'p1' }, 6, 6), 1 - 1024 / 59049, 5120 / 59049);
    // p2 on aces: k = 0, n = 10, p = 1/6; 6^10 = 60466176, 5^10 = 9765625
    expectOdds(odds(state, { playerId: 'p2' }, 1, 1), 1 - 9765625 / 60466176, 19531250 / 60466176);
  });

  it('a spectator, or a player without a seat, has no hand: every die is unseen', () => {
    const state = buildRound(spec);
    for (const viewer of [null, { playerId: 'stranger' }]) {
      // k = 0, n = 4, p = 1/3; 3^4 = 81
      expectOdds(odds(state, viewer, 1, 3), 65 / 81, 32 / 81);
      expectOdds(odds(state, viewer, 2, 3), 33 / 81, 24 / 81);
      expectOdds(odds(state, viewer, 4, 3), 1 / 81, 1 / 81);
      expectOdds(odds(state, viewer, 5, 3), 0, 0);
      // aces: p = 1/6; 6^4 = 1296, 5^4 = 625
      expectOdds(odds(state, viewer, 1, 1), 1 - 625 / 1296, 500 / 1296);
    }
  });

  it('seats out of the game add no unseen dice', () => {
    const state = buildRound({ rules: 'CLASSIC', hands: [[3], [], [5]], left: [1] });
    expectOdds(odds(state, p0, 2, 3), 1 / 3, 1 / 3);
  });
});

describe('oddsFor: bounds', () => {
  const state = buildRound({
    rules: 'CLASSIC',
    hands: [
      [3, 3, 1],
      [2, 2, 2],
    ],
  });

  it('a quantity the hand already covers holds for sure; below the hand it cannot be exact', () => {
    // k = 3
    expectOdds(odds(state, p0, 1, 3), 1, 0);
    expectOdds(odds(state, p0, 2, 3), 1, 0);
    expectOdds(odds(state, p0, 3, 3), 1, 8 / 27);
  });

  it('a quantity beyond the hand and every unseen die has no chance', () => {
    expectOdds(odds(state, p0, 6, 3), 1 / 27, 1 / 27);
    expect(odds(state, p0, 7, 3)).toEqual({ atLeast: 0, exactly: 0 });
    expect(odds(state, p0, 1000, 3)).toEqual({ atLeast: 0, exactly: 0 });
  });

  it('atLeast is the sum of exactly from the quantity up, and exactly sums to 1 over all quantities', () => {
    for (const face of [1, 2, 3, 6]) {
      let tail = 0;
      for (let q = 8; q >= 1; q--) {
        const o = odds(state, p0, q, face)!;
        tail += o.exactly;
        if (q >= 3) expect(o.atLeast).toBeCloseTo(tail, DIGITS);
      }
      expect(tail).toBeCloseTo(1, DIGITS);
    }
  });

  it('refuses a face outside 1..6 or a quantity below 1 (callers validate input)', () => {
    for (const [q, f] of [
      [1, 0],
      [1, 7],
      [0, 3],
      [-1, 3],
      [1.5, 3],
    ] as const) {
      expect(() => odds(state, p0, q, f)).toThrow(RangeError);
    }
  });
});

describe('oddsFor: no round open', () => {
  it('is null in the lobby', () => {
    const table = Table.lobby('CLASSIC', 3);
    expect(odds(table.state, p0, 1, 3)).toBeNull();
    expect(standingBidOdds(viewFor(table.state, p0))).toBeNull();
  });

  it('is null once the game has finished', () => {
    const table = new Table(buildRound({ rules: 'CLASSIC', hands: [[2], [3]], bids: [[0, 1, 5]] }));
    table.dudo(1);
    expect(table.state.status).toBe('FINISHED');
    expect(odds(table.state, p0, 1, 3)).toBeNull();
  });
});

describe('standingBidOdds', () => {
  const hands = [
    [1, 3],
    [4, 6],
  ];

  it('is null before the first bid', () => {
    expect(standingBidOdds(viewFor(buildRound({ hands }), p0))).toBeNull();
  });

  it('gives the odds of the last bid, for the bidder and for the others', () => {
    const state = buildRound({ hands, bids: [[0, 2, 4]] });
    // p0 on fours: k = 1 (the ace), n = 2, p = 1/3
    expectOdds(standingBidOdds(viewFor(state, p0)), 5 / 9, 4 / 9);
    // p1 on fours: k = 1, n = 2
    expectOdds(standingBidOdds(viewFor(state, { playerId: 'p1' })), 5 / 9, 4 / 9);
    const later = buildRound({
      hands,
      bids: [
        [0, 2, 4],
        [1, 3, 6],
      ],
    });
    expectOdds(standingBidOdds(viewFor(later, p0)), 1 / 9, 1 / 9);
    expect(standingBidOdds(viewFor(later, p0))).toEqual(oddsFor(viewFor(later, p0), 3, 6));
  });
});

// Exact rational arithmetic: P(X = j) = C(n, j) a^j (b - a)^(n - j) / b^n for p = a / b.
function choose(n: number, k: number): bigint {
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
}

/** The nearest double to num / den, for positive values down to far below any probability tested. */
function toNumber(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const shift = den.toString(2).length - num.toString(2).length + 64;
  const q = shift >= 0 ? (num << BigInt(shift)) / den : num / (den << BigInt(-shift));
  return Number(q) / 2 ** shift;
}

function exactNumerators(n: number, a: number, b: number): bigint[] {
  const nums: bigint[] = [];
  for (let j = 0; j <= n; j++) {
    nums.push(choose(n, j) * BigInt(a) ** BigInt(j) * BigInt(b - a) ** BigInt(n - j));
  }
  return nums;
}

function relativeError(actual: number, exact: number): number {
  return exact === 0 ? Math.abs(actual) : Math.abs(actual - exact) / exact;
}

describe('binomialOdds: accuracy for 100+ dice', () => {
  it.each([
    [100, 1, 6],
    [100, 1, 3],
    [150, 1, 6],
    [300, 1, 3],
    [400, 1, 6],
  ])('n = %i, p = %i/%i: every exactly and atLeast within 1e-12 of the exact fraction', (n, a, b) => {
    const den = BigInt(b) ** BigInt(n);
    const nums = exactNumerators(n, a, b);
    let tail = 0n;
    let worst = 0;
    for (let m = n; m >= 0; m--) {
      tail += nums[m]!;
      const got = binomialOdds(n, a / b, m);
      expect(got.exactly).toBeGreaterThan(0);
      expect(got.exactly).toBeLessThanOrEqual(1);
      expect(got.atLeast).toBeLessThanOrEqual(1);
      worst = Math.max(
        worst,
        relativeError(got.exactly, toNumber(nums[m]!, den)),
        relativeError(got.atLeast, toNumber(tail, den)),
      );
    }
    expect(tail).toBe(den);
    expect(worst).toBeLessThan(1e-12);
  });

  it('a 120-dice table from the view agrees with the exact fraction', () => {
    const hands = Array.from({ length: 20 }, (_, seat) =>
      Array.from({ length: 6 }, (_, i) => ((seat * 7 + i * 5) % 6) + 1),
    );
    const state = buildRound({ rules: 'LIARS_DICE', hands });
    // p0 holds 1, 6, 5, 4, 3, 2: one five and the ace on fives; n = 114, p = 1/3
    const den = 3n ** 114n;
    const nums = exactNumerators(114, 1, 3);
    for (const q of [1, 2, 3, 20, 40, 41, 60, 100, 116, 117]) {
      const m = q - 2;
      const got = odds(state, p0, q, 5)!;
      const tail = m <= 0 ? den : nums.slice(m).reduce((s, x) => s + x, 0n);
      expect(relativeError(got.atLeast, toNumber(tail, den))).toBeLessThan(1e-12);
      const exact = m < 0 || m > 114 ? 0 : toNumber(nums[m]!, den);
      expect(relativeError(got.exactly, exact)).toBeLessThan(1e-12);
    }
  });

  it('the exactly of every count sums to 1, for tables of every size up to 1,000 dice', () => {
    for (const n of [0, 1, 2, 5, 30, 100, 250, 1000]) {
      for (const p of [1 / 6, 1 / 3]) {
        let sum = 0;
        for (let m = 0; m <= n; m++) sum += binomialOdds(n, p, m).exactly;
        expect(sum).toBeCloseTo(1, 12);
        expect(binomialOdds(n, p, 0).atLeast).toBe(1);
        expect(binomialOdds(n, p, n + 1)).toEqual({ atLeast: 0, exactly: 0 });
      }
    }
  });
});

describe('oddsFor: only what the viewer may see', () => {
  const die = fc.integer({ min: 1, max: 6 });
  const position = fc.record({
    hands: fc.array(fc.array(die, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 8 }),
    viewer: fc.integer({ min: -1, max: 7 }),
    palifico: fc.boolean(),
    wildAces: fc.boolean(),
    face: fc.integer({ min: 1, max: 6 }),
    quantity: fc.integer({ min: 1, max: 50 }),
    others: fc.array(die, { minLength: 48, maxLength: 48 }),
    own: fc.array(die, { minLength: 6, maxLength: 6 }),
  });

  function stateOf(hands: readonly (readonly number[])[], palifico: boolean, wildAces: boolean): GameState {
    return buildRound({
      rules: rulesFor('CLASSIC', { wildAces }),
      hands,
      palificoSeat: palifico ? 0 : null,
    });
  }

  /** Counted independently of the module: the viewer's matching dice, and every other seat's dice. */
  function expected(hands: readonly (readonly number[])[], seat: number, face: number, wild: boolean) {
    const k = seat < 0 ? 0 : hands[seat]!.filter((d) => d === face || (wild && d === 1)).length;
    const n = hands.reduce((s, h, i) => s + (i === seat ? 0 : h.length), 0);
    return { k, n, p: wild && face !== 1 ? 1 / 3 : 1 / 6 };
  }

  it("other seats' dice never move the odds; the viewer's own move them as the formula says", () => {
    fc.assert(
      fc.property(position, (pos) => {
        const seat = pos.viewer < pos.hands.length ? pos.viewer : -1;
        const viewer = seat < 0 ? null : { playerId: `p${seat}` };
        const wild = pos.wildAces && !pos.palifico;
        const base = odds(stateOf(pos.hands, pos.palifico, pos.wildAces), viewer, pos.quantity, pos.face)!;

        let next = 0;
        const rerolled = pos.hands.map((h, i) => (i === seat ? h : h.map(() => pos.others[next++]!)));
        const again = odds(stateOf(rerolled, pos.palifico, pos.wildAces), viewer, pos.quantity, pos.face)!;
        expect(again).toEqual(base);

        const e = expected(pos.hands, seat, pos.face, wild);
        expect(base).toEqual(binomialOdds(e.n, e.p, pos.quantity - e.k));
        if (seat < 0) return;

        const ownHand = pos.hands[seat]!.map((_, i) => pos.own[i]!);
        const withOwn = pos.hands.map((h, i) => (i === seat ? ownHand : h));
        const mine = odds(stateOf(withOwn, pos.palifico, pos.wildAces), viewer, pos.quantity, pos.face)!;
        const e2 = expected(withOwn, seat, pos.face, wild);
        expect(e2.n).toBe(e.n);
        expect(mine).toEqual(binomialOdds(e.n, e.p, pos.quantity - e2.k));
        if (e2.k > e.k) expect(mine.atLeast).toBeGreaterThanOrEqual(base.atLeast);
        if (e2.k < e.k) expect(mine.atLeast).toBeLessThanOrEqual(base.atLeast);
      }),
      { numRuns: 300 },
    );
  });
});
