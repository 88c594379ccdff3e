// Tests of when palifico rounds happen (RULES §4).
import { seededRng } from './random';
import { buildRound, rulesFor, Table, types } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';

const fallback = () => new ScriptedRng([], seededRng(42));

describe('RULES §4: when a palifico round happens', () => {
  it.each(['CLASSIC', 'PERUDO'] as const)(
    '%s (ONCE_PER_GAME): a bidder going from 2 dice to 1 plays the next round as palifico and opens it',
    (preset) => {
      const t = new Table(
        buildRound({
          rules: preset,
          hands: [
            [2, 3],
            [4, 4, 4, 4, 4],
            [5, 5, 5, 5, 5],
          ],
          bids: [[0, 5, 6]],
        }),
        fallback(),
      );
      const events = t.dudo(1);
      expect(types(events)).toEqual(['DUDO_CALLED', 'ROUND_ENDED', 'ROUND_STARTED']);
      expect(events[2]).toMatchObject({ type: 'ROUND_STARTED', number: 2, starter: 0, palificoSeat: 0 });
      expect(t.counts).toEqual([1, 5, 5]);
      expect(t.state.seats.map((s) => s.hasBeenPalifico)).toEqual([true, false, false]);
      expect(t.round).toMatchObject({ palificoSeat: 0, starter: 0, turn: 0 });
    },
  );

  it('a challenger going from 2 dice to 1 is palifico too', () => {
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        hands: [
          [4, 4, 4],
          [2, 3],
          [5, 5, 5],
        ],
        bids: [[0, 3, 4]],
      }),
      fallback(),
    );
    t.dudo(1);
    expect(t.round).toMatchObject({ palificoSeat: 1, starter: 1 });
  });

  it('the palifico player starts even when the next starter would be the winner (LIARS_DICE)', () => {
    const t = new Table(
      buildRound({
        rules: 'LIARS_DICE',
        hands: [
          [2, 3],
          [4, 4, 4],
          [5, 5, 5],
        ],
        bids: [[0, 5, 6]],
      }),
      fallback(),
    );
    t.dudo(1);
    expect(t.round).toMatchObject({ palificoSeat: 0, starter: 0 });
  });

  it('a player going from 3 dice to 2, or from 1 to 0, is not palifico', () => {
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        hands: [
          [2, 3, 3],
          [4, 4],
          [5, 5],
        ],
        bids: [[0, 5, 6]],
      }),
      fallback(),
    );
    t.dudo(1);
    expect(t.round.palificoSeat).toBeNull();

    const out = new Table(
      buildRound({ rules: 'CLASSIC', hands: [[2], [4, 4], [5, 5]], bids: [[0, 5, 6]] }),
      fallback(),
    );
    out.dudo(1);
    expect(out.round.palificoSeat).toBeNull();
    expect(out.round.starter).toBe(1);
  });

  it('ONCE_PER_GAME: not with fewer than palificoMinPlayers (3) players, and the palifico is not used up', () => {
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        hands: [
          [2, 3],
          [4, 4, 4],
        ],
        bids: [[0, 5, 6]],
      }),
      fallback(),
    );
    t.dudo(1);
    expect(t.counts).toEqual([1, 3]);
    expect(t.round).toMatchObject({ palificoSeat: null, starter: 0 });
    expect(t.state.seats[0]!.hasBeenPalifico).toBe(false);
    // aces stay wild and the face may change
    t.bid(0, 1, 2);
    t.bid(1, 1, 3);
  });

  it('palificoMinPlayers counts the players left in the game', () => {
    const rules = rulesFor('CLASSIC', { palificoMinPlayers: 4 });
    const hands = [[2, 3], [4, 4, 4], [5, 5, 5], [6]];
    const four = new Table(buildRound({ rules, hands, bids: [[0, 5, 6]] }), fallback());
    four.dudo(1);
    expect(four.round.palificoSeat).toBe(0);
    const three = new Table(
      buildRound({ rules, hands: [[2, 3], [4, 4, 4], [5, 5, 5], []], bids: [[0, 5, 6]] }),
      fallback(),
    );
    three.dudo(1);
    expect(three.round.palificoSeat).toBeNull();
  });

  it('LIARS_DICE (palificoMinPlayers 2): palifico with two players', () => {
    const t = new Table(
      buildRound({
        rules: 'LIARS_DICE',
        hands: [
          [2, 3],
          [4, 4, 4],
        ],
        bids: [[0, 5, 6]],
      }),
      fallback(),
    );
    t.dudo(1);
    expect(t.round).toMatchObject({ palificoSeat: 0, starter: 0 });
  });

  it('PUB (NONE): never', () => {
    const t = new Table(
      buildRound({
        rules: 'PUB',
        hands: [
          [2, 3],
          [4, 4, 4],
          [5, 5, 5],
        ],
        bids: [[0, 5, 6]],
      }),
      fallback(),
    );
    t.dudo(1);
    expect(t.round.palificoSeat).toBeNull();
    expect(t.state.seats[0]!.hasBeenPalifico).toBe(false);
  });

  it('ONCE_PER_GAME: a player who has been palifico is not palifico again', () => {
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        hands: [
          [2, 3],
          [4, 4, 4],
          [5, 5, 5],
        ],
        veterans: [0],
        bids: [[0, 5, 6]],
      }),
      fallback(),
    );
    t.dudo(1);
    expect(t.counts).toEqual([1, 3, 3]);
    expect(t.round).toMatchObject({ palificoSeat: null, starter: 0 });
  });

  it('EVERY_TIME (LIARS_DICE): a player who has been palifico is palifico again', () => {
    const t = new Table(
      buildRound({
        rules: 'LIARS_DICE',
        hands: [
          [2, 3],
          [4, 4, 4],
          [5, 5, 5],
        ],
        veterans: [0],
        bids: [[0, 5, 6]],
      }),
      fallback(),
    );
    t.dudo(1);
    expect(t.round).toMatchObject({ palificoSeat: 0, starter: 0 });
  });

  it('the round after a palifico round is a normal round', () => {
    const rng = new ScriptedRng([], seededRng(4)).pushHands([3], [2, 2, 2, 2, 2], [5, 5, 5, 5, 5]);
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        hands: [
          [2, 3],
          [4, 4, 4, 4, 4],
          [5, 5, 5, 5, 5],
        ],
        bids: [[0, 5, 6]],
      }),
      rng,
    );
    t.dudo(1);
    expect(t.round.palificoSeat).toBe(0);
    t.bid(0, 1, 3);
    t.bid(1, 2, 3);
    t.dudo(2); // one 3: seat 1 loses
    expect(t.counts).toEqual([1, 4, 5]);
    expect(t.round).toMatchObject({ number: 3, palificoSeat: null, starter: 1 });
  });
});

/**
 * Drives PERUDO with the calza option through: seat 0 palifico, wins a die back by a calza, then drops
 * from 2 to 1 again. Returns the table after that last loss.
 */
function palificoTwiceScript(palifico: 'ONCE_PER_GAME' | 'EVERY_TIME'): Table {
  const rules = rulesFor('PERUDO', { exact: 'CALZA', palifico });
  const rng = new ScriptedRng()
    .pushHands([3], [2, 2, 2, 2, 2], [5, 5, 5, 5, 5], [6, 6, 6, 6, 6]) // round 2
    .pushHands([4], [4, 4, 1, 2], [4, 5, 5, 5, 5], [6, 6, 6, 6, 6]) // round 3
    .pushHands([2, 2], [3, 3, 3, 3], [5, 5, 5, 5, 5], [6, 6, 6, 6, 6]) // round 4
    .pushHands([2], [3, 3, 3, 3, 3], [5, 5, 5, 5, 5], [6, 6, 6, 6, 6]); // round 5
  const t = new Table(
    buildRound({
      rules,
      hands: [
        [2, 3],
        [4, 4, 4, 4, 4],
        [5, 5, 5, 5, 5],
        [6, 6, 6, 6, 6],
      ],
    }),
    rng,
  );
  // Round 1: seat 0 drops to one die.
  t.bid(0, 3, 2);
  t.dudo(1);
  expect(t.round).toMatchObject({ number: 2, palificoSeat: 0, starter: 0 });
  // Round 2 (palifico): no calza in a palifico round with these rules.
  t.bid(0, 1, 3);
  expect(t.refuseExact(2)).toEqual({
    code: 'EXACT_NOT_ALLOWED',
    message: 'exact calls are not allowed in a palifico round',
  });
  t.bid(1, 2, 3);
  t.dudo(2); // one 3, aces not wild: seat 1 loses
  expect(t.counts).toEqual([1, 4, 5, 5]);
  expect(t.round).toMatchObject({ number: 3, palificoSeat: null, starter: 1 });
  // Round 3: seat 0 calls calza out of turn on 5 x 4 and is right (four 4s and an ace).
  t.bid(1, 5, 4);
  t.exact(0);
  expect(t.state.rounds[2]!.outcome).toMatchObject({
    kind: 'EXACT',
    caller: 0,
    actualCount: 5,
    loser: null,
    gainer: 0,
  });
  expect(t.counts).toEqual([2, 4, 5, 5]);
  expect(t.round).toMatchObject({ number: 4, palificoSeat: null, starter: 0 });
  // Round 4: seat 0 drops from 2 dice to 1 again.
  t.bid(0, 5, 2);
  t.dudo(1);
  expect(t.counts).toEqual([1, 4, 5, 5]);
  expect(t.round).toMatchObject({ number: 5, starter: 0 });
  return t;
}

describe('RULES §4: a second drop from 2 dice to 1', () => {
  it('ONCE_PER_GAME: not palifico a second time', () => {
    expect(palificoTwiceScript('ONCE_PER_GAME').round.palificoSeat).toBeNull();
  });

  it('EVERY_TIME: palifico again after winning a die back', () => {
    expect(palificoTwiceScript('EVERY_TIME').round.palificoSeat).toBe(0);
  });

  it('EVERY_TIME (LIARS_DICE): palifico again after a right jinto brought the player back to 2 dice', () => {
    const rng = new ScriptedRng()
      .pushHands([2, 2], [3, 3, 3], [4, 4]) // round 2
      .pushHands([5], [3, 3, 3], [4, 4]); // round 3
    const t = new Table(
      buildRound({
        rules: 'LIARS_DICE',
        palificoSeat: 0,
        hands: [[6], [6, 3, 3], [6, 4, 4]],
      }),
      rng,
    );
    t.bid(0, 1, 6);
    t.bid(1, 2, 6);
    t.bid(2, 3, 6);
    t.exact(0); // three 6s: right, seat 0 takes a die from seat 2
    expect(t.counts).toEqual([2, 3, 2]);
    // WINNER: after a right jinto the caller starts; seat 2 went from 3 dice to 2
    expect(t.round).toMatchObject({ number: 2, starter: 0, palificoSeat: null });
    t.bid(0, 3, 2);
    t.dudo(1); // two 2s: seat 0 drops from 2 dice to 1 again
    expect(t.counts).toEqual([1, 3, 2]);
    expect(t.round).toMatchObject({ number: 3, palificoSeat: 0, starter: 0 });
    expect(rng.remaining).toBe(0);
  });
});
