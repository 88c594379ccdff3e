// Tests of the bidding rules: raising, aces, quantity and face bounds (RULES §2).
import {
  biddingContext,
  countFor,
  describeBid,
  describeLegalBids,
  minQuantity,
  minimumBids,
} from './bidding';
import { seededRng } from './random';
import type { PresetName, RaiseMode, RuleSet } from './rules';
import { buildRound, rulesFor, Table, type BidSpec } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';

/** Three players with five dice each: 15 dice in play. */
const HANDS = [
  [2, 3, 4, 5, 6],
  [2, 3, 4, 5, 6],
  [2, 3, 4, 5, 6],
];

function table(rules: RuleSet | PresetName, bids: readonly BidSpec[] = [], hands = HANDS): Table {
  return new Table(buildRound({ rules, hands, bids }), new ScriptedRng([], seededRng(7)));
}

/** What happens when seat 1 answers seat 0's bid `prev` with `next`: 'ok' or the violation code. */
function answer(rules: RuleSet | PresetName, prev: [number, number], next: [number, number]): string {
  const t = table(rules, [[0, prev[0], prev[1]]]);
  const result = t.apply({ type: 'BID', playerId: 'p1', quantity: next[0], face: next[1] });
  return result.ok ? 'ok' : result.violation.code;
}

const MODE_PRESETS: Record<RaiseMode, PresetName[]> = {
  STRICT: ['CLASSIC'],
  STANDARD: ['PERUDO', 'PUB'],
  QUANTITY_ONLY: ['LIARS_DICE'],
};

const X = 'BID_NOT_HIGHER';

describe('RULES §2: raising a non-ace bid, by raise mode', () => {
  // previous bid, new bid, then the verdict under STRICT, STANDARD and QUANTITY_ONLY.
  const cases: [[number, number], [number, number], string, string, string][] = [
    [[7, 2], [8, 2], 'ok', 'ok', 'ok'],
    [[7, 2], [7, 3], 'ok', 'ok', X],
    [[7, 2], [8, 3], 'ok', 'ok', 'ok'],
    [[8, 2], [7, 6], X, X, X],
    [[7, 4], [8, 2], X, 'ok', 'ok'],
    [[7, 4], [7, 5], 'ok', 'ok', X],
    [[7, 4], [6, 6], X, X, X],
    [[7, 4], [7, 2], X, X, X],
    [[7, 4], [7, 4], X, X, X],
    [[7, 4], [6, 4], X, X, X],
    [[4, 3], [5, 6], 'ok', 'ok', 'ok'],
    [[4, 3], [4, 6], 'ok', 'ok', X],
    [[4, 6], [5, 2], X, 'ok', 'ok'],
    [[4, 6], [9, 5], X, 'ok', 'ok'],
    [[4, 5], [4, 6], 'ok', 'ok', X],
  ];
  for (const [prev, next, strict, standard, quantityOnly] of cases) {
    const expected: Record<RaiseMode, string> = {
      STRICT: strict,
      STANDARD: standard,
      QUANTITY_ONLY: quantityOnly,
    };
    for (const mode of Object.keys(expected) as RaiseMode[]) {
      for (const preset of MODE_PRESETS[mode]) {
        it(`${mode} (${preset}): ${describeBid(...prev)} -> ${describeBid(...next)} is ${expected[mode]}`, () => {
          expect(answer(preset, prev, next)).toBe(expected[mode]);
        });
      }
    }
  }

  it('the raise mode comes from the rules, not the preset name', () => {
    const classicQuantityOnly = rulesFor('CLASSIC', { raise: 'QUANTITY_ONLY' });
    expect(answer(classicQuantityOnly, [7, 4], [7, 5])).toBe(X);
    expect(answer(classicQuantityOnly, [7, 4], [8, 2])).toBe('ok');
    const pubStrict = rulesFor('PUB', { raise: 'STRICT' });
    expect(answer(pubStrict, [7, 4], [8, 2])).toBe(X);
  });

  it('a refused raise explains the smallest legal bids (STANDARD)', () => {
    const t = table('PERUDO', [[0, 7, 4]]);
    expect(t.refuseBid(1, 7, 2)).toEqual({
      code: 'BID_NOT_HIGHER',
      message:
        'a bid after 7 x 4 must be higher: the smallest legal bids are 4 x aces, 8 x 2, 8 x 3, 8 x 4, 7 x 5, 7 x 6',
      field: ['quantity'],
    });
  });

  it('a refused raise explains the smallest legal bids (STRICT, lower face)', () => {
    const t = table('CLASSIC', [[0, 7, 4]]);
    expect(t.refuseBid(1, 8, 2)).toEqual({
      code: 'BID_NOT_HIGHER',
      message: 'a bid after 7 x 4 must be higher: the smallest legal bids are 4 x aces, 8 x 4, 7 x 5, 7 x 6',
      field: ['face'],
    });
  });

  it('a refused raise explains the smallest legal bids (QUANTITY_ONLY)', () => {
    const t = table('LIARS_DICE', [[0, 7, 4]]);
    expect(t.refuseBid(1, 7, 6).message).toBe(
      'a bid after 7 x 4 must be higher: the smallest legal bids are 4 x aces, 8 x 2, 8 x 3, 8 x 4, 8 x 5, 8 x 6',
    );
  });

  it('an accepted bid emits BID_PLACED and passes the turn to the left', () => {
    const t = table('PUB', [[0, 3, 4]]);
    const before = t.state;
    const events = t.bid(1, 4, 2);
    expect(events).toEqual([
      {
        type: 'BID_PLACED',
        seat: 1,
        quantity: 4,
        face: 2,
        timedOut: false,
        byBot: false,
        seq: before.seq + 1,
        version: before.version + 1,
        at: t.state.createdAt,
      },
    ]);
    expect(t.round.turn).toBe(2);
    expect(t.round.bids.map((b) => [b.seat, b.quantity, b.face])).toEqual([
      [0, 3, 4],
      [1, 4, 2],
    ]);
    expect(t.state.version).toBe(before.version + 1);
    expect(t.state.seq).toBe(before.seq + 1);
  });

  it('the turn skips seats that are out of the game', () => {
    const t = table('CLASSIC', [], [[2, 3], [], [4, 5, 6]]);
    t.bid(0, 1, 2);
    expect(t.round.turn).toBe(2);
    t.bid(2, 2, 2);
    expect(t.round.turn).toBe(0);
  });

  it('only the player whose turn it is may bid', () => {
    const t = table('PUB', [[0, 3, 4]]);
    expect(t.refuseBid(2, 5, 5)).toEqual({ code: 'NOT_YOUR_TURN', message: "it is seat 1's turn" });
    expect(t.refuseBid(0, 5, 5).code).toBe('NOT_YOUR_TURN');
  });
});

describe('RULES §2: aces (normal rounds)', () => {
  describe.each(['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB'] as const)('%s', (preset) => {
    // "cutting": previous quantity -> the smallest ace bid, ceil(q / 2)
    it.each([
      [7, 4],
      [11, 6],
      [3, 2],
      [2, 1],
      [5, 3],
      [8, 4],
      [15, 8],
    ])('cutting %i x 5 needs at least %i aces', (q, min) => {
      expect(answer(preset, [q, 5], [min, 1])).toBe('ok');
      expect(answer(preset, [q, 5], [min - 1, 1])).toBe(min - 1 === 0 ? 'INVALID_BID' : X);
    });

    it('cutting 1 x 6 needs 1 ace (0 is not a quantity)', () => {
      expect(answer(preset, [1, 6], [1, 1])).toBe('ok');
      expect(answer(preset, [1, 6], [0, 1])).toBe('INVALID_BID');
    });

    it('aces to aces needs a higher quantity', () => {
      expect(answer(preset, [4, 1], [5, 1])).toBe('ok');
      expect(answer(preset, [4, 1], [4, 1])).toBe(X);
      expect(answer(preset, [4, 1], [3, 1])).toBe(X);
    });

    it.each([2, 3, 4, 5, 6])('breaking out of 4 aces needs 9 x %i', (face) => {
      expect(answer(preset, [4, 1], [9, face])).toBe('ok');
      expect(answer(preset, [4, 1], [8, face])).toBe(X);
    });

    it('breaking out of 1 ace needs 3, of 3 aces needs 7', () => {
      expect(answer(preset, [1, 1], [3, 2])).toBe('ok');
      expect(answer(preset, [1, 1], [2, 6])).toBe(X);
      expect(answer(preset, [3, 1], [7, 4])).toBe('ok');
      expect(answer(preset, [3, 1], [6, 6])).toBe(X);
    });

    it('the first bid of a normal round may not be on aces', () => {
      const t = table(preset);
      expect(t.refuseBid(0, 2, 1)).toEqual({
        code: 'OPENING_ACES_NOT_ALLOWED',
        message:
          'the first bid of a normal round may not be on aces; the smallest legal bids are 1 x 2, 1 x 3, 1 x 4, 1 x 5, 1 x 6',
        field: ['face'],
      });
      t.bid(0, 2, 6);
      expect(t.round.bids).toHaveLength(1);
    });

    it('any face may open at any quantity from 1 to the dice in play', () => {
      for (const face of [2, 3, 4, 5, 6]) {
        expect(table(preset).apply({ type: 'BID', playerId: 'p0', quantity: 1, face }).ok).toBe(true);
        expect(table(preset).apply({ type: 'BID', playerId: 'p0', quantity: 15, face }).ok).toBe(true);
      }
    });
  });

  it('the openingAces option allows opening on aces', () => {
    const t = table(rulesFor('CLASSIC', { openingAces: true }));
    t.bid(0, 2, 1);
    expect(t.round.bids[0]).toMatchObject({ quantity: 2, face: 1 });
  });

  it('without wild aces, aces are an ordinary (lowest) face', () => {
    const rules = rulesFor('PUB', { wildAces: false });
    expect(answer(rules, [3, 4], [3, 1])).toBe(X);
    expect(answer(rules, [3, 4], [2, 1])).toBe(X);
    expect(answer(rules, [3, 4], [4, 1])).toBe('ok');
    expect(answer(rules, [4, 1], [4, 2])).toBe('ok');
    expect(answer(rules, [4, 1], [5, 1])).toBe('ok');
    expect(table(rules).refuseBid(0, 1, 1).code).toBe('OPENING_ACES_NOT_ALLOWED');
  });
});

describe('RULES §2: quantity and face bounds', () => {
  describe.each(['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB'] as const)('%s', (preset) => {
    it('the quantity is from 1 to the dice in play (15)', () => {
      expect(table(preset).apply({ type: 'BID', playerId: 'p0', quantity: 15, face: 3 }).ok).toBe(true);
      const quantityError = {
        code: 'INVALID_BID',
        message: 'the quantity must be a whole number from 1 to 15, the dice in play',
        field: ['quantity'],
      };
      expect(table(preset).refuseBid(0, 16, 3)).toEqual(quantityError);
      expect(table(preset).refuseBid(0, 0, 3)).toEqual(quantityError);
      expect(table(preset).refuseBid(0, -2, 3)).toEqual(quantityError);
      expect(table(preset).refuseBid(0, 1.5, 3)).toEqual(quantityError);
      expect(table(preset).refuseBid(0, Number.NaN, 3)).toEqual(quantityError);
    });

    it('the face is from 1 to 6', () => {
      const faceError = {
        code: 'INVALID_BID',
        message: 'the face must be a whole number from 1 (aces) to 6',
        field: ['face'],
      };
      expect(table(preset).refuseBid(0, 2, 0)).toEqual(faceError);
      expect(table(preset).refuseBid(0, 2, 7)).toEqual(faceError);
      expect(table(preset).refuseBid(0, 2, 2.5)).toEqual(faceError);
    });

    it('the bound is the dice still in play', () => {
      const t = table(preset, [], [[2, 3, 4], [], [5, 6]]);
      expect(t.refuseBid(0, 6, 3).message).toBe(
        'the quantity must be a whole number from 1 to 5, the dice in play',
      );
      t.bid(0, 5, 3);
    });

    it('a player who cannot raise any more can still call dudo', () => {
      const t = table(preset, [[0, 15, 1]]);
      expect(t.refuseBid(1, 15, 6)).toEqual({
        code: 'BID_NOT_HIGHER',
        message: 'no bid is higher than 15 x aces with 15 dice in play: call dudo',
        field: ['quantity'],
      });
      expect(t.dudo(1).map((e) => e.type)).toContain('ROUND_ENDED');
    });
  });

  it('breaking out beyond the dice in play leaves only aces', () => {
    const t = table('PERUDO', [[0, 8, 1]]);
    expect(t.refuseBid(1, 15, 6).message).toBe(
      'a bid after 8 x aces must be higher: the smallest legal bids are 9 x aces',
    );
  });
});

describe('bidding functions', () => {
  it('countFor counts aces as wild only for other faces', () => {
    const dice = [
      [1, 2, 3],
      [1, 1, 6],
      [2, 2, 5],
    ];
    expect(countFor(dice, 2, true)).toBe(6);
    expect(countFor(dice, 1, true)).toBe(3);
    expect(countFor(dice, 2, false)).toBe(3);
    expect(countFor(dice, 6, true)).toBe(4);
    expect(countFor(dice, 4, true)).toBe(3);
    expect(countFor(dice, 4, false)).toBe(0);
    expect(countFor([], 4, true)).toBe(0);
  });

  it('describeBid names aces', () => {
    expect(describeBid(3, 1)).toBe('3 x aces');
    expect(describeBid(7, 4)).toBe('7 x 4');
  });

  it('minQuantity, minimumBids and describeLegalBids agree for a concrete position', () => {
    const state = buildRound({ rules: 'CLASSIC', hands: HANDS, bids: [[0, 7, 2]] });
    const ctx = biddingContext(state, state.rounds[0]!, 1);
    expect([1, 2, 3, 4, 5, 6].map((f) => minQuantity(ctx, f))).toEqual([4, 8, 7, 7, 7, 7]);
    expect(minimumBids(ctx, 7)).toEqual([
      { face: 1, minQuantity: 4 },
      { face: 3, minQuantity: 7 },
      { face: 4, minQuantity: 7 },
      { face: 5, minQuantity: 7 },
      { face: 6, minQuantity: 7 },
    ]);
    expect(describeLegalBids(ctx, 15)).toBe(
      'the smallest legal bids are 4 x aces, 8 x 2, 7 x 3, 7 x 4, 7 x 5, 7 x 6',
    );
    expect(describeLegalBids(ctx, 3)).toBe('no bid is possible any more: call dudo');
  });

  it('an opening bid: every face but aces from 1', () => {
    const state = buildRound({ rules: 'PUB', hands: HANDS });
    const ctx = biddingContext(state, state.rounds[0]!, 0);
    expect([1, 2, 3, 4, 5, 6].map((f) => minQuantity(ctx, f))).toEqual([null, 1, 1, 1, 1, 1]);
    expect(ctx).toMatchObject({ palifico: false, acesWild: true, previous: null, mayChangeFace: false });
  });
});
