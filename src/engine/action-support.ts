// What the action modules share: their context, and how they accept or refuse a command.
import type { ActionResult } from './commands';
import type { DiceSource } from './dice-source';
import type { RoundState } from './state';
import type { Transition } from './transition';
import { violation, type Violation } from './violations';

/** The context of one action, its dice source resolved. */
export interface MoveContext {
  readonly at: string;
  readonly dice: DiceSource;
}

export function fail(v: Violation): ActionResult {
  return { ok: false, violation: v };
}

export function done(t: Transition): ActionResult {
  return { ok: true, state: t.state, events: t.events, states: t.states };
}

export function notYourTurn(round: RoundState): Violation {
  return violation('NOT_YOUR_TURN', `it is seat ${round.turn}'s turn`);
}
