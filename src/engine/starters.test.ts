// Tests of who starts: the first starter of a game and the starter of each next round (RULES §3).
import { seededRng } from './random';
import { rulesFor, buildRound, Table, types } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';

const fallback = () => new ScriptedRng([], seededRng(99));

describe('RULES §3: the first starter', () => {
  it('ROLL_OFF: the highest throw starts; the tied highest throw again', () => {
    const rng = new ScriptedRng()
      .pushFaces(5, 6, 6) // attempt 1: seats 1 and 2 tie on 6
      .pushFaces(4, 4) // attempt 2: they tie again
      .pushFaces(2, 5) // attempt 3: seat 2 wins
      .pushHands([2, 2, 2, 2, 2], [3, 3, 3, 3, 3], [4, 4, 4, 4, 4]);
    const t = Table.lobby('PERUDO', 3, rng);
    const events = t.act({ type: 'START', playerId: 'p0' });
    expect(types(events)).toEqual(['GAME_STARTED', 'ROUND_STARTED']);
    const rollOff = [
      { attempt: 1, seat: 0, value: 5 },
      { attempt: 1, seat: 1, value: 6 },
      { attempt: 1, seat: 2, value: 6 },
      { attempt: 2, seat: 1, value: 4 },
      { attempt: 2, seat: 2, value: 4 },
      { attempt: 3, seat: 1, value: 2 },
      { attempt: 3, seat: 2, value: 5 },
    ];
    expect(events[0]).toMatchObject({ type: 'GAME_STARTED', rollOff, starter: 2 });
    expect(t.state.rollOff).toEqual(rollOff);
    expect(t.round).toMatchObject({ number: 1, starter: 2, turn: 2, palificoSeat: null });
    expect(t.round.dice).toEqual([
      [2, 2, 2, 2, 2],
      [3, 3, 3, 3, 3],
      [4, 4, 4, 4, 4],
    ]);
    expect(rng.remaining).toBe(0);
  });

  it('ROLL_OFF without a tie takes one throw each (PUB)', () => {
    const rng = new ScriptedRng([], seededRng(3)).pushFaces(3, 6, 2, 1);
    const t = Table.lobby('PUB', 4, rng);
    const events = t.act({ type: 'START', playerId: 'p0' });
    expect(events[0]).toMatchObject({
      rollOff: [
        { attempt: 1, seat: 0, value: 3 },
        { attempt: 1, seat: 1, value: 6 },
        { attempt: 1, seat: 2, value: 2 },
        { attempt: 1, seat: 3, value: 1 },
      ],
      starter: 1,
    });
  });

  it('ROLL_OFF: a tie below the highest throw does not matter', () => {
    const rng = new ScriptedRng([], seededRng(3)).pushFaces(2, 2, 4);
    const t = Table.lobby('PERUDO', 3, rng);
    t.act({ type: 'START', playerId: 'p0' });
    expect(t.state.rollOff).toHaveLength(3);
    expect(t.round.starter).toBe(2);
  });

  it.each([0, 1, 2, 3])('RANDOM: the seat the rng picks (%i) starts, without a roll-off', (seat) => {
    const rng = new ScriptedRng([seat], seededRng(5));
    const t = Table.lobby('CLASSIC', 4, rng);
    const events = t.act({ type: 'START', playerId: 'p0' });
    expect(events[0]).toMatchObject({ type: 'GAME_STARTED', rollOff: [], starter: seat });
    expect(t.round.starter).toBe(seat);
  });

  it('SEAT_ORDER: seat 0 starts and no randomness is used before the dice', () => {
    const rng = new ScriptedRng().pushHands([1, 2, 3], [4, 5, 6], [6, 6, 6]);
    const t = Table.lobby('LIARS_DICE', 3, rng);
    const events = t.act({ type: 'START', playerId: 'p0' });
    expect(events[0]).toMatchObject({ type: 'GAME_STARTED', rollOff: [], starter: 0 });
    expect(t.round.dice).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [6, 6, 6],
    ]);
    expect(rng.remaining).toBe(0);
  });

  it('the first starter mode comes from the rules', () => {
    const t = Table.lobby(
      rulesFor('CLASSIC', { firstStarter: 'SEAT_ORDER' }),
      3,
      new ScriptedRng([], seededRng(1)),
    );
    t.act({ type: 'START', playerId: 'p0' });
    expect(t.round.starter).toBe(0);
  });
});

describe('RULES §3: the next starter', () => {
  const hands = [
    [2, 2, 5],
    [3, 4, 6],
    [1, 5, 5],
  ]; // 5s with aces: 4

  describe('LOSER (CLASSIC)', () => {
    it('the bidder lost: the bidder starts', () => {
      const t = new Table(buildRound({ rules: 'CLASSIC', hands, bids: [[0, 6, 5]] }), fallback());
      t.dudo(1);
      expect(t.round.starter).toBe(0);
    });
    it('the challenger lost: the challenger starts', () => {
      const t = new Table(buildRound({ rules: 'CLASSIC', hands, bids: [[0, 4, 5]] }), fallback());
      t.dudo(1);
      expect(t.round.starter).toBe(1);
    });
  });

  describe('WINNER (LIARS_DICE)', () => {
    it('dudo right: the challenger (who did not lose) starts', () => {
      const t = new Table(buildRound({ rules: 'LIARS_DICE', hands, bids: [[0, 6, 5]] }), fallback());
      t.dudo(1);
      expect(t.counts).toEqual([2, 3, 3]);
      expect(t.round.starter).toBe(1);
    });
    it('dudo wrong: the bidder starts', () => {
      const t = new Table(buildRound({ rules: 'LIARS_DICE', hands, bids: [[0, 4, 5]] }), fallback());
      t.dudo(1);
      expect(t.counts).toEqual([3, 2, 3]);
      expect(t.round.starter).toBe(0);
    });
    it('WINNER as an override of CLASSIC', () => {
      const rules = rulesFor('CLASSIC', { nextStarter: 'WINNER' });
      const t = new Table(buildRound({ rules, hands, bids: [[0, 6, 5]] }), fallback());
      t.dudo(1);
      expect(t.round.starter).toBe(1);
    });
    it('LOSER as an override of LIARS_DICE', () => {
      const rules = rulesFor('LIARS_DICE', { nextStarter: 'LOSER' });
      const t = new Table(buildRound({ rules, hands, bids: [[0, 6, 5]] }), fallback());
      t.dudo(1);
      expect(t.round.starter).toBe(0);
    });
  });
});
