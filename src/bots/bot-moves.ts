// The server's side of a bot: which bot acts on a game now, asked through its own seat's view only.
import {
  botsToAct,
  currentRound,
  viewFor,
  type Command,
  type GameState,
  type Rng,
  type TurnMove,
} from '../engine';
import type { BotDecision } from './bot-decision';
import { STRATEGIES } from './strategy';

/** The level that plays a person's seat for them: away, or on a timed-out turn. */
const STAND_IN_LEVEL = 'NORMAL' as const;

/** The command of a decision, marked as the server's (byBot). */
function commandOf(decision: BotDecision, playerId: string): Command {
  switch (decision.type) {
    case 'BID':
      return { type: 'BID', playerId, quantity: decision.quantity, face: decision.face, byBot: true };
    case 'DUDO':
      return { type: 'DUDO', playerId, byBot: true };
    case 'EXACT':
      return { type: 'EXACT', playerId, byBot: true };
  }
}

/**
 * The move a NORMAL bot makes on `seat`'s turn, from that seat's view only: what the server plays for a
 * person whose timed turn ran out. Null when it is not that seat's turn.
 */
export function standInMove(state: GameState, seat: number, rng: Rng): TurnMove | null {
  if (currentRound(state)?.turn !== seat) return null;
  const view = viewFor(state, { playerId: state.seats[seat]!.playerId });
  return STRATEGIES[STAND_IN_LEVEL](view, rng);
}

/**
 * The bot move due on this state, or null when no bot wants to act. Bots (and away seats, played by a
 * NORMAL bot) that may call exact out of turn are asked first (they call while the player to act is
 * thinking), then the one whose turn it is. Each is given `viewFor` its own seat: its dice and the public
 * record, nothing else.
 */
export function botMove(state: GameState, rng: Rng): Command | null {
  const turn = currentRound(state)?.turn ?? null;
  const seats = botsToAct(state).sort((a, b) => Number(a === turn) - Number(b === turn));
  for (const seat of seats) {
    const { playerId, bot } = state.seats[seat]!;
    const decision = STRATEGIES[bot ?? STAND_IN_LEVEL](viewFor(state, { playerId }), rng);
    if (decision) return commandOf(decision, playerId);
  }
  return null;
}
