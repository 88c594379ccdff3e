// Tests of away seats: timeouts that hand a seat to the server, returning, nudges, and games no person plays.
import fc from 'fast-check';
import { applyCommand } from './actions';
import type { ActionResult, Command } from './commands';
import type { GameEvent } from './events';
import { createGame, type NewGame } from './lobby.actions';
import { finishingOrder } from './places';
import { seededRng, type Rng } from './random';
import { replay } from './replay';
import { botsToAct, disconnectCheckDue, serverMoveDue } from './server-moves';
import { currentRound, DEFAULT_TABLE_OPTIONS, noHumanInPlay, turnDeadline, type GameState } from './state';
import { AT, buildRound, deepFreeze, pid, rulesFor, types } from './testing/builders';
import { randomLegalCommand } from './testing/random-player';
import { epochMillis, isoTimestamp } from './timestamps';
import { viewFor } from './view';

const rng = seededRng(11);
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
function game(
  people: number,
  bots: number,
  options: Partial<NewGame> = {},
  random: Rng = rng,
): { state: GameState; log: GameEvent[]; run: (c: Command, at?: string) => readonly GameEvent[] } {
  const rules = rulesFor('CLASSIC', { firstStarter: 'SEAT_ORDER' });
  const created = ok(createGame({ host: pid(0), rules, ...options }, AT));
  const g = { state: created.state, log: [...created.events], run };
  function run(command: Command, at = AT): readonly GameEvent[] {
    const r = ok(applyCommand(g.state, command, { rng: random, at }));
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

/** A timed round in a precise position, its seat 1 one timeout short of timeoutsToForfeit (2). */
function aboutToGoAway(awayAfterTimeouts = true): GameState {
  const base = buildRound({
    rules: 'CLASSIC',
    hands: [
      [2, 2],
      [3, 3],
      [4, 4],
    ],
    bids: [[0, 3, 2]],
  });
  return deepFreeze({
    ...base,
    turnSeconds: 30,
    timeoutsToForfeit: 2,
    table: { ...DEFAULT_TABLE_OPTIONS, awayAfterTimeouts },
    seats: base.seats.map((s, i) => (i === 1 ? { ...s, timeouts: 1 } : s)),
  });
}

describe('timeouts played as a bot would', () => {
  it("a timed-out turn plays the bot's chosen move when legal, marked byBot, and counts the timeout", () => {
    const { state } = game(3, 0, { turnSeconds: 30 });
    const move = { type: 'BID', quantity: 2, face: 5 } as const;
    const r = ok(applyCommand(state, { type: 'TIMEOUT', seat: 0, move }, { rng, at: AT }));
    expect(types(r.events)).toEqual(['TURN_TIMED_OUT', 'BID_PLACED']);
    expect(r.events[1]).toMatchObject({ quantity: 2, face: 5, timedOut: true, byBot: true });
    expect(currentRound(r.state)!.bids[0]).toMatchObject({ quantity: 2, face: 5, byBot: true });
    expect(r.state.seats[0]!.timeouts).toBe(1);
  });

  it("a bot's move the rules refuse gives way to the default move", () => {
    const { state } = game(3, 0, { turnSeconds: 30 });
    const r = ok(applyCommand(state, { type: 'TIMEOUT', seat: 0, move: { type: 'DUDO' } }, { rng, at: AT }));
    expect(r.events[1]).toMatchObject({ type: 'BID_PLACED', quantity: 1, face: 2, byBot: true });
  });

  it('at timeoutsToForfeit the seat goes away (a step of its own, before the move) instead of forfeiting', () => {
    const state = aboutToGoAway();
    const r = ok(applyCommand(state, { type: 'TIMEOUT', seat: 1, move: { type: 'DUDO' } }, { rng, at: AT }));
    expect(types(r.events)).toEqual([
      'TURN_TIMED_OUT',
      'SEAT_AWAY',
      'DUDO_CALLED',
      'ROUND_ENDED',
      'ROUND_STARTED',
    ]);
    expect(r.events.map((e) => e.version)).toEqual([
      state.version + 1,
      state.version + 1,
      state.version + 2,
      state.version + 2,
      state.version + 2,
    ]);
    expect(r.events[0]).toMatchObject({ forfeited: false });
    expect(r.events[1]).toMatchObject({ seat: 1, playerId: 'p1', reason: 'TIMEOUTS' });
    expect(r.events[2]).toMatchObject({ seat: 1, timedOut: true, byBot: true });
    expect(r.events[3]).toMatchObject({ outcome: { kind: 'DUDO', caller: 1, byBot: true } });
    expect(r.state.seats[1]!.away).toBe(true);
    expect(viewFor(r.state, null).seats[1]!.away).toBe(true);
    expect(r.state.version).toBe(state.version + 2);
  });

  it('without awayAfterTimeouts the player forfeits as before', () => {
    const r = ok(applyCommand(aboutToGoAway(false), { type: 'TIMEOUT', seat: 1 }, { rng, at: AT }));
    expect(types(r.events)).toEqual(['TURN_TIMED_OUT', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'ROUND_STARTED']);
    expect(r.events[0]).toMatchObject({ forfeited: true });
  });
});

describe('byBot moves and coming back', () => {
  /** A 3-person timed game whose seat 0 is away and on turn. */
  function awayOnTurn(): ReturnType<typeof game> {
    const g = game(3, 0, { turnSeconds: 30, timeoutsToForfeit: 1 });
    g.run({ type: 'TIMEOUT', seat: 0 }); // away, opens 1 x 2
    g.run({ type: 'BID', playerId: pid(1), quantity: 2, face: 2 });
    g.run({ type: 'BID', playerId: pid(2), quantity: 3, face: 2 });
    expect(g.state.seats[0]!.away).toBe(true);
    expect(currentRound(g.state)!.turn).toBe(0);
    return g;
  }

  it('an away seat is played by the server: it is among the seats to act, at bot speed', () => {
    const g = awayOnTurn();
    expect(botsToAct(g.state)).toEqual([0]);
    expect(serverMoveDue(g.state, 1000)).toBe(AT_MS + 1000);
  });

  it("the server's move for an away seat is byBot and leaves it away", () => {
    const g = awayOnTurn();
    const events = g.run({ type: 'BID', playerId: pid(0), quantity: 4, face: 2, byBot: true });
    expect(events).toEqual([expect.objectContaining({ type: 'BID_PLACED', byBot: true, timedOut: false })]);
    expect(g.state.seats[0]!.away).toBe(true);
  });

  it('a move of their own brings the player back first: SEAT_RETURNED, then the move, one step each', () => {
    const g = awayOnTurn();
    const v = g.state.version;
    const events = g.run({ type: 'BID', playerId: pid(0), quantity: 4, face: 2 });
    expect(types(events)).toEqual(['SEAT_RETURNED', 'BID_PLACED']);
    expect(events.map((e) => e.version)).toEqual([v + 1, v + 2]);
    expect(events[1]).toMatchObject({ byBot: false });
    expect(g.state.seats[0]).toMatchObject({ timeouts: 0 });
    expect(g.state.seats[0]!.away).toBeUndefined();
    expect(replay(g.log)).toEqual(g.state);
  });

  it('a call of their own brings them back too', () => {
    const g = awayOnTurn();
    const events = g.run({ type: 'DUDO', playerId: pid(0) });
    expect(types(events).slice(0, 2)).toEqual(['SEAT_RETURNED', 'DUDO_CALLED']);
    expect(events[1]).toMatchObject({ byBot: false, timedOut: false });
  });

  it('the server may not move for a seat its player plays (NOT_AWAY)', () => {
    const { state } = game(3, 0);
    const r = applyCommand(
      state,
      { type: 'BID', playerId: pid(0), quantity: 1, face: 2, byBot: true },
      { rng, at: AT },
    );
    expect(codeOf(r)).toBe('NOT_AWAY');
  });

  it("a bot player's moves are byBot without asking", () => {
    const g = game(1, 2);
    const events = g.run({ type: 'BID', playerId: pid(0), quantity: 1, face: 2 });
    expect(events[0]).toMatchObject({ byBot: false });
    const bot = g.run({ type: 'BID', playerId: 'bot0', quantity: 2, face: 2 });
    expect(bot[0]).toMatchObject({ byBot: true });
  });

  it('returnToGame: GAME_NOT_IN_PROGRESS, NOT_SEATED, NOT_AWAY in that order, then SEAT_RETURNED', () => {
    const lobby = ok(createGame({ host: pid(0), rules: rulesFor('CLASSIC') }, AT)).state;
    expect(codeOf(applyCommand(lobby, { type: 'RETURN', playerId: 'stranger' }, { rng, at: AT }))).toBe(
      'GAME_NOT_IN_PROGRESS',
    );
    const g = awayOnTurn();
    expect(codeOf(applyCommand(g.state, { type: 'RETURN', playerId: 'stranger' }, { rng, at: AT }))).toBe(
      'NOT_SEATED',
    );
    expect(codeOf(applyCommand(g.state, { type: 'RETURN', playerId: pid(1) }, { rng, at: AT }))).toBe(
      'NOT_AWAY',
    );
    const v = g.state.version;
    const events = g.run({ type: 'RETURN', playerId: pid(0) });
    expect(events).toEqual([
      { type: 'SEAT_RETURNED', seat: 0, playerId: 'p0', seq: expect.any(Number), version: v + 1, at: AT },
    ]);
    expect(botsToAct(g.state)).toEqual([]);
  });

  it('a seat that leaves play stops being away, silently', () => {
    const g = awayOnTurn();
    const events = g.run({ type: 'LEAVE', playerId: pid(0) });
    expect(types(events)).not.toContain('SEAT_RETURNED');
    expect(g.state.seats[0]!.away).toBeUndefined();
    expect(replay(g.log)).toEqual(g.state);
  });
});

describe('nudge', () => {
  const untimed = (): ReturnType<typeof game> => game(3, 0);

  it('is refused in order: GAME_NOT_IN_PROGRESS, NOT_IN_GAME, NUDGE_NOT_ALLOWED, NUDGE_TOO_EARLY', () => {
    const nudge = (state: GameState, playerId: string, at = later(120)): string | null =>
      codeOf(applyCommand(state, { type: 'NUDGE', playerId }, { rng, at }));
    const lobby = ok(createGame({ host: pid(0), rules: rulesFor('CLASSIC') }, AT)).state;
    expect(nudge(lobby, 'stranger')).toBe('GAME_NOT_IN_PROGRESS');
    const { state } = untimed();
    expect(nudge(state, 'stranger')).toBe('NOT_IN_GAME');
    expect(nudge(state, pid(0))).toBe('NOT_IN_GAME'); // on turn
    const out = { ...state, seats: state.seats.map((s, i) => (i === 2 ? { ...s, diceCount: 0 } : s)) };
    expect(nudge(out, pid(2))).toBe('NOT_IN_GAME');
    // A timed game, or a bot or away seat on turn: whatever the turn's age.
    expect(nudge({ ...state, turnSeconds: 60 }, pid(1), AT)).toBe('NUDGE_NOT_ALLOWED');
    const awayOnTurn = { ...state, seats: state.seats.map((s, i) => (i === 0 ? { ...s, away: true } : s)) };
    expect(nudge(awayOnTurn, pid(1), AT)).toBe('NUDGE_NOT_ALLOWED');
    const botOnTurn = {
      ...state,
      seats: state.seats.map((s, i) => (i === 0 ? { ...s, bot: 'EASY' as const } : s)),
    };
    expect(nudge(botOnTurn, pid(1), AT)).toBe('NUDGE_NOT_ALLOWED');
    expect(nudge(state, pid(1), later(119.999))).toBe('NUDGE_TOO_EARLY');
    expect(nudge(state, pid(1), later(120))).toBeNull();
  });

  it('sets the turn deadline 60 s later; a second nudge changes nothing; then the seat may be taken over', () => {
    const g = untimed();
    expect(turnDeadline(g.state)).toBeNull();
    const v = g.state.version;
    const events = g.run({ type: 'NUDGE', playerId: pid(1) }, later(150));
    expect(events).toEqual([
      {
        type: 'PLAYER_NUDGED',
        seat: 0,
        playerId: 'p0',
        by: 'p1',
        deadline: later(210),
        seq: expect.any(Number),
        version: v + 1,
        at: later(150),
      },
    ]);
    expect(turnDeadline(g.state)).toBe(AT_MS + 210_000);
    expect(viewFor(g.state, null).turnDeadline).toBe(AT_MS + 210_000);
    expect(serverMoveDue(g.state, 1000)).toBe(AT_MS + 210_000);
    const again = ok(applyCommand(g.state, { type: 'NUDGE', playerId: pid(2) }, { rng, at: later(160) }));
    expect(again.events).toEqual([]);
    expect(again.state).toBe(g.state);
    const markAway: Command = { type: 'MARK_AWAY', seat: 0, reason: 'NUDGE' };
    expect(codeOf(applyCommand(g.state, markAway, { rng, at: later(209.999) }))).toBe('NUDGE_TOO_EARLY');
    const away = g.run(markAway, later(210));
    expect(away).toEqual([
      expect.objectContaining({ type: 'SEAT_AWAY', seat: 0, reason: 'NUDGE', version: v + 2 }),
    ]);
    expect(botsToAct(g.state)).toEqual([0]);
    expect(replay(g.log)).toEqual(g.state);
  });

  it("the nudge holds for that turn only: the nudged player's move ends it", () => {
    const g = untimed();
    g.run({ type: 'NUDGE', playerId: pid(1) }, later(150));
    g.run({ type: 'BID', playerId: pid(0), quantity: 1, face: 2 }, later(151));
    expect(turnDeadline(g.state)).toBeNull();
    expect(
      codeOf(applyCommand(g.state, { type: 'MARK_AWAY', seat: 1, reason: 'NUDGE' }, { rng, at: later(500) })),
    ).toBe('NUDGE_TOO_EARLY');
  });
});

describe('disconnected players', () => {
  it('an untimed game with disconnectSeconds is due for a check disconnectSeconds after the turn began', () => {
    const g = game(2, 0, { table: { disconnectSeconds: 45 } });
    expect(disconnectCheckDue(g.state)).toBe(AT_MS + 45_000);
    expect(serverMoveDue(g.state, 1000)).toBe(AT_MS + 45_000);
    expect(disconnectCheckDue(game(2, 0).state)).toBeNull();
    expect(
      disconnectCheckDue(game(2, 0, { turnSeconds: 30, table: { disconnectSeconds: 45 } }).state),
    ).toBeNull();
    const events = g.run({ type: 'MARK_AWAY', seat: 0, reason: 'DISCONNECTED' }, later(45));
    expect(events).toEqual([expect.objectContaining({ type: 'SEAT_AWAY', reason: 'DISCONNECTED' })]);
    expect(disconnectCheckDue(g.state)).toBeNull();
  });

  it('is refused where the table does not take disconnected players over', () => {
    const { state } = game(2, 0);
    const r = applyCommand(state, { type: 'MARK_AWAY', seat: 0, reason: 'DISCONNECTED' }, { rng, at: AT });
    expect(codeOf(r)).toBe('NUDGE_NOT_ALLOWED');
  });
});

describe('no person left in play', () => {
  it('the host leaving three bots ends the game at once: bots by dice held, ties by seat order, then the host', () => {
    const g = game(1, 3);
    // Take a die from bot seat 2 so that the places are not simply seat order.
    const state = { ...g.state, seats: g.state.seats.map((s, i) => (i === 2 ? { ...s, diceCount: 4 } : s)) };
    const r = ok(applyCommand(state, { type: 'LEAVE', playerId: pid(0) }, { rng, at: AT }));
    expect(types(r.events)).toEqual(['PLAYER_LEFT', 'ROUND_ENDED', 'PLAYER_ELIMINATED', 'GAME_FINISHED']);
    const finished = r.events[3]!;
    expect(finished).toMatchObject({ winner: 1, noHumanLeft: true, standings: [1, 3, 2] });
    expect(r.state.status).toBe('FINISHED');
    if (finished.type !== 'GAME_FINISHED') throw new Error('not finished');
    expect(finishingOrder(finished, [0])).toEqual([1, 3, 2, 0]);
  });

  it('the last person eliminated ends it too; an away person is still in play; bot-only games play on', () => {
    const g = game(2, 2);
    const away = { ...g.state, seats: g.state.seats.map((s, i) => (i === 1 ? { ...s, away: true } : s)) };
    const r = ok(applyCommand(away, { type: 'LEAVE', playerId: pid(0) }, { rng, at: AT }));
    expect(r.state.status).toBe('IN_PROGRESS');
    const r2 = ok(applyCommand(r.state, { type: 'LEAVE', playerId: pid(1) }, { rng, at: AT }));
    expect(r2.state.status).toBe('FINISHED');
    expect(r2.events[r2.events.length - 1]).toMatchObject({ noHumanLeft: true, standings: [2, 3] });
    const botsOnly = { ...g.state, seats: g.state.seats.map((s) => ({ ...s, bot: 'EASY' as const })) };
    expect(noHumanInPlay(botsOnly)).toBe(false);
  });
});

describe('properties', () => {
  it('away seats stay consistent, and the log replays to the state, whatever is played', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 0, max: 2 }),
        (seed, people, bots) => {
          const random = seededRng(seed);
          const g = game(people, bots, { turnSeconds: 30, timeoutsToForfeit: 2 }, random);
          for (let step = 0; step < 300 && g.state.status === 'IN_PROGRESS'; step++) {
            const state = g.state;
            const turn = currentRound(state)!.turn!;
            const seat = state.seats[turn]!;
            const roll = random.int(10);
            let command: Command | null;
            if (roll < 3) command = { type: 'TIMEOUT', seat: turn };
            else if (roll === 3) command = { type: 'RETURN', playerId: seat.playerId };
            else if (roll === 4 && !seat.bot) command = { type: 'LEAVE', playerId: seat.playerId };
            else {
              const legal = randomLegalCommand(state, random);
              command = legal;
              if (legal && (legal.type === 'BID' || legal.type === 'DUDO' || legal.type === 'EXACT')) {
                const s = state.seats.find((x) => x.playerId === legal.playerId)!;
                if (s.away && random.int(2) === 0) command = { ...legal, byBot: true };
              }
            }
            if (!command) break;
            const r = applyCommand(state, command, { rng: random, at: AT });
            if (!r.ok) continue;
            for (const e of r.events) {
              if (e.type === 'BID_PLACED') {
                const by = state.seats[e.seat]!;
                const server =
                  e.timedOut || by.bot !== undefined || ('byBot' in command && command.byBot === true);
                if (e.byBot !== server) return false;
              }
            }
            g.state = r.state;
            g.log.push(...r.events);
            for (const s of g.state.seats) {
              if (s.away && (s.bot || s.diceCount === 0)) return false;
            }
            // No person left in play ends the game at once.
            const people = g.state.seats.filter((s) => !s.bot && s.diceCount > 0).length;
            if (g.state.status === 'IN_PROGRESS' && people === 0) return false;
          }
          return JSON.stringify(replay(g.log)) === JSON.stringify(g.state);
        },
      ),
      { numRuns: 150 },
    );
  });
});
