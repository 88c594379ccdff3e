// Tests of a game whose every person in play is away: it waits (no bot or timer moves), a return resumes
// it with fresh clocks, and after ALL_AWAY_END_SECONDS it ends, the bots first, unrated.
import { applyCommand } from './actions';
import type { ActionResult, Command } from './commands';
import type { GameEvent, GameFinishedEvent } from './events';
import { createGame, type NewGame } from './lobby.actions';
import { finishingOrder } from './places';
import { seededRng } from './random';
import { replay } from './replay';
import { botsToAct, serverMoveDue } from './server-moves';
import {
  currentRound,
  DEFAULT_TABLE_OPTIONS,
  isRated,
  nudgeDeadline,
  tableOptions,
  turnDeadline,
  turnStartedAt,
  type GameState,
} from './state';
import { AT, deepFreeze, pid, rulesFor, types } from './testing/builders';
import { epochMillis, isoTimestamp } from './timestamps';
import { viewFor } from './view';

const rng = seededRng(7);
const AT_MS = epochMillis(AT);
const later = (seconds: number): string => isoTimestamp(AT_MS + seconds * 1000);

function ok(result: ActionResult): { state: GameState; events: readonly GameEvent[] } {
  if (!result.ok) throw new Error(`${result.violation.code}: ${result.violation.message}`);
  return result;
}

function codeOf(result: ActionResult): string | null {
  return result.ok ? null : result.violation.code;
}

/** A started game (SEAT_ORDER: seat 0 opens) of `people` people, then `bots` NORMAL bots, with its log. */
function game(people: number, bots: number, options: Partial<NewGame> = {}) {
  const rules = rulesFor('CLASSIC', { firstStarter: 'SEAT_ORDER' });
  const created = ok(createGame({ host: pid(0), rules, ...options }, AT));
  const g = { state: created.state, log: [...created.events], run, apply };
  function apply(command: Command, at = AT): ActionResult {
    return applyCommand(g.state, command, { rng, at });
  }
  function run(command: Command, at = AT): readonly GameEvent[] {
    const r = ok(apply(command, at));
    g.state = r.state;
    g.log.push(...r.events);
    return r.events;
  }
  for (let i = 1; i < people; i++) run({ type: 'JOIN', playerId: pid(i) });
  for (let i = 0; i < bots; i++)
    run({ type: 'ADD_BOT', playerId: pid(0), botId: `bot${i}`, level: 'NORMAL' });
  run({ type: 'START', playerId: pid(0) });
  return g;
}

/** One person and two bots, timed; the person's first turn runs out and their seat goes away. */
function waitingGame() {
  const g = game(1, 2, { turnSeconds: 30, timeoutsToForfeit: 1 });
  const before = g.state.version;
  const events = g.run({ type: 'TIMEOUT', seat: 0 });
  return { g, before, events };
}

describe('every person in play away: the game waits', () => {
  it('the timeout that makes the last person away is followed by GAME_WAITING, a step of its own', () => {
    const { g, before, events } = waitingGame();
    expect(events.map((e) => [e.type, e.version])).toEqual([
      ['TURN_TIMED_OUT', before + 1],
      ['SEAT_AWAY', before + 1],
      ['BID_PLACED', before + 2],
      ['GAME_WAITING', before + 3],
    ]);
    expect(events[3]).toEqual({ type: 'GAME_WAITING', seq: events[2]!.seq + 1, version: before + 3, at: AT });
    expect(g.state.version).toBe(before + 3);
    expect(g.state.waitingSince).toBe(AT);
    expect(viewFor(g.state, null).waitingSince).toBe(AT);
    expect(viewFor(g.state, { playerId: pid(0) }).waitingSince).toBe(AT);
    expect(replay(g.log)).toEqual(g.state);
  });

  it('no bot or timer moves: nothing is due but the end, ALL_AWAY_END_SECONDS after the wait began', () => {
    const { g } = waitingGame();
    expect(currentRound(g.state)!.turn).toBe(1);
    expect(botsToAct(g.state)).toEqual([]);
    expect(turnDeadline(g.state)).toBeNull();
    expect(viewFor(g.state, null).turnDeadline).toBeNull();
    expect(serverMoveDue(g.state, 1000)).toBe(AT_MS + 600_000);
    expect(serverMoveDue(g.state, 1000, 30)).toBe(AT_MS + 30_000);
    // The bot on turn may not move, nor may its turn run out.
    const bot = g.apply({ type: 'BID', playerId: 'bot0', quantity: 5, face: 6 }, later(5));
    expect(codeOf(bot)).toBe('GAME_NOT_IN_PROGRESS');
    expect(codeOf(g.apply({ type: 'DUDO', playerId: 'bot0', byBot: true }, later(5)))).toBe(
      'GAME_NOT_IN_PROGRESS',
    );
    expect(codeOf(g.apply({ type: 'TIMEOUT', seat: 1 }, later(31)))).toBe('NOT_YOUR_TURN');
  });

  it('a game seated with bots alone never waits', () => {
    const rules = rulesFor('CLASSIC', { firstStarter: 'SEAT_ORDER' });
    let state = ok(createGame({ host: 'b0', rules }, AT)).state;
    state = ok(applyCommand(state, { type: 'JOIN', playerId: 'b1' }, { rng, at: AT })).state;
    const botsOnly = deepFreeze({
      ...state,
      seats: state.seats.map((s) => ({ ...s, bot: 'NORMAL' as const })),
    });
    const started = ok(applyCommand(botsOnly, { type: 'START', playerId: 'b0' }, { rng, at: AT }));
    expect(types(started.events)).not.toContain('GAME_WAITING');
    expect(started.state.waitingSince ?? null).toBeNull();
  });

  it('while one person still plays, the game goes on', () => {
    const g = game(2, 1, { turnSeconds: 30, timeoutsToForfeit: 1 });
    const events = g.run({ type: 'TIMEOUT', seat: 0 });
    expect(types(events)).toEqual(['TURN_TIMED_OUT', 'SEAT_AWAY', 'BID_PLACED']);
    expect(g.state.waitingSince ?? null).toBeNull();
    // The second person's turn runs out too: now every person in play is away.
    const second = g.run({ type: 'TIMEOUT', seat: 1 }, later(30));
    expect(types(second)).toEqual([
      'TURN_TIMED_OUT',
      'SEAT_AWAY',
      'DUDO_CALLED',
      'ROUND_ENDED',
      'ROUND_STARTED',
      'GAME_WAITING',
    ]);
    expect(g.state.waitingSince).toBe(later(30));
  });
});

describe('a return ends the wait', () => {
  it('returnToGame: SEAT_RETURNED and GAME_RESUMED in one step, and the turn on turn starts afresh', () => {
    const { g } = waitingGame();
    const waiting = g.state.version;
    const events = g.run({ type: 'RETURN', playerId: pid(0) }, later(100));
    expect(events).toEqual([
      {
        type: 'SEAT_RETURNED',
        seat: 0,
        playerId: pid(0),
        seq: g.state.seq - 1,
        version: waiting + 1,
        at: later(100),
      },
      {
        type: 'GAME_RESUMED',
        seat: 0,
        playerId: pid(0),
        seq: g.state.seq,
        version: waiting + 1,
        at: later(100),
      },
    ]);
    expect(g.state.version).toBe(waiting + 1);
    expect(g.state.waitingSince).toBeNull();
    expect(viewFor(g.state, null).waitingSince).toBeNull();
    // Fresh clocks: the bot on turn moves a think time after the return, its turn runs 30 s from it.
    expect(turnStartedAt(g.state)).toBe(later(100));
    expect(botsToAct(g.state)).toEqual([1]);
    expect(serverMoveDue(g.state, 1000)).toBe(AT_MS + 101_000);
    expect(turnDeadline(g.state)).toBe(AT_MS + 130_000);
    expect(replay(g.log)).toEqual(g.state);
    // The next bid counts from itself as before.
    g.run({ type: 'BID', playerId: 'bot0', quantity: 5, face: 6 }, later(101));
    expect(turnStartedAt(g.state)).toBe(later(101));
  });

  it("a move of the person's own: SEAT_RETURNED and GAME_RESUMED, then the move as the next step", () => {
    // Untimed with disconnectSeconds: the person on turn is taken over and stays on turn, away.
    const g = game(1, 1, { table: { ...DEFAULT_TABLE_OPTIONS, disconnectSeconds: 60 } });
    const marked = g.run({ type: 'MARK_AWAY', seat: 0, reason: 'DISCONNECTED' }, later(60));
    expect(types(marked)).toEqual(['SEAT_AWAY', 'GAME_WAITING']);
    expect(marked.map((e) => e.version)).toEqual([marked[0]!.version, marked[0]!.version + 1]);
    expect(currentRound(g.state)!.turn).toBe(0);
    expect(botsToAct(g.state)).toEqual([]);
    const waiting = g.state.version;
    const own = g.run({ type: 'BID', playerId: pid(0), quantity: 1, face: 3 }, later(90));
    expect(own.map((e) => [e.type, e.version])).toEqual([
      ['SEAT_RETURNED', waiting + 1],
      ['GAME_RESUMED', waiting + 1],
      ['BID_PLACED', waiting + 2],
    ]);
    expect(own[2]).toMatchObject({ byBot: false });
    expect(g.state.seats[0]!.away).toBeUndefined();
    expect(g.state.waitingSince).toBeNull();
    expect(botsToAct(g.state)).toEqual([1]);
    expect(replay(g.log)).toEqual(g.state);
  });

  it('a nudge of the open turn from before the wait is spent by the return: no takeover at once', () => {
    const g = game(1, 1, { table: { ...DEFAULT_TABLE_OPTIONS, disconnectSeconds: 60 } });
    g.run({ type: 'MARK_AWAY', seat: 0, reason: 'DISCONNECTED' }, later(60));
    const round = currentRound(g.state)!;
    const nudged = deepFreeze({
      ...g.state,
      nudge: { round: round.number, bids: round.bids.length, deadline: later(61) },
    });
    expect(nudgeDeadline(nudged)).toBe(AT_MS + 61_000);
    const back = ok(applyCommand(nudged, { type: 'RETURN', playerId: pid(0) }, { rng, at: later(300) }));
    expect(back.state.nudge).toBeNull();
    expect(nudgeDeadline(back.state)).toBeNull();
    expect(serverMoveDue(back.state, 1000)).toBe(AT_MS + 360_000);
  });
});

describe('the wait runs out: the game ends unrated', () => {
  /** Two persons, away, and three bots; dice set so that places are decided by dice and seat order. */
  function longWait() {
    const g = game(2, 3, { turnSeconds: 30, timeoutsToForfeit: 1 });
    g.run({ type: 'TIMEOUT', seat: 0 });
    g.run({ type: 'TIMEOUT', seat: 1 }, later(30));
    expect(g.state.waitingSince).toBe(later(30));
    const dice = [2, 3, 2, 3, 2];
    return deepFreeze({ ...g.state, seats: g.state.seats.map((s, i) => ({ ...s, diceCount: dice[i]! })) });
  }

  it('not before ALL_AWAY_END_SECONDS', () => {
    const state = longWait();
    const early = applyCommand(state, { type: 'END_ALL_AWAY', afterSeconds: 600 }, { rng, at: later(629) });
    expect(codeOf(early)).toBe('GAME_NOT_IN_PROGRESS');
  });

  it('then: the open round voided, bots first then the away persons, by dice held, ties in seat order', () => {
    const state = longWait();
    const r = ok(applyCommand(state, { type: 'END_ALL_AWAY', afterSeconds: 600 }, { rng, at: later(630) }));
    expect(r.events).toEqual([
      {
        type: 'ROUND_ENDED',
        number: state.rounds.length,
        outcome: null,
        seq: state.seq + 1,
        version: state.version + 1,
        at: later(630),
      },
      {
        type: 'GAME_FINISHED',
        winner: 3,
        allAway: true,
        standings: [3, 2, 4, 1, 0],
        seq: state.seq + 2,
        version: state.version + 1,
        at: later(630),
      },
    ]);
    expect(r.state.status).toBe('FINISHED');
    expect(r.state.winner).toBe(3);
    expect(r.state.waitingSince).toBeNull();
    expect(isRated(r.state)).toBe(false);
    expect(viewFor(r.state, null).table.rated).toBe(false);
    // A rematch takes the table's own option.
    expect(tableOptions(r.state).rated).toBe(true);
    expect(finishingOrder(r.events[1] as GameFinishedEvent, [])).toEqual([3, 2, 4, 1, 0]);
    expect(serverMoveDue(r.state, 1000)).toBeNull();
    // Once: a second end is refused.
    const again = applyCommand(r.state, { type: 'END_ALL_AWAY', afterSeconds: 600 }, { rng, at: later(631) });
    expect(codeOf(again)).toBe('GAME_NOT_IN_PROGRESS');
  });

  it('the fold of the log ends the same way', () => {
    const g = game(1, 2, { turnSeconds: 30, timeoutsToForfeit: 1 });
    g.run({ type: 'TIMEOUT', seat: 0 });
    g.run({ type: 'END_ALL_AWAY', afterSeconds: 60 }, later(60));
    expect(g.state.status).toBe('FINISHED');
    expect(replay(g.log)).toEqual(g.state);
    expect(isRated(replay(g.log))).toBe(false);
  });

  it('a game that does not wait cannot be ended so', () => {
    const g = game(2, 1, { turnSeconds: 30 });
    expect(codeOf(g.apply({ type: 'END_ALL_AWAY', afterSeconds: 0 }, later(999)))).toBe(
      'GAME_NOT_IN_PROGRESS',
    );
  });
});
