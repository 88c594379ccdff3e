// Where a game's dice and random choices come from: the engine asks by name, so each throw can be derived
// (and later checked) on its own instead of being the next number of a stream.
import type { Command } from './commands';
import { rollDice, rollDie, type Rng } from './random';
import { quickPlayFull, type GameState } from './state';

export interface DiceSource {
  /** The dice of `seat` (a position) in round `round` (numbered from 1). */
  hand(round: number, seat: number, count: number): number[];
  /** The die `seat` throws in attempt `attempt` (from 1) of the roll-off for the first starter. */
  rollOff(attempt: number, seat: number): number;
  /** The first starter when the rules pick one at random: a seat in [0, seats). */
  firstStarter(seats: number): number;
}

/**
 * A source that draws from an Rng in the engine's call order (hands in seat order, roll-off throws in
 * attempt then seat order): seeded and scripted games of tests and benchmarks play as they always did.
 */
export function rngDiceSource(rng: Rng): DiceSource {
  return {
    hand: (_round, _seat, count) => rollDice(rng, count),
    rollOff: () => rollDie(rng),
    firstStarter: (seats) => rng.int(seats),
  };
}

/** A source for moves that cannot roll: asking it is a bug. */
export const NO_DICE: DiceSource = {
  hand: () => {
    throw new Error('this move was given no dice');
  },
  rollOff: () => {
    throw new Error('this move was given no dice');
  },
  firstStarter: () => {
    throw new Error('this move was given no dice');
  },
};

/**
 * Whether applying `command` to `state` may roll dice or draw a starter: a start, a call that ends the round,
 * a forfeit, a timeout (a call or a forfeit). Bids, joins and lobby leaves never do, so a store need not load
 * any secret for them.
 */
export function mayRollDice(state: GameState, command: Command): boolean {
  switch (command.type) {
    case 'START':
      return state.status === 'LOBBY';
    case 'DUDO':
    case 'EXACT':
    case 'TIMEOUT':
      return state.status === 'IN_PROGRESS';
    case 'LEAVE':
      return state.status === 'IN_PROGRESS';
    case 'FILL_TABLE':
      return quickPlayFull(state);
    case 'JOIN':
    case 'ADD_BOT':
    case 'SEAT_REFERENCE_BOT':
    case 'REMOVE_BOT':
    case 'BID':
    case 'EXPIRE_LOBBY':
    case 'KICK':
    case 'TRANSFER_HOST':
    case 'LINK_REMATCH':
    case 'RETURN':
    case 'NUDGE':
    case 'MARK_AWAY':
    case 'END_ALL_AWAY':
      return false;
  }
}
