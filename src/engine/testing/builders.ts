// Test builders: rule sets, games set up in a given position, and a table driven command by command.
/**
 * For tests only: rule sets, tables built directly in a precise position, and a `Table` that drives a
 * game command by command while recording its event log. Not used by the engine itself.
 */
import { applyCommand } from '../actions';
import type { ActionResult, Command } from '../commands';
import { createGame } from '../lobby.actions';
import type { GameEvent } from '../events';
import { seededRng, type Rng } from '../random';
import { resolveRules, type PresetName, type RuleOverrides, type RuleSet } from '../rules';
import { nextActiveSeat, type BidState, type GameState, type RoundState, type SeatState } from '../state';
import type { Violation } from '../violations';

/** The timestamp recorded on every event in tests. */
export const AT = '2030-01-01T00:00:00.000Z';

/** The player id of the n-th player created by this module. */
export function pid(n: number): string {
  return `p${n}`;
}

/** A resolved rule set; throws when the overrides are refused. */
export function rulesFor(preset: PresetName, overrides: RuleOverrides = {}): RuleSet {
  const r = resolveRules(preset, overrides);
  if (!r.ok) throw new Error(`rules refused: ${r.field}: ${r.message}`);
  return r.rules;
}

function toRules(rules: RuleSet | PresetName | undefined): RuleSet {
  if (rules === undefined) return rulesFor('CLASSIC');
  return typeof rules === 'string' ? rulesFor(rules) : rules;
}

/** Freezes a value and everything reachable from it, so that any mutation throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

export type BidSpec = readonly [seat: number, quantity: number, face: number];

/** A table in the middle of a round, described seat by seat. */
export interface RoundSpec {
  readonly rules?: RuleSet | PresetName;
  /** The dice of the open round, one hand per seat; an empty hand is a seat out of the game. */
  readonly hands: readonly (readonly number[])[];
  /** The bids already made this round, in order. */
  readonly bids?: readonly BidSpec[];
  /** Defaults to the palifico seat, else the first seat with dice. */
  readonly starter?: number;
  /** Defaults to the next seat with dice after the last bidder, else the starter. */
  readonly turn?: number;
  readonly palificoSeat?: number | null;
  /** Seats that have already been palifico (the palifico seat is added). */
  readonly veterans?: readonly number[];
  /** Seats that left the game. */
  readonly left?: readonly number[];
  readonly name?: string | null;
}

/**
 * Builds a game in progress directly (without its history): useful to set up an exact position. The
 * state is consistent with what the engine would hold, but it has no event log to replay.
 */
export function buildRound(spec: RoundSpec): GameState {
  const rules = toRules(spec.rules);
  const n = spec.hands.length;
  const palificoSeat = spec.palificoSeat ?? null;
  const veterans = new Set(spec.veterans ?? []);
  if (palificoSeat !== null) veterans.add(palificoSeat);
  const left = new Set(spec.left ?? []);
  const seats: SeatState[] = spec.hands.map((hand, i) => ({
    playerId: pid(i),
    diceCount: hand.length,
    hasBeenPalifico: veterans.has(i),
    left: left.has(i),
    timeouts: 0,
  }));
  const firstActive = spec.hands.findIndex((h) => h.length > 0);
  const starter = spec.starter ?? palificoSeat ?? firstActive;
  const baseSeq = n + 3; // GAME_CREATED, n x PLAYER_JOINED, GAME_STARTED, ROUND_STARTED
  const bids: BidState[] = (spec.bids ?? []).map(([seat, quantity, face], i) => ({
    seq: baseSeq + i + 1,
    seat,
    quantity,
    face,
    at: AT,
    timedOut: false,
    byBot: false,
  }));
  const round: RoundState = {
    number: 1,
    starter,
    palificoSeat,
    dice: spec.hands.map((h) => h.slice()),
    bids,
    turn: 0,
    ended: false,
    voided: false,
    outcome: null,
    startedAt: AT,
    endedAt: null,
  };
  const state: GameState = {
    rules,
    name: spec.name ?? null,
    maxPlayers: Math.max(n, rules.minPlayers),
    status: 'IN_PROGRESS',
    version: n + 1 + bids.length,
    seq: baseSeq + bids.length,
    host: pid(0),
    seats,
    rollOff: [],
    rounds: [round],
    winner: null,
    createdAt: AT,
    startedAt: AT,
    finishedAt: null,
    turnSeconds: null,
    timeoutsToForfeit: 3,
  };
  const last = bids[bids.length - 1];
  const turn = spec.turn ?? (last ? nextActiveSeat(state, last.seat)! : starter);
  return { ...state, rounds: [{ ...round, turn }] };
}

/** Drives one game command by command, keeping its state and complete event log. */
export class Table {
  readonly log: GameEvent[];

  constructor(
    public state: GameState,
    public rng: Rng = seededRng(1),
    log: readonly GameEvent[] = [],
  ) {
    this.log = log.slice();
  }

  /** A game in the lobby with players p0 (host) .. p{n-1}. */
  static lobby(rules: RuleSet | PresetName, players: number, rng: Rng = seededRng(1)): Table {
    const created = createGame({ host: pid(0), rules: toRules(rules) }, AT);
    if (!created.ok) throw new Error(created.violation.message);
    const table = new Table(created.state, rng, created.events);
    for (let i = 1; i < players; i++) table.act({ type: 'JOIN', playerId: pid(i) });
    return table;
  }

  /** A started game with players p0 .. p{n-1}; the rng decides the first starter and the dice. */
  static started(rules: RuleSet | PresetName, players: number, rng: Rng = seededRng(1)): Table {
    const table = Table.lobby(rules, players, rng);
    table.act({ type: 'START', playerId: pid(0) });
    return table;
  }

  /** The player id sitting at `seat`. */
  player(seat: number): string {
    return this.state.seats[seat]!.playerId;
  }

  /** Applies a command to the (deep-frozen) state; an accepted command moves the table on. */
  apply(command: Command): ActionResult {
    const before = deepFreeze(this.state);
    const result = applyCommand(before, command, { rng: this.rng, at: AT });
    if (result.ok) {
      this.state = result.state;
      this.log.push(...result.events);
    }
    return result;
  }

  /** Applies a command that must be accepted; returns its events. */
  act(command: Command): readonly GameEvent[] {
    const result = this.apply(command);
    if (!result.ok) {
      throw new Error(`${command.type} refused: ${result.violation.code}: ${result.violation.message}`);
    }
    return result.events;
  }

  /** Applies a command that must be refused; checks the state did not change and returns why. */
  refuse(command: Command): Violation {
    const before = this.state;
    const snapshot = JSON.stringify(before);
    const result = this.apply(command);
    if (result.ok) throw new Error(`${command.type} was accepted: ${JSON.stringify(command)}`);
    if (this.state !== before || JSON.stringify(this.state) !== snapshot) {
      throw new Error('a refused command changed the state');
    }
    return result.violation;
  }

  bid(seat: number, quantity: number, face: number): readonly GameEvent[] {
    return this.act({ type: 'BID', playerId: this.player(seat), quantity, face });
  }

  dudo(seat: number): readonly GameEvent[] {
    return this.act({ type: 'DUDO', playerId: this.player(seat) });
  }

  exact(seat: number): readonly GameEvent[] {
    return this.act({ type: 'EXACT', playerId: this.player(seat) });
  }

  leave(seat: number): readonly GameEvent[] {
    return this.act({ type: 'LEAVE', playerId: this.player(seat) });
  }

  /** Why a bid by `seat` is refused. */
  refuseBid(seat: number, quantity: number, face: number): Violation {
    return this.refuse({ type: 'BID', playerId: this.player(seat), quantity, face });
  }

  refuseDudo(seat: number): Violation {
    return this.refuse({ type: 'DUDO', playerId: this.player(seat) });
  }

  refuseExact(seat: number): Violation {
    return this.refuse({ type: 'EXACT', playerId: this.player(seat) });
  }

  /** The dice count of every seat. */
  get counts(): number[] {
    return this.state.seats.map((s) => s.diceCount);
  }

  /** The open round (throws when none is open). */
  get round(): RoundState {
    const round = this.state.rounds[this.state.rounds.length - 1];
    if (!round || round.ended) throw new Error('no open round');
    return round;
  }

  /** The last round, open or ended. */
  get lastRound(): RoundState {
    const round = this.state.rounds[this.state.rounds.length - 1];
    if (!round) throw new Error('no round yet');
    return round;
  }
}

/** The types of a list of events, in order. */
export function types(events: readonly GameEvent[]): string[] {
  return events.map((e) => e.type);
}
