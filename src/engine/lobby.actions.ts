// The lobby and the game's life outside a round: creating a game, joining, leaving, seating and removing
// bots, starting, and expiring an idle lobby.
import { done, fail, type MoveContext } from './action-support';
import type { ActionResult, Command } from './commands';
import type { DiceSource } from './dice-source';
import { eliminateMidRound, startRound } from './round-flow';
import type { RuleSet } from './rules';
import {
  currentRound,
  isArena,
  seatOf,
  tableLinks,
  tableOptions,
  DEFAULT_TABLE_OPTIONS,
  DEFAULT_TIMEOUTS_TO_FORFEIT,
  type BotLevel,
  type GameState,
  type TableOptions,
  type PlayerId,
  type RollOffThrow,
} from './state';
import { Transition } from './transition';
import { violation, type Violation } from './violations';

/** Bounds of the turn timer options. */
export const TURN_SECONDS = { min: 5, max: 86_400 } as const;
export const TIMEOUTS_TO_FORFEIT = { min: 1, max: 100 } as const;
/** The longest name a game may have, in characters (code points). */
export const GAME_NAME_MAX_LENGTH = 80;

export interface NewGame {
  readonly host: PlayerId;
  readonly rules: RuleSet;
  /** Seats at the table; defaults to the rules' maximum. */
  readonly maxPlayers?: number | null;
  readonly name?: string | null;
  /** Seconds each turn may last before the server plays for the player; null or absent: untimed. */
  readonly turnSeconds?: number | null;
  /** Turns in a row a player may let run out before forfeiting (default 3). */
  readonly timeoutsToForfeit?: number | null;
  /** The table's options; each absent one takes its default (DEFAULT_TABLE_OPTIONS). */
  readonly table?: Partial<TableOptions>;
  /** A PRIVATE game's invite code (drawn by the caller from a CSPRNG: see src/security/invite-codes). */
  readonly inviteCode?: string | null;
  /** Made by quickPlay, with the creator's bot fill delay. */
  readonly quickPlay?: { readonly botFillSeconds: number } | null;
  /** Made by arenaJoin, with the creator's reference bot fill delay. */
  readonly arena?: { readonly fillSeconds: number } | null;
  /** An arena table only: the reference bot its creating agent asked for, seated after it (the player of `level`). */
  readonly referenceBot?: { readonly playerId: PlayerId; readonly level: BotLevel } | null;
  /** The game this one is a rematch of. */
  readonly previousGame?: string | null;
  /** The host is an agent (a program's account): refused at a table that refuses agents. */
  readonly hostAgent?: boolean;
}

/** Bounds of the table options. */
export const DISCONNECT_SECONDS = { min: 1, max: 86_400 } as const;
export const BOT_FILL_SECONDS = { min: 0, max: 300 } as const;
/** Invite codes: at least 8 characters of this alphabet (no 0/O, 1/I/L), 5 bits each. */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 10;

/** Creates a game in the lobby with its host in seat 0. */
export function createGame(input: NewGame, at: string): ActionResult {
  const { rules } = input;
  const maxPlayers = input.maxPlayers ?? rules.maxPlayers;
  if (!Number.isInteger(maxPlayers) || maxPlayers < rules.minPlayers || maxPlayers > rules.maxPlayers) {
    return fail(
      violation(
        'INVALID_RULES',
        `maxPlayers must be an integer from ${rules.minPlayers} to ${rules.maxPlayers} for these rules`,
        ['maxPlayers'],
      ),
    );
  }
  const turnSeconds = input.turnSeconds ?? null;
  if (turnSeconds !== null && !inRange(turnSeconds, TURN_SECONDS)) {
    return fail(
      violation(
        'INVALID_RULES',
        `turnSeconds must be an integer from ${TURN_SECONDS.min} to ${TURN_SECONDS.max}, or null for untimed turns`,
        ['turnSeconds'],
      ),
    );
  }
  const timeoutsToForfeit = input.timeoutsToForfeit ?? DEFAULT_TIMEOUTS_TO_FORFEIT;
  if (!inRange(timeoutsToForfeit, TIMEOUTS_TO_FORFEIT)) {
    return fail(
      violation(
        'INVALID_RULES',
        `timeoutsToForfeit must be an integer from ${TIMEOUTS_TO_FORFEIT.min} to ${TIMEOUTS_TO_FORFEIT.max}`,
        ['timeoutsToForfeit'],
      ),
    );
  }
  const table = withTableDefaults(input.table ?? {});
  if (table.disconnectSeconds !== null && !inRange(table.disconnectSeconds, DISCONNECT_SECONDS)) {
    return fail(
      violation(
        'INVALID_RULES',
        `disconnectSeconds must be an integer from ${DISCONNECT_SECONDS.min} to ${DISCONNECT_SECONDS.max}, or null`,
        ['disconnectSeconds'],
      ),
    );
  }
  if (input.hostAgent === true && !table.allowAgents) {
    return fail(
      violation(
        'AGENTS_NOT_ALLOWED',
        'an agent cannot host a table that refuses agents: create it with allowAgents true',
        ['allowAgents'],
      ),
    );
  }
  const inviteCode = input.inviteCode ?? null;
  if ((table.visibility === 'PRIVATE') !== (inviteCode !== null)) {
    throw new Error('a PRIVATE game, and only one, has an invite code');
  }
  const name = input.name ?? null;
  if (name !== null && [...name].length > GAME_NAME_MAX_LENGTH) {
    return fail(
      violation('INVALID_RULES', `name must be at most ${GAME_NAME_MAX_LENGTH} characters`, ['name']),
    );
  }
  const t = new Transition(null, at);
  t.emit({
    type: 'GAME_CREATED',
    rules,
    name,
    maxPlayers,
    host: input.host,
    turnSeconds,
    timeoutsToForfeit,
    table,
    inviteCode,
    quickPlay: input.quickPlay ?? null,
    ...(input.arena && { arena: input.arena }),
    previousGame: input.previousGame ?? null,
  });
  t.emit({ type: 'PLAYER_JOINED', seat: 0, playerId: input.host });
  if (input.referenceBot) {
    if (!input.arena || input.referenceBot.playerId === input.host)
      throw new Error('only an arena table is created with a reference bot, another player than its host');
    // One change with the creation: the table is never seen without the opponent asked for.
    t.emit({
      type: 'PLAYER_JOINED',
      seat: 1,
      playerId: input.referenceBot.playerId,
      bot: input.referenceBot.level,
    });
  }
  return done(t);
}

/** Table options as asked: any of them absent, or null (the default of the one that may be null). */
export type GivenTableOptions = { readonly [K in keyof TableOptions]?: TableOptions[K] | null };

/** The table's options: each one not given takes its default (DEFAULT_TABLE_OPTIONS). */
export function withTableDefaults(given: GivenTableOptions): TableOptions {
  const set = Object.entries(given).filter(([, v]) => v !== undefined && v !== null);
  return { ...DEFAULT_TABLE_OPTIONS, ...(Object.fromEntries(set) as Partial<TableOptions>) };
}

function inRange(n: number, range: { readonly min: number; readonly max: number }): boolean {
  return Number.isInteger(n) && n >= range.min && n <= range.max;
}

export function expireLobby(state: GameState, ctx: MoveContext): ActionResult {
  if (state.status !== 'LOBBY')
    return fail(violation('GAME_NOT_IN_LOBBY', 'only a game still in its lobby expires'));
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'GAME_CANCELLED' });
  return done(t);
}

/**
 * How a join is let into a PRIVATE game: with the code a player typed, or invited by the server (a rematch);
 * and whether the joiner is an agent.
 */
export type JoinPass = {
  readonly inviteCode?: string | null;
  readonly invited?: boolean;
  readonly agent?: boolean;
};

/** The refusal of a person's seat at an arena table. */
export const ARENA_AGENTS_ONLY_MESSAGE =
  'arena tables seat agents only (and the reference bots the arena fills them with): a person plays at other tables (createGame, quickPlay)';

/** The refusal of an agent's seat at a table that refuses agents, saying where it may play. */
export const AGENTS_NOT_ALLOWED_MESSAGE =
  'this table does not seat agents (allowAgents is false): an agent may join a table with allowAgents true, or play in the arena (arenaJoin)';

export function join(
  state: GameState,
  playerId: PlayerId,
  ctx: MoveContext,
  pass: JoinPass = {},
): ActionResult {
  const links = tableLinks(state);
  if (links.kicked.includes(playerId))
    return fail(violation('KICKED', 'the host removed you from this game: you cannot join it again'));
  if (links.inviteCode !== null && !pass.invited && !inviteCodeMatches(links.inviteCode, pass.inviteCode))
    return fail(violation('INVITE_REQUIRED', INVITE_REQUIRED_MESSAGE, ['inviteCode']));
  if (pass.agent === true && !tableOptions(state).allowAgents)
    return fail(violation('AGENTS_NOT_ALLOWED', AGENTS_NOT_ALLOWED_MESSAGE));
  // The arena's ladder rates programs against programs and its reference bots: a person's seat would put them
  // in that pool.
  if (isArena(state) && pass.agent !== true)
    return fail(violation('NOT_AN_AGENT', ARENA_AGENTS_ONLY_MESSAGE));
  if (state.status !== 'LOBBY')
    return fail(violation('GAME_NOT_IN_LOBBY', 'players can join only while the game is in its lobby'));
  if (seatOf(state, playerId) >= 0)
    return fail(violation('ALREADY_JOINED', 'you already have a seat in this game'));
  if (state.seats.length >= state.maxPlayers) {
    return fail(violation('GAME_FULL', `the game is full: all ${state.maxPlayers} seats are taken`));
  }
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_JOINED', seat: state.seats.length, playerId });
  return done(t);
}

/** One message for a missing and a wrong code, so that a refusal tells nothing about the code. */
export const INVITE_REQUIRED_MESSAGE = 'this game is private: joining it needs its invite code';

/**
 * Whether `given` is the game's invite code, in any case. Every character is compared whatever the first
 * difference, so the time taken tells nothing about how much of a guess was right.
 */
export function inviteCodeMatches(code: string, given: string | null | undefined): boolean {
  if (given === null || given === undefined) return false;
  const a = code.toUpperCase();
  const b = given.trim().toUpperCase();
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** The host's lobby changes: refused outside the lobby, for anyone but the host. */
function hostInLobby(state: GameState, playerId: PlayerId, what: string): Violation | null {
  if (state.status !== 'LOBBY')
    return violation('GAME_NOT_IN_LOBBY', `${what} only while the game is in its lobby`);
  if (state.host !== playerId) return violation('NOT_HOST', `only the host can ${what}`);
  return null;
}

export function addBot(
  state: GameState,
  command: Extract<Command, { type: 'ADD_BOT' }>,
  ctx: MoveContext,
): ActionResult {
  const refused = hostInLobby(state, command.playerId, 'add a bot');
  if (refused) return fail(refused);
  if (isArena(state))
    return fail(
      violation('INVALID_SEAT', 'an arena table seats only the reference bots the arena fills it with'),
    );
  if (seatOf(state, command.botId) >= 0)
    return fail(violation('ALREADY_JOINED', 'that bot already has a seat in this game'));
  if (state.seats.length >= state.maxPlayers) {
    return fail(violation('GAME_FULL', `the game is full: all ${state.maxPlayers} seats are taken`));
  }
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_JOINED', seat: state.seats.length, playerId: command.botId, bot: command.level });
  return done(t);
}

export function removeBot(
  state: GameState,
  playerId: PlayerId,
  seat: number,
  ctx: MoveContext,
): ActionResult {
  const refused = hostInLobby(state, playerId, 'remove a bot');
  if (refused) return fail(refused);
  const bots = state.seats.flatMap((s, i) => (s.bot ? [i] : []));
  if (!Number.isInteger(seat) || !state.seats[seat]?.bot) {
    const where =
      seat >= 0 && seat < state.seats.length ? `seat ${seat} is a person's` : `there is no seat ${seat}`;
    const which = bots.length > 0 ? `bots sit at ${bots.join(', ')}` : 'no bot is seated';
    return fail(violation('NOT_A_BOT', `${where}: ${which}`, ['position']));
  }
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_LEFT', seat, playerId: state.seats[seat]!.playerId, phase: 'LOBBY', newHost: null });
  return done(t);
}

export function leave(state: GameState, playerId: PlayerId, ctx: MoveContext): ActionResult {
  const seat = seatOf(state, playerId);
  if (state.status === 'LOBBY') {
    if (seat < 0) return fail(violation('NOT_IN_GAME', 'you have no seat in this game'));
    const t = new Transition(state, ctx.at);
    // The host's part passes to the next person in seat order; bots cannot host, and a lobby of bots alone
    // is cancelled.
    const n = state.seats.length;
    const people = state.seats.filter((s, i) => i !== seat && !s.bot).length;
    let newHost: PlayerId | null = null;
    if (state.host === playerId && people > 0) {
      for (let step = 1; newHost === null; step++) {
        const s = state.seats[(seat + step) % n]!;
        if (!s.bot) newHost = s.playerId;
      }
    }
    t.emit({ type: 'PLAYER_LEFT', seat, playerId, phase: 'LOBBY', newHost });
    if (people === 0) t.emit({ type: 'GAME_CANCELLED' });
    else if (newHost !== null) {
      // The hand-over is a change of its own, after the leave.
      t.step();
      t.emit({ type: 'HOST_CHANGED', playerId: newHost });
    }
    return done(t);
  }
  if (state.status !== 'IN_PROGRESS') return fail(violation('GAME_NOT_IN_PROGRESS', 'the game is over'));
  if (seat < 0) return fail(violation('NOT_IN_GAME', 'you have no seat in this game'));
  if (state.seats[seat]!.diceCount === 0)
    return fail(violation('NOT_IN_GAME', 'you are already out of this game'));
  const t = new Transition(state, ctx.at);
  t.emit({ type: 'PLAYER_LEFT', seat, playerId, phase: 'IN_PROGRESS', newHost: null });
  eliminateMidRound(t, currentRound(state), seat, playerId, ctx.dice);
  return done(t);
}

export function start(state: GameState, playerId: PlayerId, ctx: MoveContext): ActionResult {
  if (state.status !== 'LOBBY')
    return fail(violation('GAME_NOT_IN_LOBBY', 'the game has already started or ended'));
  if (state.host !== playerId) return fail(violation('NOT_HOST', 'only the host can start the game'));
  const needed = Math.max(2, state.rules.minPlayers);
  if (state.seats.length < needed) {
    return fail(
      violation('NOT_ENOUGH_PLAYERS', `at least ${needed} players are needed; ${state.seats.length} seated`),
    );
  }
  const t = new Transition(state, ctx.at);
  startPlay(t, ctx.dice);
  return done(t);
}

/** The start of play on the transition's state: the first starter chosen, the first round rolled. */
export function startPlay(t: Transition, dice: DiceSource): void {
  const { rollOff, starter } = chooseFirstStarter(t.state, dice);
  t.emit({ type: 'GAME_STARTED', rollOff, starter });
  startRound(t, starter, null, dice);
}

function chooseFirstStarter(
  state: GameState,
  dice: DiceSource,
): { rollOff: RollOffThrow[]; starter: number } {
  const n = state.seats.length;
  switch (state.rules.firstStarter) {
    case 'SEAT_ORDER':
      return { rollOff: [], starter: 0 };
    case 'RANDOM':
      return { rollOff: [], starter: dice.firstStarter(n) };
    case 'ROLL_OFF': {
      const rollOff: RollOffThrow[] = [];
      let contenders = state.seats.map((_, i) => i);
      for (let attempt = 1; ; attempt++) {
        const throws = contenders.map((seat) => ({ attempt, seat, value: dice.rollOff(attempt, seat) }));
        rollOff.push(...throws);
        const best = Math.max(...throws.map((x) => x.value));
        contenders = throws.filter((x) => x.value === best).map((x) => x.seat);
        if (contenders.length === 1) return { rollOff, starter: contenders[0]! };
      }
    }
  }
}
