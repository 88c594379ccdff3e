// Tests of leaving a game in progress.
import { applyCommand } from './actions';
import { seededRng } from './random';
import { AT, buildRound, pid, Table, types } from './testing/builders';
import { ScriptedRng } from './testing/scripted-rng';

const fallback = () => new ScriptedRng([], seededRng(23));

describe('leaving a game in progress', () => {
  const hands = [[2, 3, 4], [5, 5], [6, 6, 6], [], [1, 2]];

  it('the player is out at once; the open round is voided and a new one started left of the leaver', () => {
    const rng = new ScriptedRng().pushHands([2, 2, 2], [5, 5], [3, 3]);
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        hands,
        bids: [
          [0, 2, 3],
          [1, 3, 3],
        ],
      }),
      rng,
    );
    const before = t.state;
    const events = t.leave(2); // the player whose turn it is
    expect(types(events)).toEqual(['PLAYER_LEFT', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'ROUND_STARTED']);
    expect(events[0]).toMatchObject({ seat: 2, playerId: 'p2', phase: 'IN_PROGRESS', newHost: null });
    expect(events[1]).toMatchObject({ type: 'ROUND_ENDED', number: 1, outcome: null });
    expect(events[2]).toMatchObject({ type: 'PLAYER_ELIMINATED', seat: 2, playerId: 'p2' });
    expect(events[3]).toMatchObject({ type: 'ROUND_STARTED', number: 2, starter: 4, palificoSeat: null });
    expect(t.counts).toEqual([3, 2, 0, 0, 2]);
    expect(t.state.seats[2]).toEqual({
      playerId: 'p2',
      diceCount: 0,
      hasBeenPalifico: false,
      left: true,
      timeouts: 0,
    });
    expect(t.state.rounds[0]).toMatchObject({ ended: true, voided: true, outcome: null, turn: null });
    expect(t.round.dice).toEqual([[2, 2, 2], [5, 5], [], [], [3, 3]]);
    expect(t.round.turn).toBe(4);
    expect(t.state.version).toBe(before.version + 1);
    expect(t.state.status).toBe('IN_PROGRESS');
  });

  it('a player leaving out of turn, the next seat wrapping around', () => {
    const t = new Table(buildRound({ rules: 'PUB', hands, bids: [[0, 2, 3]] }), fallback());
    t.leave(4);
    expect(t.counts).toEqual([3, 2, 3, 0, 0]);
    expect(t.round).toMatchObject({ number: 2, starter: 0 });
  });

  it('the game finishes when one player remains', () => {
    const t = new Table(
      buildRound({ rules: 'LIARS_DICE', hands: [[2], [], [3, 4]], bids: [[0, 1, 2]] }),
      fallback(),
    );
    const events = t.leave(2);
    expect(types(events)).toEqual(['PLAYER_LEFT', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'GAME_FINISHED']);
    expect(events[3]).toMatchObject({ winner: 0 });
    expect(t.state).toMatchObject({ status: 'FINISHED', winner: 0 });
    expect(t.counts).toEqual([1, 0, 0]);
  });

  it('a player who is already out cannot leave again', () => {
    const t = new Table(buildRound({ rules: 'PUB', hands }), fallback());
    expect(t.refuse({ type: 'LEAVE', playerId: 'p3' })).toEqual({
      code: 'NOT_IN_GAME',
      message: 'you are already out of this game',
    });
    expect(t.refuse({ type: 'LEAVE', playerId: 'stranger' }).code).toBe('NOT_IN_GAME');
  });

  it('a leaver cannot act any more', () => {
    const t = new Table(buildRound({ rules: 'PUB', hands }), fallback());
    t.leave(1);
    expect(t.refuse({ type: 'DUDO', playerId: pid(1) }).code).toBe('NOT_IN_GAME');
  });

  it('the palifico round of a leaver is voided like any other', () => {
    const t = new Table(
      buildRound({ rules: 'CLASSIC', palificoSeat: 0, hands: [[3], [4, 4], [5, 5]], bids: [[0, 1, 3]] }),
      fallback(),
    );
    t.leave(0);
    expect(t.round).toMatchObject({ number: 2, palificoSeat: null, starter: 1 });
  });

  it('a palifico round voided by another leaver is played again for its palifico player', () => {
    const t = new Table(
      buildRound({
        rules: 'CLASSIC',
        palificoSeat: 1,
        hands: [[3, 3], [4], [5, 5], [6, 6]],
        bids: [[1, 1, 4]],
      }),
      fallback(),
    );
    t.leave(2);
    expect(t.round).toMatchObject({ number: 2, palificoSeat: 1, starter: 1, turn: 1, bids: [] });
    expect(t.state.seats.map((s) => s.diceCount)).toEqual([2, 1, 0, 2]);
    expect(t.state.seats[1]!.hasBeenPalifico).toBe(true);
  });

  it('a voided palifico round is not played again once fewer than palificoMinPlayers remain', () => {
    const t = new Table(
      buildRound({ rules: 'CLASSIC', palificoSeat: 1, hands: [[3, 3], [4], [5, 5]], bids: [[1, 1, 4]] }),
      fallback(),
    );
    t.leave(2);
    expect(t.round).toMatchObject({ number: 2, palificoSeat: null, starter: 0 });
  });

  it('a refused leave leaves the state untouched', () => {
    const t = new Table(buildRound({ rules: 'PUB', hands }), fallback());
    const before = t.state;
    const result = applyCommand(before, { type: 'LEAVE', playerId: 'p3' }, { rng: seededRng(1), at: AT });
    expect(result.ok).toBe(false);
    expect(t.state).toBe(before);
  });
});
