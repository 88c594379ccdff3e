// Random games for the property tests: a random player mixing legal moves, arbitrary (mostly illegal)
// attempts and leaves, every action checked against the rules as it is applied.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyCommand } from '../actions';
import type { Command } from '../commands';
import { createGame } from '../lobby.actions';
import { isMidAction } from '../event-meaning';
import type { GameEvent } from '../events';
import { legalActions } from '../legal-actions';
import { seededRng, type Rng } from '../random';
import { applyEvent } from '../reducer';
import { replay } from '../replay';
import type { RuleSet } from '../rules';
import { activeCount, currentRound, lastBid, MAX_ROUNDS, type GameState } from '../state';
import { viewFor } from '../view';
import type { ViolationCode } from '../violations';
import { AT, deepFreeze, pid } from './builders';
import { randomAnyCommand, randomMove, type RandomPlayOptions } from './random-player';

/** No game may need more attempts than this (legal moves, illegal attempts and leaves together). */
const MAX_ATTEMPTS = 20_000;

const CODES: readonly ViolationCode[] = [
  'NOT_YOUR_TURN',
  'BID_NOT_HIGHER',
  'INVALID_BID',
  'OPENING_ACES_NOT_ALLOWED',
  'FACE_LOCKED',
  'NO_BID_TO_CHALLENGE',
  'EXACT_NOT_ALLOWED',
  'GAME_NOT_IN_LOBBY',
  'GAME_NOT_IN_PROGRESS',
  'GAME_FULL',
  'ALREADY_JOINED',
  'NOT_IN_GAME',
  'NOT_HOST',
  'NOT_ENOUGH_PLAYERS',
];

function sumDice(state: GameState): number {
  return state.seats.reduce((n, s) => n + s.diceCount, 0);
}

/** The next seat to the left of `from` (exclusive) with dice. */
function leftOf(state: GameState, from: number): number {
  const n = state.seats.length;
  for (let step = 1; step <= n; step++) {
    const i = (from + step) % n;
    if (state.seats[i]!.diceCount > 0) return i;
  }
  throw new Error('nobody has dice');
}

/** Counted independently of the engine: a die counts if it shows the face, or is a wild ace. */
function count(dice: readonly (readonly number[])[], face: number, wild: boolean): number {
  return dice.flat().filter((d) => d === face || (wild && d === 1)).length;
}

/** The checks of one accepted action, against the state before it. */
function checkAccepted(
  before: GameState,
  command: Command,
  events: readonly GameEvent[],
  after: GameState,
): void {
  const rules = before.rules;
  assert.ok(events.length > 0);
  // Only the last event of an action leaves the game where a player may act.
  assert.equal(isMidAction(events[events.length - 1]!), false);
  events.forEach((e, i) => {
    assert.equal(e.version, before.version + 1);
    assert.equal(e.seq, before.seq + i + 1);
  });
  assert.equal(after.version, before.version + 1);
  assert.equal(after.seq, before.seq + events.length);

  // Fold the events one by one and check how each changes the dice in play.
  let state = before;
  let expectedStarter: number | null = null;
  let expectedPalifico: number | null = null;
  for (const event of events) {
    const next = applyEvent(state, event);
    const delta = sumDice(next) - sumDice(state);
    switch (event.type) {
      case 'ROUND_ENDED': {
        const round = currentRound(state)!;
        assert.equal(event.number, round.number);
        const outcome = event.outcome;
        if (outcome === null) {
          assert.equal(command.type, 'LEAVE');
          assert.equal(delta, 0);
          break;
        }
        const bid = lastBid(round)!;
        assert.deepEqual(outcome.bid, bid);
        const wild = rules.wildAces && round.palificoSeat === null;
        const actual = count(round.dice, bid.face, wild);
        assert.equal(outcome.actualCount, actual);
        const caller = outcome.caller;
        assert.equal(state.seats[caller]!.playerId, (command as { playerId: string }).playerId);
        const callerDice = state.seats[caller]!.diceCount;
        const belowMax = rules.maxDice === null || callerDice < rules.maxDice;
        if (outcome.kind === 'DUDO') {
          assert.equal(command.type, 'DUDO');
          assert.equal(caller, round.turn);
          assert.equal(outcome.loser, actual < bid.quantity ? bid.seat : caller);
          assert.equal(outcome.gainer, null);
        } else {
          assert.equal(command.type, 'EXACT');
          const right = actual === bid.quantity;
          if (!right) {
            assert.equal(outcome.loser, caller);
            assert.equal(outcome.gainer, null);
          } else {
            assert.equal(outcome.loser, rules.exact === 'JINTO' ? bid.seat : null);
            assert.equal(outcome.gainer, belowMax ? caller : null);
          }
        }
        assert.equal(delta, (outcome.gainer === null ? 0 : 1) - (outcome.loser === null ? 0 : 1));
        assert.ok([-1, 0, 1].includes(delta));
        // Who starts the next round, if there is one.
        const loser = outcome.loser;
        const loserNow = loser === null ? 0 : next.seats[loser]!.diceCount;
        if (
          loser !== null &&
          loserNow === 1 &&
          rules.palifico !== 'NONE' &&
          (rules.palifico === 'EVERY_TIME' || !state.seats[loser]!.hasBeenPalifico) &&
          activeCount(next) >= rules.palificoMinPlayers
        ) {
          expectedPalifico = loser;
          expectedStarter = loser;
        } else {
          let base: number;
          if (rules.nextStarter === 'LOSER') base = loser ?? outcome.gainer ?? caller;
          else if (outcome.kind === 'DUDO') base = loser === caller ? bid.seat : caller;
          else base = actual === bid.quantity ? caller : bid.seat;
          expectedStarter =
            activeCount(next) > 0 && next.seats[base]!.diceCount === 0 ? leftOf(next, base) : base;
        }
        break;
      }
      case 'PLAYER_LEFT':
        assert.equal(command.type, 'LEAVE');
        assert.equal(event.phase, 'IN_PROGRESS');
        assert.equal(delta, -state.seats[event.seat]!.diceCount);
        {
          // A voided palifico round is played again for its palifico player while enough remain.
          const owed = currentRound(state)?.palificoSeat ?? null;
          const replayed =
            owed !== null && owed !== event.seat && activeCount(next) >= state.rules.palificoMinPlayers;
          expectedPalifico = replayed ? owed : null;
          expectedStarter = activeCount(next) > 1 ? (replayed ? owed : leftOf(next, event.seat)) : null;
        }
        break;
      case 'ROUND_STARTED':
        assert.equal(event.starter, expectedStarter);
        assert.equal(event.palificoSeat, expectedPalifico);
        assert.deepEqual(
          event.dice.map((h) => h.length),
          next.seats.map((s) => s.diceCount),
        );
        assert.equal(delta, 0);
        break;
      case 'PLAYER_ELIMINATED':
        assert.equal(state.seats[event.seat]!.diceCount, 0);
        assert.equal(delta, 0);
        break;
      case 'GAME_FINISHED':
        if (event.roundLimit) {
          assert.equal(state.rounds.length, MAX_ROUNDS);
          assert.ok(state.seats.every((s) => s.diceCount <= state.seats[event.winner]!.diceCount));
        } else {
          assert.equal(activeCount(state), 1);
        }
        assert.ok(state.seats[event.winner]!.diceCount > 0);
        break;
      default:
        assert.equal(delta, 0);
    }
    state = next;
  }
  // The fold of the events is the new state (compared where an action can change it).
  const { rounds: foldedRounds, ...folded } = state;
  const { rounds: afterRounds, ...rest } = after;
  assert.deepEqual(folded, rest);
  assert.equal(foldedRounds.length, afterRounds.length);
  assert.deepEqual(foldedRounds.slice(-2), afterRounds.slice(-2));
  for (const seat of after.seats) {
    assert.ok(seat.diceCount >= 0);
    if (rules.maxDice !== null) assert.ok(seat.diceCount <= rules.maxDice);
  }
}

/** legalActions says exactly what applyCommand accepts. */
function checkLegalActions(state: GameState, rng: Rng): void {
  const total = sumDice(state);
  const ctx = { rng, at: AT };
  state.seats.forEach((seat, s) => {
    const legal = legalActions(state, s);
    const playerId = seat.playerId;
    const accepts = (command: Command) => applyCommand(state, command, ctx).ok;
    assert.equal(legal.canBid, legal.minBids.length > 0);
    assert.equal(accepts({ type: 'DUDO', playerId }), legal.canDudo);
    assert.equal(accepts({ type: 'EXACT', playerId }), legal.canExact);
    const offered = new Set(legal.minBids.map((b) => b.face));
    for (const { face, minQuantity } of legal.minBids) {
      assert.ok(minQuantity <= total);
      assert.equal(accepts({ type: 'BID', playerId, quantity: minQuantity, face }), true);
      if (minQuantity > 1)
        assert.equal(accepts({ type: 'BID', playerId, quantity: minQuantity - 1, face }), false);
    }
    for (const face of [1, 2, 3, 4, 5, 6]) {
      if (!offered.has(face)) assert.equal(accepts({ type: 'BID', playerId, quantity: total, face }), false);
    }
  });
}

/** A copy of the state where every open-round hand but `keep`'s shows other faces. */
function withOtherDice(state: GameState, keep: number): GameState {
  const rounds = state.rounds.slice();
  const last = rounds[rounds.length - 1]!;
  rounds[rounds.length - 1] = {
    ...last,
    dice: last.dice.map((hand, seat) => (seat === keep ? hand : hand.map((d) => (d % 6) + 1))),
  };
  return { ...state, rounds };
}

/** No view shows dice of the open round the viewer does not own, nor depends on them. */
function checkViews(state: GameState, viewers: readonly number[]): void {
  const open = currentRound(state);
  for (const seat of viewers) {
    const viewer = seat < 0 ? null : { playerId: state.seats[seat]!.playerId };
    const view = viewFor(state, viewer);
    view.seats.forEach((s, i) => {
      if (i !== seat || !open) assert.equal(s.dice, null);
      else assert.deepEqual(s.dice, open.dice[i]);
    });
    if (open) {
      assert.equal(view.currentRound!.reveal, null);
      assert.equal(JSON.stringify(viewFor(withOtherDice(state, seat), viewer)), JSON.stringify(view));
    }
  }
}

interface GameSetup {
  readonly rules: RuleSet;
  readonly players: number;
  readonly seed: number;
  readonly options: RandomPlayOptions;
  /** Check legalActions and the views at every position (slower). */
  readonly thorough: boolean;
}

export function playRandomGame(setup: GameSetup): { attempts: number; accepted: number } {
  const rules = setup.rules;
  const engineRng = seededRng(setup.seed);
  const choices = seededRng(setup.seed ^ 0x5bd1e995);
  const probeRng = seededRng(setup.seed + 1);
  const created = createGame({ host: pid(0), rules, maxPlayers: Math.max(setup.players, 2) }, AT);
  if (!created.ok) throw new Error(created.violation.message);
  let state = deepFreeze(created.state);
  const log: GameEvent[] = [...created.events];
  const states: { state: GameState; logLength: number }[] = [];
  const apply = (command: Command, mayFail = true) => {
    const before = state;
    // The input is deep-frozen, so a mutation would throw; the snapshot double-checks refused attempts.
    const snapshot = mayFail ? JSON.stringify(before) : '';
    const result = applyCommand(before, command, { rng: engineRng, at: AT });
    if (result.ok) {
      // The state the action hands on after each event is the fold of its events.
      assert.equal(result.states?.length, result.events.length);
      let folded: GameState = before;
      result.events.forEach((e, i) => {
        folded = applyEvent(folded, e);
        assert.deepEqual(result.states![i], folded);
      });
      log.push(...result.events);
      state = deepFreeze(result.state);
      states.push({ state, logLength: log.length });
    } else {
      assert.ok(mayFail, `${JSON.stringify(command)} refused: ${result.violation.message}`);
      assert.ok(CODES.includes(result.violation.code), result.violation.code);
      assert.ok(result.violation.message.length > 10);
      assert.equal(JSON.stringify(before), snapshot);
    }
    return result;
  };

  for (let i = 1; i < setup.players; i++) apply({ type: 'JOIN', playerId: pid(i) }, false);
  // A few arbitrary attempts in the lobby.
  for (let i = 0; i < 5; i++) {
    const command = randomAnyCommand(state, choices);
    if (command.type === 'START' || command.type === 'JOIN') continue;
    assert.equal(apply(command).ok, false);
  }
  apply({ type: 'START', playerId: pid(0) }, false);
  assert.equal(sumDice(state), setup.players * rules.startingDice);

  let attempts = 0;
  let accepted = 0;
  while (state.status === 'IN_PROGRESS') {
    attempts++;
    if (attempts > MAX_ATTEMPTS) throw new Error(`no winner after ${MAX_ATTEMPTS} attempts`);
    const before = state;
    if (setup.thorough) {
      checkLegalActions(before, probeRng);
      checkViews(before, [-1, ...before.seats.map((_, i) => i)]);
    } else if (attempts % 7 === 0) {
      checkLegalActions(before, probeRng);
      checkViews(before, [-1, choices.int(before.seats.length)]);
    }
    const move = randomMove(before, choices, setup.options)!;
    const result = apply(move.command, move.intent === 'arbitrary');
    if (result.ok) {
      accepted++;
      checkAccepted(before, move.command, result.events, result.state);
    }
  }

  // Exactly one winner.
  assert.equal(state.status, 'FINISHED');
  const withDice = state.seats.flatMap((s, i) => (s.diceCount > 0 ? [i] : []));
  assert.deepEqual(withDice, [state.winner]);
  const finished = log[log.length - 1]!;
  assert.equal(finished.type, 'GAME_FINISHED');
  assert.equal(finished.type === 'GAME_FINISHED' ? finished.winner : null, state.winner);
  checkViews(state, [-1, 0]);

  // The log rebuilds the final state and the states in between.
  assert.deepEqual(replay(log), state);
  for (let k = 0; k < 5 && states.length > 0; k++) {
    const at = states[choices.int(states.length)]!;
    assert.deepEqual(replay(log.slice(0, at.logLength)), at.state);
  }
  log.forEach((e, i) => assert.equal(e.seq, i + 1));
  return { attempts, accepted };
}

/** Random rates of illegal attempts, leaves and calls for the random player. */
export const randomPlayOptions = fc.record({
  illegalRate: fc.constantFrom(0, 0.1, 0.3, 0.6),
  leaveRate: fc.constantFrom(0, 0, 0.005, 0.03),
  challengeRate: fc.constantFrom(0.1, 0.3, 0.6),
  exactRate: fc.constantFrom(0.1, 0.3, 0.8),
});
