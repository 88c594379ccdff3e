// Tests of bidding in a palifico round (RULES §4).
import { legalActions } from './legal-actions';
import { seededRng } from './random';
import type { PresetName } from './rules';
import { buildRound, rulesFor, Table } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';

const fallback = () => new ScriptedRng([], seededRng(42));

describe('RULES §4: bidding in a palifico round', () => {
  const PALIFICO_PRESETS: PresetName[] = ['CLASSIC', 'PERUDO', 'LIARS_DICE'];
  const hands = [[4], [4, 4, 1, 1, 2], [4, 1, 3, 3, 2]]; // 4s: 4, aces: 3

  describe.each(PALIFICO_PRESETS)('%s', (preset) => {
    const palifico = (bids: [number, number, number][] = []) =>
      new Table(buildRound({ rules: preset, palificoSeat: 0, hands, bids }), fallback());

    it('the palifico player may open on aces', () => {
      const t = palifico();
      t.bid(0, 2, 1);
      expect(t.round.bids[0]).toMatchObject({ quantity: 2, face: 1 });
    });

    it('the palifico player may open on any face', () => {
      for (const face of [2, 3, 4, 5, 6])
        expect(palifico().apply({ type: 'BID', playerId: 'p0', quantity: 3, face }).ok).toBe(true);
    });

    it('the face is locked: a higher quantity of the same face only', () => {
      const t = palifico([[0, 2, 3]]);
      expect(t.refuseBid(1, 3, 4)).toEqual({
        code: 'FACE_LOCKED',
        message: 'in a palifico round the face stays 3: a bid after 2 x 3 must be at least 3 x 3',
        field: ['face'],
      });
      expect(t.refuseBid(1, 2, 4).code).toBe('FACE_LOCKED');
      expect(t.refuseBid(1, 5, 2).code).toBe('FACE_LOCKED');
      expect(t.refuseBid(1, 1, 1).code).toBe('FACE_LOCKED'); // no cutting to aces
      expect(t.refuseBid(1, 2, 3)).toEqual({
        code: 'BID_NOT_HIGHER',
        message: 'a bid after 2 x 3 must be higher: the smallest legal bids are 3 x 3',
        field: ['quantity'],
      });
      t.bid(1, 3, 3);
      t.bid(2, 5, 3);
      expect(t.refuseBid(0, 5, 3).code).toBe('BID_NOT_HIGHER');
    });

    it('says so when no bid is left on the locked face', () => {
      const t = palifico([[0, 11, 4]]);
      expect(t.refuseBid(1, 11, 5)).toEqual({
        code: 'FACE_LOCKED',
        message:
          'in a palifico round the face stays 4, and no bid is higher than 11 x 4 with 11 dice in play: call dudo',
        field: ['face'],
      });
      expect(legalActions(t.state, 1)).toMatchObject({ canBid: false, minBids: [], canDudo: true });
    });

    it('after an aces opening the bids stay on aces (no breaking out)', () => {
      const t = palifico([[0, 2, 1]]);
      expect(t.refuseBid(1, 5, 2)).toEqual({
        code: 'FACE_LOCKED',
        message: 'in a palifico round the face stays aces: a bid after 2 x aces must be at least 3 x aces',
        field: ['face'],
      });
      expect(t.refuseBid(1, 10, 6).code).toBe('FACE_LOCKED');
      t.bid(1, 3, 1);
    });

    it('aces are not wild in the count', () => {
      const t = palifico([
        [0, 3, 4],
        [1, 5, 4],
      ]);
      t.dudo(2);
      // four 4s (with the three aces it would be seven): the bidder loses
      expect(t.state.rounds[0]!.outcome).toMatchObject({ kind: 'DUDO', actualCount: 4, loser: 1, caller: 2 });
    });

    it('a bid on aces counts the aces only', () => {
      const t = palifico([
        [0, 2, 1],
        [1, 3, 1],
      ]);
      t.dudo(2);
      expect(t.state.rounds[0]!.outcome).toMatchObject({ actualCount: 3, loser: 2 });
    });
  });

  describe('PERUDO: veterans may change the face', () => {
    // Seat 0 is palifico; seat 1 has one die and was palifico before; seats 2 and 3 were not.
    const vetHands = [[3], [2], [4, 4, 4], [5]];
    const table = (
      bids: [number, number, number][],
      rules: PresetName = 'PERUDO',
      veterans = [1],
      hands = vetHands,
    ) => new Table(buildRound({ rules, palificoSeat: 0, veterans, hands, bids }), fallback());

    it('a veteran with one die may raise the face at the same quantity, and later bids follow the new face', () => {
      const t = table([[0, 2, 3]]);
      expect(legalActions(t.state, 1).minBids).toEqual([
        { face: 3, minQuantity: 3 },
        { face: 4, minQuantity: 2 },
        { face: 5, minQuantity: 2 },
        { face: 6, minQuantity: 2 },
      ]);
      t.bid(1, 2, 4);
      expect(legalActions(t.state, 2).minBids).toEqual([{ face: 4, minQuantity: 3 }]);
      expect(t.refuseBid(2, 3, 3).code).toBe('FACE_LOCKED');
      expect(t.refuseBid(2, 2, 5).code).toBe('FACE_LOCKED');
      expect(t.refuseBid(2, 3, 5).code).toBe('FACE_LOCKED');
      t.bid(2, 3, 4);
      t.bid(3, 4, 4);
    });

    it('a veteran may also raise both, or keep the face', () => {
      expect(table([[0, 2, 3]]).apply({ type: 'BID', playerId: 'p1', quantity: 4, face: 6 }).ok).toBe(true);
      expect(table([[0, 2, 3]]).apply({ type: 'BID', playerId: 'p1', quantity: 3, face: 3 }).ok).toBe(true);
    });

    it('a veteran may not lower the face (a bid too low, not a locked face), nor keep face and quantity', () => {
      const t = table([[0, 2, 3]]);
      expect(t.refuseBid(1, 2, 2)).toEqual({
        code: 'BID_NOT_HIGHER',
        message:
          'in a palifico round you may keep the face 3 or raise it, never lower it: a bid after 2 x 3 must be at least one of 3 x 3, 2 x 4, 2 x 5, 2 x 6',
        field: ['face'],
      });
      expect(t.refuseBid(1, 5, 2)).toEqual({
        code: 'BID_NOT_HIGHER',
        message:
          'in a palifico round you may keep the face 3 or raise it, never lower it: a bid after 2 x 3 must be at least one of 3 x 3, 2 x 4, 2 x 5, 2 x 6',
        field: ['face'],
      });
      expect(t.refuseBid(1, 2, 1).code).toBe('BID_NOT_HIGHER');
      expect(t.refuseBid(1, 1, 4)).toEqual({
        code: 'BID_NOT_HIGHER',
        message: 'a bid after 2 x 3 must be higher: the smallest legal bids are 3 x 3, 2 x 4, 2 x 5, 2 x 6',
        field: ['quantity'],
      });
      expect(t.refuseBid(1, 2, 3)).toEqual({
        code: 'BID_NOT_HIGHER',
        message: 'a bid after 2 x 3 must be higher: the smallest legal bids are 3 x 3, 2 x 4, 2 x 5, 2 x 6',
        field: ['quantity'],
      });
    });

    it('a veteran lowering the face after 6s is told the one bid left', () => {
      expect(table([[0, 2, 6]]).refuseBid(1, 4, 5)).toEqual({
        code: 'BID_NOT_HIGHER',
        message:
          'in a palifico round you may keep the face 6 or raise it, never lower it: a bid after 2 x 6 must be at least 3 x 6',
        field: ['face'],
      });
    });

    it('a veteran lowering the face when no bid is left is told to call dudo', () => {
      expect(table([[0, 6, 6]]).refuseBid(1, 6, 5)).toEqual({
        code: 'BID_NOT_HIGHER',
        message:
          'in a palifico round you may keep the face 6 or raise it, never lower it, and no bid is higher than 6 x 6 with 6 dice in play: call dudo',
        field: ['face'],
      });
    });

    it('aces are the lowest face: after an aces opening a veteran may bid any face at the same quantity', () => {
      const t = table([[0, 2, 1]]);
      expect(legalActions(t.state, 1).minBids).toEqual([
        { face: 1, minQuantity: 3 },
        { face: 2, minQuantity: 2 },
        { face: 3, minQuantity: 2 },
        { face: 4, minQuantity: 2 },
        { face: 5, minQuantity: 2 },
        { face: 6, minQuantity: 2 },
      ]);
      t.bid(1, 2, 2);
      expect(t.refuseBid(2, 3, 1).code).toBe('FACE_LOCKED');
    });

    it('a veteran with two dice may not', () => {
      const t = table([[0, 2, 3]], 'PERUDO', [1], [[3], [2, 2], [4, 4, 4], [5]]);
      expect(t.refuseBid(1, 2, 4).code).toBe('FACE_LOCKED');
      expect(t.refuseBid(1, 2, 2)).toEqual({
        code: 'FACE_LOCKED',
        message: 'in a palifico round the face stays 3: a bid after 2 x 3 must be at least 3 x 3',
        field: ['face'],
      });
    });

    it('a player with one die who was never palifico may not', () => {
      const t = table([[0, 2, 3]], 'PERUDO', []);
      expect(t.refuseBid(1, 2, 4).code).toBe('FACE_LOCKED');
      expect(t.refuseBid(1, 2, 2)).toEqual({
        code: 'FACE_LOCKED',
        message: 'in a palifico round the face stays 3: a bid after 2 x 3 must be at least 3 x 3',
        field: ['face'],
      });
      expect(legalActions(t.state, 1).minBids).toEqual([{ face: 3, minQuantity: 3 }]);
    });

    it('the palifico player in their own round may not', () => {
      const t = table([
        [0, 1, 3],
        [1, 1, 4],
        [2, 2, 4],
        [3, 3, 4],
      ]);
      expect(t.refuseBid(0, 3, 5).code).toBe('FACE_LOCKED');
      t.bid(0, 4, 4);
    });

    it('CLASSIC has no veterans rule', () => {
      const t = table([[0, 2, 3]], 'CLASSIC');
      expect(t.refuseBid(1, 2, 4).code).toBe('FACE_LOCKED');
    });

    it('the rule is an option', () => {
      const rules = rulesFor('CLASSIC', { palificoVeteransMayChangeFace: true });
      const t = new Table(
        buildRound({ rules, palificoSeat: 0, veterans: [1], hands: vetHands, bids: [[0, 2, 3]] }),
        fallback(),
      );
      t.bid(1, 2, 5);
    });
  });
});
