// A finished game's decisions: every bid, dudo and exact call, each with what its seat could see then.
import type { GameEvent } from './events';
import { oddsFor, standingBidOdds, type BidOdds } from './odds';
import { applyEvent } from './reducer';
import {
  currentRound,
  turnStartedAt,
  type BotLevel,
  type CallKind,
  type GameState,
  type PlayerId,
} from './state';
import { epochMillis } from './timestamps';
import { viewFor } from './view';

/** What the deciding seat could see: its own dice, never another seat's. */
export interface DecisionView {
  readonly dice: readonly number[];
  /** Every seat's dice count, in seat order (0 for a seat out of play). */
  readonly diceCounts: readonly number[];
  readonly palifico: boolean;
  readonly palificoSeat: number | null;
  readonly starter: number;
  /** The round's bids before this decision. */
  readonly bids: readonly { readonly seat: number; readonly quantity: number; readonly face: number }[];
  /** The seat on turn (another seat's for an out-of-turn exact call). */
  readonly turn: number;
}

export interface DecisionBidOption extends BidOdds {
  readonly face: number;
  readonly minQuantity: number;
}

/** The seat's legal actions at that moment, with the odds the API gives it. */
export interface DecisionLegal {
  readonly bids: readonly DecisionBidOption[];
  readonly dudo: boolean;
  readonly exact: boolean;
  readonly standingBidOdds: BidOdds | null;
}

export type DecisionAction =
  | { readonly kind: 'BID'; readonly quantity: number; readonly face: number }
  | { readonly kind: 'DUDO' }
  | { readonly kind: 'EXACT' };

export interface DecisionOutcome {
  readonly kind: CallKind;
  readonly caller: number;
  readonly actualCount: number;
  readonly loser: number | null;
  readonly gainer: number | null;
}

export interface Decision {
  readonly round: number;
  /** 0-based within the game, in log order. */
  readonly decision: number;
  readonly seat: number;
  readonly playerId: PlayerId;
  /** The seat's bot level, or NORMAL for a person's seat the server played (away, or a turn that ran out). */
  readonly bot: BotLevel | null;
  readonly byServer: boolean;
  readonly timedOut: boolean;
  readonly view: DecisionView;
  readonly legal: DecisionLegal;
  readonly action: DecisionAction;
  /** From when the turn began (its last bid, the round's start, or the end of a wait) to the action. */
  readonly thinkMs: number;
  /** The round's outcome; null for a round voided because a player left. */
  readonly outcome: DecisionOutcome | null;
}

type DecisionEvent = Extract<GameEvent, { type: 'BID_PLACED' | 'DUDO_CALLED' | 'EXACT_CALLED' }>;

function isDecision(event: GameEvent): event is DecisionEvent {
  return event.type === 'BID_PLACED' || event.type === 'DUDO_CALLED' || event.type === 'EXACT_CALLED';
}

/**
 * Events an action emits before its own move, at the move's time: a turn that ran out (and the seat going
 * away for it), a player's return with their move. The turn's clock is read from before them.
 */
const LEAD_IN = new Set<GameEvent['type']>(['TURN_TIMED_OUT', 'SEAT_AWAY', 'SEAT_RETURNED', 'GAME_RESUMED']);

function actionOf(event: DecisionEvent): DecisionAction {
  if (event.type === 'BID_PLACED') return { kind: 'BID', quantity: event.quantity, face: event.face };
  return { kind: event.type === 'DUDO_CALLED' ? 'DUDO' : 'EXACT' };
}

/** The decision `event` makes on `before` (the state right before it), seen from its seat alone. */
function decisionAt(
  before: GameState,
  clock: GameState,
  event: DecisionEvent,
  index: number,
  timedOut: boolean,
): Omit<Decision, 'outcome'> {
  const seatState = before.seats[event.seat]!;
  const round = currentRound(before);
  if (!round || round.turn === null) throw new Error(`decision ${event.seq} outside an open round`);
  // The engine's own viewer view: no other seat's dice are in it, so none can reach the line.
  const view = viewFor(before, { playerId: seatState.playerId });
  const legal = view.legalActions!;
  const byServer = event.byBot ?? (timedOut || seatState.bot !== undefined);
  const started = turnStartedAt(clock) ?? round.startedAt;
  return {
    round: round.number,
    decision: index,
    seat: event.seat,
    playerId: seatState.playerId,
    bot: seatState.bot ?? (byServer ? 'NORMAL' : null),
    byServer,
    timedOut,
    view: {
      dice: view.seats[event.seat]!.dice ?? [],
      diceCounts: view.seats.map((s) => s.diceCount),
      palifico: round.palificoSeat !== null,
      palificoSeat: round.palificoSeat,
      starter: round.starter,
      bids: view.currentRound!.bids.map((b) => ({ seat: b.seat, quantity: b.quantity, face: b.face })),
      turn: round.turn,
    },
    legal: {
      bids: legal.minBids.map((b) => ({
        face: b.face,
        minQuantity: b.minQuantity,
        ...oddsFor(view, b.minQuantity, b.face)!,
      })),
      dudo: legal.canDudo,
      exact: legal.canExact,
      standingBidOdds: standingBidOdds(view),
    },
    action: actionOf(event),
    thinkMs: Math.max(0, epochMillis(event.at) - epochMillis(started)),
  };
}

/**
 * The decisions of a game's log, in log order: each bid, dudo and exact call (out-of-turn exact calls
 * included) with the deciding seat's view just before it, its legal actions and odds, and its round's
 * outcome. Meant for a FINISHED game's complete log: a round still open has no outcome to give.
 */
export function decisionsOf(events: readonly GameEvent[]): Decision[] {
  const made: Omit<Decision, 'outcome'>[] = [];
  let state: GameState | null = null;
  // The state before the lead-in events of the action being read, and their time.
  let leadIn: { state: GameState; at: string } | null = null;
  let timedOutSeat: number | null = null;
  for (const event of events) {
    if (state && isDecision(event)) {
      const clock = leadIn && leadIn.at === event.at ? leadIn.state : state;
      const timedOut = (event.type !== 'EXACT_CALLED' && event.timedOut) || timedOutSeat === event.seat;
      made.push(decisionAt(state, clock, event, made.length, timedOut));
    }
    if (LEAD_IN.has(event.type)) {
      if (!leadIn || leadIn.at !== event.at) leadIn = state && { state, at: event.at };
    } else {
      leadIn = null;
    }
    if (event.type === 'TURN_TIMED_OUT') timedOutSeat = event.forfeited ? null : event.seat;
    else if (event.type !== 'SEAT_AWAY') timedOutSeat = null;
    state = applyEvent(state, event);
  }
  const rounds = state?.rounds ?? [];
  return made.map((d) => {
    const o = rounds[d.round - 1]?.outcome ?? null;
    const outcome = o && {
      kind: o.kind,
      caller: o.caller,
      actualCount: o.actualCount,
      loser: o.loser,
      gainer: o.gainer,
    };
    return { ...d, outcome };
  });
}
