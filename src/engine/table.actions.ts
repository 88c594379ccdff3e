// The table's own changes: the host's controls (kick, host transfer), the link to a rematch, and the bot fill
// and start by itself of quick-play and arena tables.
import { done, fail, type MoveContext } from './action-support';
import type { ActionResult } from './commands';
import { startPlay } from './lobby.actions';
import {
  BOT_LEVELS,
  fillSeconds,
  isArena,
  quickPlayFull,
  seatOf,
  tableLinks,
  type BotLevel,
  type GameState,
  type PlayerId,
} from './state';
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
 * When the server is next due to act on a quick-play or arena table in its lobby (epoch ms), or null: at once
 * when its seats are all taken (it starts), else its fill delay after its creation while a person (an agent,
 * at an arena table) is seated (bots fill it, and it starts).
 */
export function tableMoveDue(state: GameState): number | null {
  const delay = fillSeconds(state);
  if (state.status !== 'LOBBY' || delay === null) return null;
  const created = epochMillis(state.createdAt);
  if (quickPlayFull(state)) return created;
  if (!state.seats.some((s) => !s.bot)) return null;
  return created + delay * 1000;
}

/**
 * The server's move on a quick-play table that is due (see tableMoveDue): a full table starts; otherwise
 * `bots` (new players, NORMAL bots) take the free seats, one step each, and the table is then full and due
 * to start, as a move of its own (the start rolls from every seated player's client seed, the bots' too).
 */
export function fillTable(
  state: GameState,
  bots: readonly PlayerId[],
  levels: readonly BotLevel[] | undefined,
  ctx: MoveContext,
): ActionResult {
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
  if (isArena(state) && !arenaFillValid(state, bots.slice(0, free), levels))
    throw new Error('an arena table is filled with reference bots of distinct levels not seated there');
  for (let i = 0; i < free; i++) {
    if (i > 0) t.step();
    const bot = levels?.[i] ?? FILL_BOT_LEVEL;
    t.emit({ type: 'PLAYER_JOINED', seat: t.state.seats.length, playerId: bots[i]!, bot });
  }
  return done(t);
}

/** An arena fill seats one bot of each level at most, each a player not seated yet. */
function arenaFillValid(
  state: GameState,
  bots: readonly PlayerId[],
  levels: readonly BotLevel[] | undefined,
) {
  const given = levels?.slice(0, bots.length) ?? [];
  const seated = seatedBotLevels(state);
  return (
    given.length === bots.length &&
    new Set(given).size === given.length &&
    given.every((l) => !seated.includes(l)) &&
    new Set(bots).size === bots.length &&
    bots.every((b) => seatOf(state, b) < 0)
  );
}

/** The levels of the bots seated at a table (at an arena table, its reference bots). */
export function seatedBotLevels(state: GameState): BotLevel[] {
  return state.seats.flatMap((s) => (s.bot ? [s.bot] : []));
}

/**
 * How many bots a fill of the table seats now (0 when it is full and only to start); an arena table takes one
 * reference bot of each level at most, counting those an agent asked for.
 */
export function botsToFill(state: GameState): number {
  if (quickPlayFull(state)) return 0;
  const free = state.maxPlayers - state.seats.length;
  if (!isArena(state)) return free;
  const levels = new Set(seatedBotLevels(state)).size;
  return Math.max(0, Math.min(free, BOT_LEVELS.length - levels));
}

/**
 * An agent seated at an arena table in its lobby asks for the arena's reference bot of `level` (the player
 * `botId`) as an opponent: it takes a free seat, one bot of each level a table at most.
 */
export function seatReferenceBot(
  state: GameState,
  command: { readonly playerId: PlayerId; readonly botId: PlayerId; readonly level: BotLevel },
  ctx: MoveContext,
): ActionResult {
  if (!isArena(state))
    return fail(violation('INVALID_SEAT', "only an arena table seats the arena's reference bots"));
  if (state.status !== 'LOBBY')
    return fail(
      violation('GAME_NOT_IN_LOBBY', 'a reference bot takes a seat only while the table is in its lobby'),
    );
  if (seatOf(state, command.playerId) < 0)
    return fail(
      violation('NOT_SEATED', 'only an agent seated at this table can ask for a reference bot at it'),
    );
  if (seatedBotLevels(state).includes(command.level) || seatOf(state, command.botId) >= 0)
    return fail(
      violation('ALREADY_JOINED', `the ${command.level} reference bot already has a seat at this table`, [
        'referenceBot',
      ]),
    );
  if (state.seats.length >= state.maxPlayers)
    return fail(violation('GAME_FULL', `the table is full: all ${state.maxPlayers} seats are taken`));
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_JOINED', seat: state.seats.length, playerId: command.botId, bot: command.level });
  return done(t);
}
