// Tests of exact calls: calza and jinto (RULES §5).
import { legalActions } from './legal-actions';
import { seededRng } from './random';
import type { PresetName, RuleSet } from './rules';
import { buildRound, rulesFor, Table, types, type BidSpec } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';

const fallback = () => new ScriptedRng([], seededRng(11));

describe('RULES §5: CALZA (PUB: ANY_EXCEPT_NEXT)', () => {
  // 2s with wild aces: seat 0 two, seat 1 one and an ace, seat 3 one -> 5
  const hands = [
    [2, 2, 3, 4],
    [1, 2, 6, 6],
    [3, 3, 4, 5],
    [2, 5, 5, 6],
  ];
  const table = (bids: BidSpec[], rules: RuleSet | PresetName = 'PUB', h: number[][] = hands) =>
    new Table(buildRound({ rules, hands: h, bids }), fallback());

  it('right: the caller, out of turn, gains a die and starts the next round', () => {
    const t = table([[0, 5, 2]]);
    const bid = t.round.bids[0]!;
    const events = t.exact(2);
    expect(types(events)).toEqual(['EXACT_CALLED', 'ROUND_ENDED', 'ROUND_STARTED']);
    expect(events[0]).toMatchObject({ type: 'EXACT_CALLED', seat: 2 });
    expect(events[1]).toMatchObject({
      outcome: { kind: 'EXACT', caller: 2, bid, actualCount: 5, loser: null, gainer: 2 },
    });
    expect(t.counts).toEqual([4, 4, 5, 4]);
    expect(t.round).toMatchObject({ number: 2, starter: 2, turn: 2 });
  });

  it('any player but the bidder and the next player may call', () => {
    expect(table([[0, 5, 2]]).exact(3)).toHaveLength(3);
    const t = table([
      [0, 5, 2],
      [1, 6, 2],
    ]);
    t.exact(0); // seat 0 is neither the bidder nor the next player now
    expect(t.state.rounds[0]!.outcome).toMatchObject({ caller: 0, actualCount: 5, loser: 0, gainer: null });
  });

  it('wrong: the caller loses a die and starts', () => {
    const t = table([[0, 4, 2]]);
    t.exact(2);
    expect(t.state.rounds[0]!.outcome).toMatchObject({
      kind: 'EXACT',
      caller: 2,
      actualCount: 5,
      loser: 2,
      gainer: null,
    });
    expect(t.counts).toEqual([4, 4, 3, 4]);
    expect(t.round.starter).toBe(2);
  });

  it('not the bidder', () => {
    expect(table([[0, 5, 2]]).refuseExact(0)).toEqual({
      code: 'EXACT_NOT_ALLOWED',
      message: 'you made the last bid: another player may call exact on it',
    });
  });

  it('not the player whose turn it is', () => {
    expect(table([[0, 5, 2]]).refuseExact(1)).toEqual({
      code: 'EXACT_NOT_ALLOWED',
      message: 'the player whose turn it is may not call exact: bid or call dudo',
    });
  });

  it('not before the first bid', () => {
    expect(table([]).refuseExact(2)).toEqual({
      code: 'NO_BID_TO_CHALLENGE',
      message: 'there is no bid to call exact on yet',
    });
  });

  it('the call is on the last bid only', () => {
    const t = table([
      [0, 5, 2],
      [1, 6, 2],
    ]);
    t.exact(3);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ bid: { seat: 1, quantity: 6, face: 2 }, loser: 3 });
  });

  it('exactMinPlayers (3): not with two players left', () => {
    const two = table([[0, 1, 2]], 'PUB', [
      [2, 2],
      [3, 3],
    ]);
    expect(two.refuseExact(1)).toEqual({
      code: 'EXACT_NOT_ALLOWED',
      message: 'exact calls need at least 3 players in the game; 2 remain',
    });
    const twoOfFour = table([[0, 1, 2]], 'PUB', [[2, 2], [], [3, 3], []]);
    expect(twoOfFour.refuseExact(2).message).toBe(
      'exact calls need at least 3 players in the game; 2 remain',
    );
  });

  it('exactMinPlayers is an option', () => {
    const rules = rulesFor('PUB', { exactMinPlayers: 5 });
    expect(table([[0, 5, 2]], rules).refuseExact(2).message).toBe(
      'exact calls need at least 5 players in the game; 4 remain',
    );
  });

  it('exactRequiresBelowMax: a player already at maxDice may not call', () => {
    const full = [hands[0]!, hands[1]!, [3, 3, 4, 5, 6], hands[3]!];
    const t = table([[0, 5, 2]], 'PUB', full);
    expect(t.refuseExact(2)).toEqual({
      code: 'EXACT_NOT_ALLOWED',
      message: 'you already hold the most dice allowed (5), so you may not call exact',
    });
    expect(legalActions(t.state, 2).canExact).toBe(false);
    expect(legalActions(t.state, 3).canExact).toBe(true);
  });

  it('without exactRequiresBelowMax a player at maxDice may call, and a right call is capped at maxDice', () => {
    const rules = rulesFor('PERUDO', { exact: 'CALZA' });
    const full = [hands[0]!, hands[1]!, [3, 3, 4, 5, 6], hands[3]!];
    const t = table([[0, 5, 2]], rules, full);
    t.exact(2);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ kind: 'EXACT', caller: 2, loser: null, gainer: null });
    expect(t.counts).toEqual([4, 4, 5, 4]);
    expect(t.round.starter).toBe(2);
  });

  it('a raised maxDice lets a right call go above the starting dice', () => {
    const rules = rulesFor('PUB', { maxDice: 6 });
    const full = [hands[0]!, hands[1]!, [3, 3, 4, 5, 6], hands[3]!];
    const t = table([[0, 5, 2]], rules, full);
    t.exact(2);
    expect(t.counts).toEqual([4, 4, 6, 4]);
  });

  it('a wrong call can eliminate the caller; the next player to the left starts', () => {
    const t = table([[0, 4, 2]], 'PUB', [hands[0]!, hands[1]!, [6], hands[3]!]);
    const events = t.exact(2);
    expect(types(events)).toEqual(['EXACT_CALLED', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'ROUND_STARTED']);
    expect(t.counts).toEqual([4, 4, 0, 4]);
    expect(t.round.starter).toBe(3);
  });

  it('a wrong call from 2 dice to 1 makes the caller palifico (PERUDO with calza)', () => {
    const rules = rulesFor('PERUDO', { exact: 'CALZA' });
    const t = table([[0, 4, 2]], rules, [hands[0]!, hands[1]!, [6, 6], hands[3]!]);
    t.exact(2);
    expect(t.round).toMatchObject({ palificoSeat: 2, starter: 2 });
  });

  it('not in a palifico round unless exactInPalifico', () => {
    const pal = [[2], [1, 2, 6, 6], [3, 3, 4, 5], [2, 5, 5, 6]];
    const no = new Table(
      buildRound({
        rules: rulesFor('PERUDO', { exact: 'CALZA' }),
        palificoSeat: 0,
        hands: pal,
        bids: [[0, 3, 2]],
      }),
      fallback(),
    );
    expect(no.refuseExact(2)).toEqual({
      code: 'EXACT_NOT_ALLOWED',
      message: 'exact calls are not allowed in a palifico round',
    });
    const yes = new Table(
      buildRound({
        rules: rulesFor('PERUDO', { exact: 'CALZA', exactInPalifico: true }),
        palificoSeat: 0,
        hands: pal,
        bids: [[0, 3, 2]],
      }),
      fallback(),
    );
    yes.exact(2); // three 2s, the ace does not count: right
    expect(yes.state.rounds[0]!.outcome).toMatchObject({ actualCount: 3, gainer: 2, loser: null });
  });

  it('rules without exact calls refuse them', () => {
    for (const preset of ['CLASSIC', 'PERUDO'] as const) {
      expect(table([[0, 5, 2]], preset).refuseExact(2)).toEqual({
        code: 'EXACT_NOT_ALLOWED',
        message: 'these rules have no exact call',
      });
      expect(table([], preset).refuseExact(0).code).toBe('EXACT_NOT_ALLOWED');
    }
  });

  it('CALZA by the next player only (NEXT_ONLY option)', () => {
    const rules = rulesFor('PUB', { exactCaller: 'NEXT_ONLY' });
    expect(table([[0, 5, 2]], rules).refuseExact(2)).toEqual({
      code: 'NOT_YOUR_TURN',
      message: "it is seat 1's turn",
    });
    const t = table([[0, 5, 2]], rules);
    t.exact(1);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ caller: 1, gainer: 1, loser: null });
  });
});

describe('RULES §5: JINTO (LIARS_DICE: NEXT_ONLY)', () => {
  // 2s with wild aces: 2 + 1 (ace) + 1 = 4
  const hands = [
    [2, 2, 3],
    [1, 5, 6],
    [2, 4, 4],
  ];
  const table = (bids: BidSpec[], rules: RuleSet | PresetName = 'LIARS_DICE', h: number[][] = hands) =>
    new Table(buildRound({ rules, hands: h, bids }), fallback());

  it('right: the caller takes a die from the bidder and starts (WINNER)', () => {
    const t = table([[0, 4, 2]]);
    const bid = t.round.bids[0]!;
    const events = t.exact(1);
    expect(types(events)).toEqual(['EXACT_CALLED', 'ROUND_ENDED', 'ROUND_STARTED']);
    expect(events[1]).toMatchObject({
      outcome: { kind: 'EXACT', caller: 1, bid, actualCount: 4, loser: 0, gainer: 1 },
    });
    expect(t.counts).toEqual([2, 4, 3]);
    expect(t.round.starter).toBe(1);
  });

  it('wrong: the caller loses a die (it goes out of the game) and the bidder starts (WINNER)', () => {
    const t = table([[0, 3, 2]]);
    t.exact(1);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ actualCount: 4, loser: 1, gainer: null });
    expect(t.counts).toEqual([3, 2, 3]);
    expect(t.round.starter).toBe(0);
  });

  it('only the player whose turn it is may call', () => {
    const t = table([[0, 4, 2]]);
    expect(t.refuseExact(2)).toEqual({ code: 'NOT_YOUR_TURN', message: "it is seat 1's turn" });
    expect(t.refuseExact(0).code).toBe('NOT_YOUR_TURN');
    expect(legalActions(t.state, 1).canExact).toBe(true);
    expect(legalActions(t.state, 2).canExact).toBe(false);
  });

  it('not before the first bid', () => {
    expect(table([]).refuseExact(0).code).toBe('NO_BID_TO_CHALLENGE');
  });

  it('allowed with two players; a right call can end the game', () => {
    const t = table([[0, 2, 2]], 'LIARS_DICE', [[2], [1, 5]]);
    const events = t.exact(1);
    expect(types(events)).toEqual(['EXACT_CALLED', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'GAME_FINISHED']);
    expect(t.counts).toEqual([0, 3]);
    expect(t.state).toMatchObject({ status: 'FINISHED', winner: 1 });
  });

  it('allowed in a palifico round, where aces are not wild', () => {
    const t = new Table(
      buildRound({
        rules: 'LIARS_DICE',
        palificoSeat: 0,
        hands: [[2], [1, 2, 6], [2, 4, 4]],
        bids: [[0, 3, 2]],
      }),
      fallback(),
    );
    t.exact(1);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ actualCount: 3, loser: 0, gainer: 1 });
    expect(t.counts).toEqual([0, 4, 3]);
    // the bidder is out: the winner (caller) starts
    expect(t.round.starter).toBe(1);
  });

  it('no maximum: a caller may go above the starting dice', () => {
    const t = table([[0, 4, 2]], 'LIARS_DICE', [hands[0]!, [1, 5, 6, 6, 6, 6, 6], hands[2]!]);
    t.exact(1);
    expect(t.counts).toEqual([2, 8, 3]);
  });

  it('with a maxDice set, a caller at the maximum takes no die but the bidder still loses one', () => {
    const t = table([[0, 4, 2]], rulesFor('LIARS_DICE', { maxDice: 3 }));
    t.exact(1);
    expect(t.state.rounds[0]!.outcome).toMatchObject({ loser: 0, gainer: null });
    expect(t.counts).toEqual([2, 3, 3]);
  });

  it('LOSER option: after a right jinto the bidder (who lost) starts', () => {
    const t = table([[0, 4, 2]], rulesFor('LIARS_DICE', { nextStarter: 'LOSER' }));
    t.exact(1);
    expect(t.round.starter).toBe(0);
  });

  it('a right jinto that takes the bidder from 2 dice to 1 makes the bidder palifico', () => {
    const t = table([[0, 3, 2]], 'LIARS_DICE', [
      [2, 2],
      [1, 5, 6],
      [4, 4, 4],
    ]);
    t.exact(1);
    expect(t.counts).toEqual([1, 4, 3]);
    expect(t.round).toMatchObject({ palificoSeat: 0, starter: 0 });
  });
});
