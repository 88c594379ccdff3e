// Tests of turn timeouts: the move made for a player whose turn ran out, and forfeits.
import { applyCommand } from './actions';
import type { ActionResult, Command } from './commands';
import { createGame } from './lobby.actions';
import type { GameEvent } from './events';
import { seededRng } from './random';
import { replay } from './replay';
import { currentRound, DEFAULT_TABLE_OPTIONS, turnDeadline, turnStartedAt, type GameState } from './state';
import { AT, buildRound, deepFreeze, pid, rulesFor, types } from './testing/builders';
import { viewFor } from './view';

const rng = seededRng(7);

/** Tables whose players forfeit at timeoutsToForfeit rather than going away. */
const FORFEITING = { ...DEFAULT_TABLE_OPTIONS, awayAfterTimeouts: false };

/** A timed game of `players` players, started (SEAT_ORDER: seat 0 opens), with its log. */
function timedGame(
  players: number,
  timeoutsToForfeit = 3,
  awayAfterTimeouts = true,
): { state: GameState; log: GameEvent[] } {
  const rules = rulesFor('CLASSIC', { firstStarter: 'SEAT_ORDER' });
  const created = createGame(
    { host: pid(0), rules, turnSeconds: 30, timeoutsToForfeit, table: { awayAfterTimeouts } },
    AT,
  );
  if (!created.ok) throw new Error(created.violation.message);
  let state = created.state;
  const log = [...created.events];
  const run = (command: Command): void => {
    const r = applyCommand(state, command, { rng, at: AT });
    if (!r.ok) throw new Error(r.violation.message);
    state = r.state;
    log.push(...r.events);
  };
  for (let i = 1; i < players; i++) run({ type: 'JOIN', playerId: pid(i) });
  run({ type: 'START', playerId: pid(0) });
  return { state, log };
}

function ok(result: ActionResult): { state: GameState; events: readonly GameEvent[] } {
  if (!result.ok) throw new Error(`${result.violation.code}: ${result.violation.message}`);
  return result;
}

describe('turn timeouts', () => {
  it('with no bid yet, the server opens with the minimum legal bid (1 x 2) on the player’s behalf', () => {
    const { state } = timedGame(3);
    const r = ok(applyCommand(deepFreeze(state), { type: 'TIMEOUT', seat: 0 }, { rng, at: AT }));
    expect(types(r.events)).toEqual(['TURN_TIMED_OUT', 'BID_PLACED']);
    expect(r.events[0]).toMatchObject({ type: 'TURN_TIMED_OUT', seat: 0, playerId: 'p0', forfeited: false });
    expect(r.events[1]).toMatchObject({ type: 'BID_PLACED', seat: 0, quantity: 1, face: 2, timedOut: true });
    expect(r.state.seats.map((s) => s.timeouts)).toEqual([1, 0, 0]);
    expect(currentRound(r.state)!.turn).toBe(1);
    expect(currentRound(r.state)!.bids[0]!.timedOut).toBe(true);
    expect(r.state.version).toBe(state.version + 1);
  });

  it('in a palifico round the palifico player is opened for on aces (1 x aces is the minimum there)', () => {
    const base = buildRound({ rules: 'CLASSIC', hands: [[3], [2, 2], [4, 4]], palificoSeat: 0 });
    const state = { ...base, turnSeconds: 30 };
    const r = ok(applyCommand(state, { type: 'TIMEOUT', seat: 0 }, { rng, at: AT }));
    expect(r.events[1]).toMatchObject({ type: 'BID_PLACED', seat: 0, quantity: 1, face: 1, timedOut: true });
  });

  it('with a bid to challenge, the server calls dudo for the player and the round is resolved', () => {
    const base = buildRound({
      rules: 'CLASSIC',
      hands: [
        [2, 2],
        [3, 3],
        [4, 4],
      ],
      bids: [[0, 3, 2]],
    });
    const state = { ...base, turnSeconds: 30 };
    const r = ok(applyCommand(state, { type: 'TIMEOUT', seat: 1 }, { rng, at: AT }));
    expect(types(r.events)).toEqual(['TURN_TIMED_OUT', 'DUDO_CALLED', 'ROUND_ENDED', 'ROUND_STARTED']);
    expect(r.events[1]).toMatchObject({ type: 'DUDO_CALLED', seat: 1, timedOut: true });
    // Two 2s among all dice, no aces: 2 < 3, the bidder (seat 0) loses a die.
    expect(r.events[2]).toMatchObject({ outcome: { kind: 'DUDO', caller: 1, actualCount: 2, loser: 0 } });
    expect(r.state.seats.map((s) => s.diceCount)).toEqual([1, 2, 2]);
  });

  it('a move of the player’s own resets the count of timeouts in a row', () => {
    let { state } = timedGame(3);
    const step = (command: Command): void => {
      state = ok(applyCommand(state, command, { rng, at: AT })).state;
    };
    step({ type: 'TIMEOUT', seat: 0 }); // p0 opens 1 x 2 by timeout
    step({ type: 'TIMEOUT', seat: 1 }); // p1 calls dudo by timeout
    const opener = currentRound(state)!.turn!;
    expect(state.seats.map((s) => s.timeouts)).toEqual([1, 1, 0]);
    step({ type: 'BID', playerId: pid(opener), quantity: 1, face: 3 });
    expect(state.seats[opener]!.timeouts).toBe(0);
  });

  it('the timeout that reaches timeoutsToForfeit forfeits: the round is voided, the next player left starts', () => {
    const base = buildRound({
      rules: 'CLASSIC',
      hands: [
        [2, 2],
        [3, 3],
        [4, 4],
      ],
      bids: [[0, 3, 2]],
    });
    const state: GameState = {
      ...base,
      turnSeconds: 30,
      timeoutsToForfeit: 2,
      table: FORFEITING,
      seats: base.seats.map((s, i) => (i === 1 ? { ...s, timeouts: 1 } : s)),
    };
    const r = ok(applyCommand(deepFreeze(state), { type: 'TIMEOUT', seat: 1 }, { rng, at: AT }));
    expect(types(r.events)).toEqual(['TURN_TIMED_OUT', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'ROUND_STARTED']);
    expect(r.events[0]).toMatchObject({ type: 'TURN_TIMED_OUT', seat: 1, playerId: 'p1', forfeited: true });
    expect(r.events[1]).toMatchObject({ type: 'ROUND_ENDED', outcome: null });
    expect(r.state.seats.map((s) => s.diceCount)).toEqual([2, 0, 2]);
    expect(r.state.seats[1]!.timeouts).toBe(2);
    expect(currentRound(r.state)!.starter).toBe(2);
  });

  it('a palifico round voided by a forfeit is played again for its palifico player', () => {
    const base = buildRound({
      rules: 'CLASSIC',
      palificoSeat: 0,
      hands: [[2], [3, 3], [4, 4], [5, 5]],
      bids: [[0, 1, 2]],
    });
    const state: GameState = {
      ...base,
      turnSeconds: 30,
      timeoutsToForfeit: 1,
      table: FORFEITING,
    };
    const r = ok(applyCommand(deepFreeze(state), { type: 'TIMEOUT', seat: 1 }, { rng, at: AT }));
    expect(types(r.events)).toEqual(['TURN_TIMED_OUT', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'ROUND_STARTED']);
    expect(r.events[3]).toMatchObject({ type: 'ROUND_STARTED', number: 2, starter: 0, palificoSeat: 0 });
    expect(currentRound(r.state)).toMatchObject({ palificoSeat: 0, turn: 0, bids: [] });
  });

  it('replaying a log with timeouts rebuilds the same state', () => {
    let { state, log } = timedGame(3, 2, false);
    for (let i = 0; i < 12 && state.status === 'IN_PROGRESS'; i++) {
      const r = ok(
        applyCommand(state, { type: 'TIMEOUT', seat: currentRound(state)!.turn! }, { rng, at: AT }),
      );
      state = r.state;
      log = [...log, ...r.events];
    }
    expect(log.some((e) => e.type === 'TURN_TIMED_OUT' && e.forfeited)).toBe(true);
    expect(replay(log)).toEqual(state);
  });

  it('forfeiting with two players left ends the game', () => {
    let { state } = timedGame(2, 1, false);
    const r = ok(applyCommand(state, { type: 'TIMEOUT', seat: 0 }, { rng, at: AT }));
    state = r.state;
    expect(types(r.events)).toEqual(['TURN_TIMED_OUT', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'GAME_FINISHED']);
    expect(state.status).toBe('FINISHED');
    expect(state.winner).toBe(1);
  });

  it('is refused for untimed games, for a seat whose turn it is not, and outside play', () => {
    const untimed = buildRound({ rules: 'CLASSIC', hands: [[2], [3]] });
    expect(applyCommand(untimed, { type: 'TIMEOUT', seat: 0 }, { rng, at: AT })).toEqual({
      ok: false,
      violation: { code: 'NOT_YOUR_TURN', message: 'turns of this game are not timed' },
    });
    const { state } = timedGame(3);
    expect(applyCommand(state, { type: 'TIMEOUT', seat: 2 }, { rng, at: AT })).toEqual({
      ok: false,
      violation: { code: 'NOT_YOUR_TURN', message: "it is seat 0's turn" },
    });
    const lobby = createGame({ host: 'h', rules: rulesFor('PUB'), turnSeconds: 30 }, AT);
    expect(lobby.ok && applyCommand(lobby.state, { type: 'TIMEOUT', seat: 0 }, { rng, at: AT })).toEqual({
      ok: false,
      violation: { code: 'GAME_NOT_IN_PROGRESS', message: 'the game is not being played' },
    });
  });

  it('turnSeconds and timeoutsToForfeit are bounded when a game is created', () => {
    for (const turnSeconds of [4, 86_401, 2.5]) {
      const r = createGame({ host: 'h', rules: rulesFor('PUB'), turnSeconds }, AT);
      expect(r.ok ? null : r.violation.code).toBe('INVALID_RULES');
    }
    for (const timeoutsToForfeit of [0, 101]) {
      const r = createGame({ host: 'h', rules: rulesFor('PUB'), turnSeconds: 10, timeoutsToForfeit }, AT);
      expect(r.ok ? null : r.violation.field).toEqual(['timeoutsToForfeit']);
    }
  });

  it('the view shows when the turn began (the last bid, else the round start) and the timer options', () => {
    const { state } = timedGame(2);
    const view = viewFor(state, null);
    expect(view.turnSeconds).toBe(30);
    expect(view.timeoutsToForfeit).toBe(3);
    expect(view.turnStartedAt).toBe(currentRound(state)!.startedAt);
    expect(turnStartedAt({ ...state, status: 'FINISHED', rounds: [] })).toBeNull();
  });

  it('the turn runs out turnSeconds after it began, in epoch milliseconds; null untimed or outside a turn', () => {
    const { state } = timedGame(2);
    // AT is 2030-01-01T00:00:00.000Z; the game is timed at 30 seconds.
    expect(turnDeadline(state)).toBe(1_893_456_030_000);
    expect(viewFor(state, null).turnDeadline).toBe(1_893_456_030_000);
    const later = ok(
      applyCommand(
        state,
        { type: 'BID', playerId: pid(0), quantity: 1, face: 2 },
        { rng, at: '2030-01-01T00:01:00.250Z' },
      ),
    ).state;
    expect(turnDeadline(later)).toBe(1_893_456_090_250);
    expect(turnDeadline({ ...state, turnSeconds: null })).toBeNull();
    expect(turnDeadline({ ...state, status: 'FINISHED', rounds: [] })).toBeNull();
  });
});
