// The engine's commands: validating a command against a game state and deciding its events.
import type { MoveContext } from './action-support';
import { endAllAway, markAway, nudge, returnToGame, waitIfEveryoneAway } from './away.actions';
import { bid, dudo, exact } from './bidding.actions';
import type { ActionContext, ActionResult, Command } from './commands';
import { rngDiceSource, type DiceSource } from './dice-source';
import { addBot, expireLobby, join, leave, removeBot, start } from './lobby.actions';
import { timeout } from './round-flow';
import { fillTable, kick, linkRematch, seatReferenceBot, transferHost } from './table.actions';
import type { GameState } from './state';

function diceOf(ctx: ActionContext): DiceSource {
  return 'dice' in ctx ? ctx.dice : rngDiceSource(ctx.rng);
}

/**
 * Validates and applies one command; the input state is never mutated. An action that leaves every person in
 * play away is followed by the game's wait (GAME_WAITING, a step of its own).
 */
export function applyCommand(state: GameState, command: Command, context: ActionContext): ActionResult {
  const ctx: MoveContext = { at: context.at, dice: diceOf(context) };
  const result = decide(state, command, ctx);
  if (!result.ok || result.events.length === 0) return result;
  const wait = waitIfEveryoneAway(result.state, ctx.at);
  if (!wait) return result;
  const states = result.states && [...result.states, ...wait.states];
  return { ok: true, state: wait.state, events: [...result.events, ...wait.events], states };
}

function decide(state: GameState, command: Command, ctx: MoveContext): ActionResult {
  switch (command.type) {
    case 'JOIN':
      return join(state, command.playerId, ctx, command);
    case 'ADD_BOT':
      return addBot(state, command, ctx);
    case 'SEAT_REFERENCE_BOT':
      return seatReferenceBot(state, command, ctx);
    case 'REMOVE_BOT':
      return removeBot(state, command.playerId, command.seat, ctx);
    case 'LEAVE':
      return leave(state, command.playerId, ctx);
    case 'START':
      return start(state, command.playerId, ctx);
    case 'BID':
      return bid(state, command.playerId, command.quantity, command.face, ctx, command.byBot === true);
    case 'DUDO':
      return dudo(state, command.playerId, ctx, command.byBot === true);
    case 'EXACT':
      return exact(state, command.playerId, ctx, command.byBot === true);
    case 'TIMEOUT':
      return timeout(state, command.seat, ctx, command.move ?? null);
    case 'RETURN':
      return returnToGame(state, command.playerId, ctx);
    case 'NUDGE':
      return nudge(state, command.playerId, ctx);
    case 'MARK_AWAY':
      return markAway(state, command.seat, command.reason, ctx);
    case 'END_ALL_AWAY':
      return endAllAway(state, command.afterSeconds, ctx);
    case 'EXPIRE_LOBBY':
      return expireLobby(state, ctx);
    case 'KICK':
      return kick(state, command.playerId, command.seat, ctx);
    case 'TRANSFER_HOST':
      return transferHost(state, command.playerId, command.seat, ctx);
    case 'LINK_REMATCH':
      return linkRematch(state, command.playerId, command.rematch, ctx);
    case 'FILL_TABLE':
      return fillTable(state, command.bots, command.levels, ctx);
  }
}
