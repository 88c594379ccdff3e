// The server's side of a bot: which bot acts on a game now, asked through its own seat's view only.
import { botsToAct, currentRound, viewFor, type Command, type GameState, type Rng } from '../engine';
import type { BotDecision } from './bot-decision';
import { STRATEGIES } from './strategy';

function commandOf(decision: BotDecision, playerId: string): Command {
  switch (decision.type) {
    case 'BID':
      return { type: 'BID', playerId, quantity: decision.quantity, face: decision.face };
    case 'DUDO':
      return { type: 'DUDO', playerId };
    case 'EXACT':
      return { type: 'EXACT', playerId };
  }
}

/**
 * The bot move due on this state, or null when no bot wants to act. Bots that may call exact out of turn
 * are asked first (they call while the player to act is thinking), then the bot whose turn it is. Each is
 * given `viewFor` its own seat: its dice and the public record, nothing else.
 */
export function botMove(state: GameState, rng: Rng): Command | null {
  const turn = currentRound(state)?.turn ?? null;
  const seats = botsToAct(state).sort((a, b) => Number(a === turn) - Number(b === turn));
  for (const seat of seats) {
    const { playerId, bot } = state.seats[seat]!;
    const decision = STRATEGIES[bot!](viewFor(state, { playerId }), rng);
    if (decision) return commandOf(decision, playerId);
  }
  return null;
}
