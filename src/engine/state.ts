// The state of a game: its seats, rounds and bids, and what is read from them.
import type { RuleSet } from './rules';
import { epochMillis } from './timestamps';

export type GameStatus = 'LOBBY' | 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';

/**
 * The most rounds a game has. Real games end far sooner (every dudo costs a die); without a bound two
 * colluding players could pass a die back and forth by exact calls forever while the game's log, snapshot
 * and replays grow. A game that reaches it ends at once: the player with the most dice wins, and between
 * players with as many, the first in turn order from the player who would have started the next round.
 */
export const MAX_ROUNDS = 1000;
export type PlayerId = string;
export type CallKind = 'DUDO' | 'EXACT';

export const DEFAULT_TIMEOUTS_TO_FORFEIT = 3;

/** How well a server-played seat plays (see src/bots). */
export type BotLevel = 'EASY' | 'NORMAL' | 'HARD';
export const BOT_LEVELS: readonly BotLevel[] = ['EASY', 'NORMAL', 'HARD'];

/** Who may find a game: PRIVATE games are listed only to their seated players and joined with a code. */
export type GameVisibility = 'PUBLIC' | 'PRIVATE';

/** The table's options, fixed at creation (createGame, quickPlay, rematch). */
export interface TableOptions {
  readonly visibility: GameVisibility;
  /** An unrated game changes no rating. */
  readonly rated: boolean;
  /** false: once started, only seated players may follow the game. */
  readonly allowSpectators: boolean;
  /** false: emotes only. */
  readonly chat: boolean;
  /** true: a player who reaches timeoutsToForfeit is played by a bot rather than forfeited. */
  readonly awayAfterTimeouts: boolean;
  /** Untimed games: seconds a disconnected player's turn waits; null: never. */
  readonly disconnectSeconds: number | null;
  /** false: agents (programs' accounts) are refused a seat. */
  readonly allowAgents: boolean;
}

export const DEFAULT_TABLE_OPTIONS: TableOptions = {
  visibility: 'PUBLIC',
  rated: true,
  allowSpectators: true,
  chat: true,
  awayAfterTimeouts: true,
  disconnectSeconds: null,
  // States stored before tables had this option seated anyone.
  allowAgents: true,
};

/** How a table came to be, and what it links to. */
export interface TableLinks {
  /** A PRIVATE game's invite code; null for PUBLIC games. Secret: only seated players see it. */
  readonly inviteCode: string | null;
  /** Made by quickPlay: the seconds after creation at which bots fill its free seats. */
  readonly quickPlay: { readonly botFillSeconds: number } | null;
  /**
   * Made by arenaJoin: the seconds after creation at which the reference bots fill its free seats (absent in
   * states stored before the arena).
   */
  readonly arena?: { readonly fillSeconds: number } | null;
  /** The game this one is a rematch of. */
  readonly previousGame: string | null;
  /** The rematch of this game, once a player asked for one. */
  readonly rematch: string | null;
  /** Players the host kicked: they cannot join again. */
  readonly kicked: readonly PlayerId[];
}

export const NO_TABLE_LINKS: TableLinks = {
  inviteCode: null,
  quickPlay: null,
  previousGame: null,
  rematch: null,
  kicked: [],
};

export interface SeatState {
  readonly playerId: PlayerId;
  readonly diceCount: number;
  readonly hasBeenPalifico: boolean;
  /** Set when the player left a game in progress (forfeit). */
  readonly left: boolean;
  /** Turns in a row the player let run out (reset by any move of theirs). */
  readonly timeouts: number;
  /** Set when the server plays this seat; absent for people. */
  readonly bot?: BotLevel;
  /** Set while the server plays this person's seat for them (away); absent otherwise. */
  readonly away?: boolean;
}

export interface BidState {
  /** The game event sequence number of the bid. */
  readonly seq: number;
  readonly seat: number;
  readonly quantity: number;
  readonly face: number;
  readonly at: string;
  /** Made by the server because the player's turn ran out. */
  readonly timedOut: boolean;
  /** Made by the server for the seat: a bot player, an away seat or a timed-out turn. */
  readonly byBot: boolean;
}

export interface RoundOutcome {
  readonly kind: CallKind;
  readonly caller: number;
  readonly bid: BidState;
  readonly actualCount: number;
  /** The seat that lost a die, if any. */
  readonly loser: number | null;
  /** The seat that gained a die, if any. */
  readonly gainer: number | null;
  /** The call was made by the server for the caller's seat (absent in rounds logged before it was recorded). */
  readonly byBot?: boolean;
}

/** A nudge on the turn it was made on: the turn is `bids` bids into round `round`. */
export interface NudgeState {
  readonly round: number;
  readonly bids: number;
  /** When the nudged player's seat becomes away if they have not moved (ISO-8601). */
  readonly deadline: string;
}

export interface RoundState {
  readonly number: number;
  readonly starter: number;
  readonly palificoSeat: number | null;
  /** Every seat's dice, secret until the round has ended; empty for seats out of the game. */
  readonly dice: readonly (readonly number[])[];
  readonly bids: readonly BidState[];
  /** Whose turn it is; null once the round has ended. */
  readonly turn: number | null;
  readonly ended: boolean;
  /** A round voided because a player left: it has no outcome. */
  readonly voided: boolean;
  readonly outcome: RoundOutcome | null;
  readonly startedAt: string;
  readonly endedAt: string | null;
}

export interface RollOffThrow {
  readonly attempt: number;
  readonly seat: number;
  readonly value: number;
}

export interface GameState {
  readonly rules: RuleSet;
  readonly name: string | null;
  readonly maxPlayers: number;
  readonly status: GameStatus;
  /** Grows by one with every accepted action. */
  readonly version: number;
  /** The sequence number of the last event. */
  readonly seq: number;
  readonly host: PlayerId;
  readonly seats: readonly SeatState[];
  readonly rollOff: readonly RollOffThrow[];
  readonly rounds: readonly RoundState[];
  readonly winner: number | null;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  /** Seconds a player has for a turn; null when turns are not timed. */
  readonly turnSeconds: number | null;
  /** Turns in a row a player may let run out before forfeiting. */
  readonly timeoutsToForfeit: number;
  /** The table's options (absent in states stored before tables had options: see tableOptions). */
  readonly table?: TableOptions;
  /** Invite code, quick play, rematch links and kicked players (absent in older states: see tableLinks). */
  readonly links?: TableLinks;
  /** The last nudge (see nudgeDeadline: it holds for the turn it was made on only). */
  readonly nudge?: NudgeState | null;
  /** Since when the game waits because every person in play is away (ISO-8601); null or absent otherwise. */
  readonly waitingSince?: string | null;
  /** When the last wait ended: the turn open then is counted from here (absent: never waited). */
  readonly resumedAt?: string | null;
  /** Set when the game ended after waiting too long for a person: it changes no rating, whatever its table says. */
  readonly unrated?: boolean;
}

/** The table's options, with the defaults for games created before tables had options. */
export function tableOptions(state: GameState): TableOptions {
  const table = state.table;
  if (!table) return DEFAULT_TABLE_OPTIONS;
  // Options added later are absent from older states: they take their defaults.
  return table.allowAgents === undefined ? { ...DEFAULT_TABLE_OPTIONS, ...table } : table;
}

/**
 * Whether the game changes ratings: its table says so, and it did not end by waiting too long for a person
 * (a rematch still takes the table's own option).
 */
export function isRated(state: GameState): boolean {
  return tableOptions(state).rated && state.unrated !== true;
}

export function tableLinks(state: GameState): TableLinks {
  return state.links ?? NO_TABLE_LINKS;
}

/** Whether the table was made by arenaJoin. */
export function isArena(state: GameState): boolean {
  return (tableLinks(state).arena ?? null) !== null;
}

/**
 * The seconds after creation at which the server fills a table that starts by itself (quick play's bots, the
 * arena's reference bots); null for a table the host starts.
 */
export function fillSeconds(state: GameState): number | null {
  const links = tableLinks(state);
  return links.quickPlay?.botFillSeconds ?? links.arena?.fillSeconds ?? null;
}

/** Whether a quick-play or arena table is to start now: in its lobby with every seat taken. */
export function quickPlayFull(state: GameState): boolean {
  return state.status === 'LOBBY' && fillSeconds(state) !== null && state.seats.length >= state.maxPlayers;
}

/** What arenaJoin matches a table on ("<preset>:<seats>:<turnSeconds>"); null for a table not made by it. */
export function arenaKey(state: GameState): string | null {
  return isArena(state) ? `${state.rules.preset ?? 'CUSTOM'}:${state.maxPlayers}:${state.turnSeconds}` : null;
}

/** What quickPlay matches a table on ("<preset>:<players>"); null for a table not made by quick play. */
export function quickPlayKey(state: GameState): string | null {
  return tableLinks(state).quickPlay ? `${state.rules.preset ?? 'CUSTOM'}:${state.maxPlayers}` : null;
}

/**
 * When the current turn began (its deadline is `turnSeconds` later), or null outside a turn. A turn that was
 * open while the game waited begins again when the wait ended: play goes on with fresh clocks.
 */
export function turnStartedAt(state: GameState): string | null {
  const round = currentRound(state);
  if (!round || round.turn === null) return null;
  const began = round.bids[round.bids.length - 1]?.at ?? round.startedAt;
  const resumed = state.resumedAt ?? null;
  return resumed !== null && epochMillis(resumed) > epochMillis(began) ? resumed : began;
}

/** Since when the game waits for a person to return (every person in play is away), or null. */
export function waitingSince(state: GameState): string | null {
  return state.waitingSince ?? null;
}

/**
 * Whether every person still in play is away, while one is: nobody the game could wait on plays it. A game
 * seated with bots alone (benchmarks) is not concerned.
 */
export function everyHumanAway(state: GameState): boolean {
  if (state.status !== 'IN_PROGRESS') return false;
  let inPlay = false;
  for (const s of state.seats) {
    if (s.bot || s.diceCount === 0) continue;
    if (s.away !== true) return false;
    inPlay = true;
  }
  return inPlay;
}

/**
 * When the current turn runs out, in milliseconds since the epoch, or null: a timed turn's end, or the
 * deadline of a nudge on this turn of an untimed game. Computed from the state's own timestamps, so every
 * process that holds the state agrees on it.
 */
export function turnDeadline(state: GameState): number | null {
  // A waiting game's clocks are stopped.
  if (waitingSince(state) !== null) return null;
  if (state.turnSeconds === null) return nudgeDeadline(state);
  const started = turnStartedAt(state);
  return started === null ? null : epochMillis(started) + state.turnSeconds * 1000;
}

/** The deadline of a nudge on the current turn (epoch ms), or null when this turn was not nudged. */
export function nudgeDeadline(state: GameState): number | null {
  const nudge = state.nudge;
  const round = currentRound(state);
  if (!nudge || !round || round.turn === null) return null;
  if (nudge.round !== round.number || nudge.bids !== round.bids.length) return null;
  return epochMillis(nudge.deadline);
}

/** Whether the server makes this seat's moves now: a bot's seat, or a person's while away. */
export function playedByServer(seat: SeatState): boolean {
  return seat.bot !== undefined || seat.away === true;
}

/**
 * Whether no person is left in play while bots still are: every person seated has left or been eliminated.
 * A game seated with bots alone (benchmarks) is not concerned.
 */
export function noHumanInPlay(state: GameState): boolean {
  if (!state.seats.some((s) => !s.bot)) return false;
  return !state.seats.some((s) => !s.bot && s.diceCount > 0);
}

/** Whether the seat is out of the game: it has no dice left once the game has started. */
export function isEliminated(state: GameState, seat: SeatState): boolean {
  return state.status !== 'LOBBY' && seat.diceCount === 0;
}

export function currentRound(state: GameState): RoundState | null {
  const round = state.rounds[state.rounds.length - 1];
  return round && !round.ended ? round : null;
}

export function activeSeats(state: GameState): number[] {
  const seats: number[] = [];
  state.seats.forEach((s, i) => {
    if (s.diceCount > 0) seats.push(i);
  });
  return seats;
}

export function activeCount(state: GameState): number {
  let n = 0;
  for (const s of state.seats) if (s.diceCount > 0) n++;
  return n;
}

export function totalDice(state: GameState): number {
  let n = 0;
  for (const s of state.seats) n += s.diceCount;
  return n;
}

export function seatOf(state: GameState, playerId: PlayerId): number {
  return state.seats.findIndex((s) => s.playerId === playerId);
}

/** The next seat to the left of `from` (exclusive) that still has dice, or null if none. */
export function nextActiveSeat(state: GameState, from: number): number | null {
  const n = state.seats.length;
  for (let step = 1; step <= n; step++) {
    const i = (from + step) % n;
    if (state.seats[i]!.diceCount > 0) return i;
  }
  return null;
}

/** `seat` itself when it still has dice, else the next seat to its left that has. */
export function selfOrNextActive(state: GameState, seat: number): number | null {
  return state.seats[seat]!.diceCount > 0 ? seat : nextActiveSeat(state, seat);
}

export function lastBid(round: RoundState): BidState | null {
  return round.bids[round.bids.length - 1] ?? null;
}
