// Tests of when a seat counts as eliminated.
import { isEliminated, type GameState } from './state';
import { buildRound } from './testing/builders';

describe('isEliminated', () => {
  it('a seat without dice is out once the game has started, never in the lobby', () => {
    const state: GameState = buildRound({ rules: 'PUB', hands: [[3], [], [2, 2]] });
    expect(state.seats.map((s) => isEliminated(state, s))).toEqual([false, true, false]);
    const finished: GameState = { ...state, status: 'FINISHED' };
    expect(finished.seats.map((s) => isEliminated(finished, s))).toEqual([false, true, false]);
    const lobby: GameState = { ...state, status: 'LOBBY' };
    expect(lobby.seats.map((s) => isEliminated(lobby, s))).toEqual([false, false, false]);
  });
});
