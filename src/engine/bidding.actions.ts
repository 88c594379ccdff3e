// The moves of a round: bids, dudo and exact calls (their checks are in bid-checks).
import { done, fail, notYourTurn, type MoveContext } from './action-support';
import { isByBot, returnBeforeOwnMove, serverMoveRefusal } from './away.actions';
import { checkBid, checkExact } from './bid-checks';
import type { ActionResult } from './commands';
import { callExact, challenge } from './round-flow';
import { currentRound, lastBid, seatOf, type GameState, type PlayerId, type RoundState } from './state';
import { Transition } from './transition';
import { violation, type Violation } from './violations';

/** The open round and the acting seat, or why the player cannot act in it. */
function playing(state: GameState, playerId: PlayerId): { round: RoundState; seat: number } | Violation {
  if (state.status !== 'IN_PROGRESS') {
    return violation(
      'GAME_NOT_IN_PROGRESS',
      state.status === 'LOBBY' ? 'the game has not started' : 'the game is over',
    );
  }
  const seat = seatOf(state, playerId);
  if (seat < 0) return violation('NOT_IN_GAME', 'you have no seat in this game');
  if (state.seats[seat]!.diceCount === 0) return violation('NOT_IN_GAME', 'you are out of this game');
  return { round: currentRound(state)!, seat };
}

export function bid(
  state: GameState,
  playerId: PlayerId,
  quantity: number,
  face: number,
  ctx: MoveContext,
  byBot = false,
): ActionResult {
  const p = playing(state, playerId);
  if ('code' in p) return fail(p);
  if (p.round.turn !== p.seat) return fail(notYourTurn(p.round));
  const v = checkBid(state, p.round, p.seat, quantity, face) ?? serverMoveRefusal(state, p.seat, byBot);
  if (v) return fail(v);
  const t = new Transition(state, ctx.at);
  returnBeforeOwnMove(t, p.seat, byBot);
  const bot = isByBot(state, p.seat, byBot);
  t.emit({ type: 'BID_PLACED', seat: p.seat, quantity, face, timedOut: false, byBot: bot });
  return done(t);
}

export function dudo(state: GameState, playerId: PlayerId, ctx: MoveContext, byBot = false): ActionResult {
  const p = playing(state, playerId);
  if ('code' in p) return fail(p);
  if (p.round.turn !== p.seat) return fail(notYourTurn(p.round));
  const last = lastBid(p.round);
  if (!last)
    return fail(violation('NO_BID_TO_CHALLENGE', 'there is no bid to challenge yet: open the bidding'));
  const refused = serverMoveRefusal(state, p.seat, byBot);
  if (refused) return fail(refused);
  const t = new Transition(state, ctx.at);
  returnBeforeOwnMove(t, p.seat, byBot);
  const by = { timedOut: false, byBot: isByBot(state, p.seat, byBot) };
  challenge(t, p.round, p.seat, last, by, ctx.dice);
  return done(t);
}

export function exact(state: GameState, playerId: PlayerId, ctx: MoveContext, byBot = false): ActionResult {
  const p = playing(state, playerId);
  if ('code' in p) return fail(p);
  const v = checkExact(state, p.round, p.seat) ?? serverMoveRefusal(state, p.seat, byBot);
  if (v) return fail(v);
  const t = new Transition(state, ctx.at);
  returnBeforeOwnMove(t, p.seat, byBot);
  callExact(t, p.round, p.seat, lastBid(p.round)!, isByBot(state, p.seat, byBot), ctx.dice);
  return done(t);
}
