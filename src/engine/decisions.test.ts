// Tests of a finished game's decisions: the seat's view at each one, its legal actions and odds, the flags.
import fc from 'fast-check';
import { applyCommand } from './actions';
import type { Command } from './commands';
import { decisionsOf, type Decision } from './decisions';
import type { DiceSource } from './dice-source';
import type { GameEvent } from './events';
import { createGame } from './lobby.actions';
import { binomialOdds } from './odds';
import { seededRng } from './random';
import { PRESETS, resolveRules, type RuleSet } from './rules';
import type { GameState } from './state';
import { pid } from './testing/builders';
import { epochMillis } from './timestamps';
import { randomMove } from './testing/random-player';

/** The time `ms` after 2030-01-01T00:00:00Z (within its January), as the state records times. */
function at(ms: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const day = Math.floor(ms / 86_400_000) + 1;
  const [h, m, s] = [3_600_000, 60_000, 1000].map((unit, i) => Math.floor(ms / unit) % [24, 60, 60][i]!);
  return `2030-01-${pad(day)}T${pad(h!)}:${pad(m!)}:${pad(s!)}.${pad(ms % 1000, 3)}Z`;
}

/** A game's log as it is played: each command at its own time, with the given dice. */
class LoggedGame {
  readonly log: GameEvent[] = [];
  state: GameState;
  constructor(
    rules: RuleSet,
    players: number,
    private readonly dice: DiceSource,
    turnSeconds: number | null = null,
  ) {
    const created = createGame({ host: pid(0), rules, maxPlayers: players, turnSeconds }, at(0));
    if (!created.ok) throw new Error(created.violation.message);
    this.state = created.state;
    this.log.push(...created.events);
    for (let i = 1; i < players; i++) this.run({ type: 'JOIN', playerId: pid(i) }, 0);
    this.run({ type: 'START', playerId: pid(0) }, 0);
  }

  run(command: Command, ms: number): void {
    const result = applyCommand(this.state, command, { at: at(ms), dice: this.dice });
    if (!result.ok) throw new Error(`${JSON.stringify(command)}: ${result.violation.message}`);
    this.state = result.state;
    this.log.push(...result.events);
  }
}

/** Hands given per round and seat; the first starter is seat 0. */
function scripted(hands: Record<number, number[][]>): DiceSource {
  return {
    hand: (round, seat, count) => hands[round]![seat]!.slice(0, count),
    rollOff: (_attempt, seat) => (seat === 0 ? 6 : 1),
    firstStarter: () => 0,
  };
}

describe('decisionsOf: a scripted PUB game', () => {
  // Three players with one die each, two at most: every call ends someone's game quickly.
  const rules = resolveRules('PUB', { startingDice: 1, maxDice: 2 });
  if (!rules.ok) throw new Error(rules.message);
  const dice = scripted({ 1: [[3], [5], [3]], 2: [[2, 6], [4], [5]] });
  const game = new LoggedGame(rules.rules, 3, dice, 30);
  // Round 1: seat 0 opens 1 x 3 after 2 s; seat 1 raises to 2 x 3 after 5 s; seat 0 calls exact out of turn
  // after 1 s (right: two threes): seat 0 gains a die and starts round 2.
  game.run({ type: 'BID', playerId: pid(0), quantity: 1, face: 3 }, 2_000);
  game.run({ type: 'BID', playerId: pid(1), quantity: 2, face: 3 }, 7_000);
  game.run({ type: 'EXACT', playerId: pid(0) }, 8_000);
  const decisions = decisionsOf(game.log);

  it('lists every bid and call in log order with its seat, round and number', () => {
    expect(decisions.map((d) => [d.decision, d.round, d.seat, d.playerId, d.action])).toEqual([
      [0, 1, 0, 'p0', { kind: 'BID', quantity: 1, face: 3 }],
      [1, 1, 1, 'p1', { kind: 'BID', quantity: 2, face: 3 }],
      [2, 1, 0, 'p0', { kind: 'EXACT' }],
    ]);
  });

  it("shows each seat its own dice, every seat's count and the bids before it", () => {
    expect(decisions.map((d) => d.view)).toEqual([
      {
        dice: [3],
        diceCounts: [1, 1, 1],
        palifico: false,
        palificoSeat: null,
        starter: 0,
        bids: [],
        turn: 0,
      },
      {
        dice: [5],
        diceCounts: [1, 1, 1],
        palifico: false,
        palificoSeat: null,
        starter: 0,
        bids: [{ seat: 0, quantity: 1, face: 3 }],
        turn: 1,
      },
      {
        dice: [3],
        diceCounts: [1, 1, 1],
        palifico: false,
        palificoSeat: null,
        starter: 0,
        bids: [
          { seat: 0, quantity: 1, face: 3 },
          { seat: 1, quantity: 2, face: 3 },
        ],
        // An out-of-turn call: seat 2 is on turn.
        turn: 2,
      },
    ]);
  });

  it('gives the legal actions with the odds the API gives that viewer', () => {
    // Seat 1 holds a 5 and sees two unseen dice; aces are wild: p = 1/3 for faces 2..6, 1/6 for aces.
    const second = decisions[1]!;
    expect(second.legal.dudo).toBe(true);
    expect(second.legal.exact).toBe(false);
    expect(second.legal.standingBidOdds).toEqual(binomialOdds(2, 1 / 3, 1));
    expect(second.legal.bids.map((b) => [b.face, b.minQuantity])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 1],
      [5, 1],
      [6, 1],
    ]);
    for (const b of second.legal.bids) {
      const own = b.face === 5 ? 1 : 0;
      expect({ atLeast: b.atLeast, exactly: b.exactly }).toEqual(
        binomialOdds(2, b.face === 1 ? 1 / 6 : 1 / 3, b.minQuantity - own),
      );
    }
    // The out-of-turn caller may only call exact.
    expect(decisions[2]!.legal).toEqual({
      bids: [],
      dudo: false,
      exact: true,
      standingBidOdds: binomialOdds(2, 1 / 3, 1),
    });
  });

  it('times each decision from when its turn began, and gives the round outcome to each', () => {
    expect(decisions.map((d) => d.thinkMs)).toEqual([2_000, 5_000, 1_000]);
    for (const d of decisions) {
      expect(d.outcome).toEqual({ kind: 'EXACT', caller: 0, actualCount: 2, loser: null, gainer: 0 });
      expect([d.bot, d.byServer, d.timedOut]).toEqual([null, false, false]);
    }
  });

  it('marks a turn that ran out as the server move it was', () => {
    // Round 2 (seat 0 starts): seat 0's turn runs out 30 s in; the server opens for it.
    game.run({ type: 'TIMEOUT', seat: 0 }, 38_000);
    const timed = decisionsOf(game.log)[3]!;
    expect([timed.seat, timed.round, timed.byServer, timed.timedOut, timed.bot, timed.thinkMs]).toEqual([
      0,
      2,
      true,
      true,
      'NORMAL',
      30_000,
    ]);
    expect(timed.outcome).toBeNull();
  });
});

/** Plays a random game to its end, each command some random milliseconds after the last. */
function randomGame(rules: RuleSet, players: number, seed: number): GameEvent[] {
  const rng = seededRng(seed);
  const choices = seededRng(seed ^ 0x2545f491);
  let state: GameState;
  const created = createGame({ host: pid(0), rules, maxPlayers: players }, at(0));
  if (!created.ok) throw new Error(created.violation.message);
  state = created.state;
  const log: GameEvent[] = [...created.events];
  let ms = 0;
  const apply = (command: Command): void => {
    ms += choices.int(2_000);
    const result = applyCommand(state, command, { at: at(ms), rng });
    if (!result.ok) return;
    state = result.state;
    log.push(...result.events);
  };
  for (let i = 1; i < players; i++) apply({ type: 'JOIN', playerId: pid(i) });
  apply({ type: 'START', playerId: pid(0) });
  for (let moves = 0; state.status === 'IN_PROGRESS'; moves++) {
    if (moves > 20_000) throw new Error('the game does not end');
    apply(randomMove(state, choices, { leaveRate: 0.01, exactRate: 0.3, challengeRate: 0.3 })!.command);
  }
  return log;
}

/** Every decision checked against the log it came from, with other seats' dice never in its line. */
function checkAgainstLog(log: readonly GameEvent[], decisions: readonly Decision[]): void {
  const moves = log.filter((e) => ['BID_PLACED', 'DUDO_CALLED', 'EXACT_CALLED'].includes(e.type));
  expect(decisions.map((d) => d.decision)).toEqual(moves.map((_, i) => i));
  const hands = new Map<number, readonly (readonly number[])[]>();
  const bids = new Map<number, { seat: number; quantity: number; face: number }[]>();
  const lastBidAt = new Map<number, string>();
  for (const e of log) if (e.type === 'ROUND_STARTED') hands.set(e.number, e.dice);
  decisions.forEach((d, i) => {
    const move = moves[i]!;
    if (!('seat' in move)) throw new Error('a move without a seat');
    expect(d.seat).toBe(move.seat);
    const roundHands = hands.get(d.round)!;
    expect(d.view.dice).toEqual(roundHands[d.seat]);
    expect(d.view.diceCounts).toEqual(roundHands.map((h) => h.length));
    const before = bids.get(d.round) ?? [];
    expect(d.view.bids).toEqual(before);
    // A bid after another is timed from it.
    if (before.length > 0 && move.type === 'BID_PLACED') {
      expect(d.thinkMs).toBe(epochMillis(move.at) - epochMillis(lastBidAt.get(d.round)!));
    }
    if (move.type === 'BID_PLACED') lastBidAt.set(d.round, move.at);
    const action = d.action;
    if (action.kind === 'BID') {
      bids.set(d.round, [...before, { seat: d.seat, quantity: action.quantity, face: action.face }]);
      expect(d.legal.bids.some((b) => b.face === action.face && b.minQuantity <= action.quantity)).toBe(true);
    } else {
      expect(d.outcome?.caller ?? d.seat).toBe(d.seat);
      expect(d.outcome?.kind ?? action.kind).toBe(action.kind);
    }
    // No other seat's hand is in the decision, unless it equals the seat's own.
    const text = JSON.stringify(d);
    roundHands.forEach((hand, seat) => {
      if (seat !== d.seat && hand.length > 0 && JSON.stringify(hand) !== JSON.stringify(d.view.dice))
        expect(text).not.toContain(`"dice":${JSON.stringify(hand)}`);
    });
    expect(d.thinkMs).toBeGreaterThanOrEqual(0);
  });
}

describe('decisionsOf: random games', () => {
  it.each(['CLASSIC', 'PERUDO', 'LIARS_DICE', 'PUB'] as const)(
    '%s: each decision is its move, with its own hand and the bids before it',
    (preset) => {
      fc.assert(
        fc.property(fc.integer(), fc.integer({ min: 2, max: 5 }), (seed, players) => {
          const rules = { ...PRESETS[preset], startingDice: Math.min(PRESETS[preset].startingDice, 3) };
          const log = randomGame(rules, players, seed);
          checkAgainstLog(log, decisionsOf(log));
        }),
        { numRuns: 30 },
      );
    },
  );

  it('a decision does not depend on any other seat’s dice', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const log = randomGame(PRESETS.PUB, 3, seed);
        // The same log with every hand but seat 0's changed: seat 0's decisions, outcomes aside, are the same.
        const changed = log.map((e) =>
          e.type === 'ROUND_STARTED'
            ? { ...e, dice: e.dice.map((h, seat) => (seat === 0 ? h : h.map((d) => (d % 6) + 1))) }
            : e,
        );
        const mine = (events: readonly GameEvent[]) =>
          decisionsOf(events)
            .filter((d) => d.seat === 0)
            .map(({ outcome: _outcome, ...rest }) => rest);
        expect(mine(changed)).toEqual(mine(log));
      }),
      { numRuns: 40 },
    );
  });
});
