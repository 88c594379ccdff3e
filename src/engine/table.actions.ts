// The table's own changes: the host's controls (kick, host transfer), the link to a rematch, and quick
// play's bot fill and start by itself.
import { done, fail, type MoveContext } from './action-support';
import type { ActionResult } from './commands';
import { startPlay } from './lobby.actions';
import { quickPlayFull, seatOf, tableLinks, type GameState, type PlayerId } from './state';
import { epochMillis } from './timestamps';
import { Transition } from './transition';
import { violation, type Violation } from './violations';

/** The level of the bots a quick-play fill seats. */
export const FILL_BOT_LEVEL = 'NORMAL' as const;

/** The checks of a host control in order: status, host, then the named seat. */
function hostSeatControl(state: GameState, playerId: PlayerId, seat: number, what: string): Violation | null {
  if (state.status !== 'LOBBY')
    return violation('GAME_NOT_IN_LOBBY', `the host can ${what} only while the game is in its lobby`);
  if (state.host !== playerId) return violation('NOT_HOST', `only the host can ${what}`);
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats.length) {
    return violation('NOT_IN_GAME', `there is no seat ${seat}: seats are 0 to ${state.seats.length - 1}`, [
      'position',
    ]);
  }
  if (state.seats[seat]!.playerId === playerId)
    return violation('INVALID_SEAT', `seat ${seat} is your own`, ['position']);
  return null;
}

/** The host frees another seat in the lobby (a bot's too); the kicked player cannot join again. */
export function kick(state: GameState, playerId: PlayerId, seat: number, ctx: MoveContext): ActionResult {
  const refused = hostSeatControl(state, playerId, seat, 'kick a player');
  if (refused) return fail(refused);
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_KICKED', seat, playerId: state.seats[seat]!.playerId });
  return done(t);
}

/** The host hands the host role to another seated person. */
export function transferHost(
  state: GameState,
  playerId: PlayerId,
  seat: number,
  ctx: MoveContext,
): ActionResult {
  const refused = hostSeatControl(state, playerId, seat, 'hand the host role on');
  if (refused) return fail(refused);
  if (state.seats[seat]!.bot)
    return fail(violation('INVALID_SEAT', `seat ${seat} is a bot's: bots cannot host`, ['position']));
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'HOST_CHANGED', playerId: state.seats[seat]!.playerId });
  return done(t);
}

/**
 * The refusal of a rematch asked by `playerId`, or null when they may have one: a person seated in the
 * finished game.
 */
export function rematchRefusal(state: GameState, playerId: PlayerId): Violation | null {
  const seat = seatOf(state, playerId);
  if (seat < 0 || state.seats[seat]!.bot)
    return violation('NOT_SEATED', 'only the players seated in the game can ask for a rematch');
  if (state.status !== 'FINISHED')
    return violation('GAME_NOT_FINISHED', 'a rematch can be asked for once the game is finished');
  return null;
}

/** Links a finished game to its rematch, once. */
export function linkRematch(
  state: GameState,
  playerId: PlayerId,
  rematch: string,
  ctx: MoveContext,
): ActionResult {
  const refused = rematchRefusal(state, playerId);
  if (refused) return fail(refused);
  if (tableLinks(state).rematch !== null)
    return fail(violation('GAME_NOT_IN_LOBBY', 'this game already has its rematch'));
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'REMATCH_CREATED', rematch, playerId });
  return done(t);
}

/**
 * When the server is next due to act on a quick-play table in its lobby (epoch ms), or null: at once when
 * its seats are all taken (it starts), else `botFillSeconds` after its creation while a person is seated
 * (bots fill it, and it starts).
 */
export function tableMoveDue(state: GameState): number | null {
  const quickPlay = tableLinks(state).quickPlay;
  if (state.status !== 'LOBBY' || quickPlay === null) return null;
  const created = epochMillis(state.createdAt);
  if (quickPlayFull(state)) return created;
  if (!state.seats.some((s) => !s.bot)) return null;
  return created + quickPlay.botFillSeconds * 1000;
}

/**
 * The server's move on a quick-play table that is due (see tableMoveDue): a full table starts; otherwise
 * `bots` (new players, NORMAL bots) take the free seats, one step each, and the table is then full and due
 * to start, as a move of its own (the start rolls from every seated player's client seed, the bots' too).
 */
export function fillTable(state: GameState, bots: readonly PlayerId[], ctx: MoveContext): ActionResult {
  const due = tableMoveDue(state);
  if (due === null || due > epochMillis(ctx.at))
    return fail(violation('GAME_NOT_IN_LOBBY', 'this table is not due to fill or start'));
  const t = new Transition(state, ctx.at);
  if (quickPlayFull(state)) {
    startPlay(t, ctx.dice);
    return done(t);
  }
  const free = botsToFill(state);
  if (bots.length < free) throw new Error(`${free} bots are needed to fill the table, ${bots.length} given`);
  for (let i = 0; i < free; i++) {
    if (i > 0) t.step();
    t.emit({ type: 'PLAYER_JOINED', seat: t.state.seats.length, playerId: bots[i]!, bot: FILL_BOT_LEVEL });
  }
  return done(t);
}

/** How many bots a fill of the table seats now (0 when it is full and only to start). */
export function botsToFill(state: GameState): number {
  return quickPlayFull(state) ? 0 : state.maxPlayers - state.seats.length;
}
