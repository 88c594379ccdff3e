// The game events: everything that happens to a game, whose fold is its state.
import type { RuleSet } from './rules';
import type { BotLevel, PlayerId, RollOffThrow, RoundOutcome, TableOptions } from './state';

/**
 * Everything that happens to a game is one of these events; the state is the fold of its events
 * (see reducer.ts). Events of ROUND_STARTED carry the secret dice: they are for the server's log only and
 * must reach a client only through `viewFor`.
 */
export type GameEventType =
  | 'GAME_CREATED'
  | 'PLAYER_JOINED'
  | 'PLAYER_LEFT'
  | 'GAME_CANCELLED'
  | 'GAME_STARTED'
  | 'ROUND_STARTED'
  | 'BID_PLACED'
  | 'DUDO_CALLED'
  | 'EXACT_CALLED'
  | 'TURN_TIMED_OUT'
  | 'ROUND_ENDED'
  | 'PLAYER_ELIMINATED'
  | 'GAME_FINISHED'
  | 'REMATCH_CREATED'
  | 'PLAYER_KICKED'
  | 'HOST_CHANGED'
  | 'SEAT_AWAY'
  | 'SEAT_RETURNED'
  | 'PLAYER_NUDGED'
  | 'GAME_WAITING'
  | 'GAME_RESUMED';

interface EventBase {
  /** 1-based position in the game's log. */
  readonly seq: number;
  /** The game version produced by the action that emitted this event. */
  readonly version: number;
  readonly at: string;
}

export interface GameCreatedEvent extends EventBase {
  readonly type: 'GAME_CREATED';
  readonly rules: RuleSet;
  readonly name: string | null;
  readonly maxPlayers: number;
  readonly host: PlayerId;
  readonly turnSeconds: number | null;
  readonly timeoutsToForfeit: number;
  /** The table's options (absent in games created before tables had options: the defaults). */
  readonly table?: TableOptions;
  /** A PRIVATE game's invite code (server-only: the log never leaves the server unviewed). */
  readonly inviteCode?: string | null;
  /** Made by quickPlay. */
  readonly quickPlay?: { readonly botFillSeconds: number } | null;
  /** Made by arenaJoin (absent for every other table). */
  readonly arena?: { readonly fillSeconds: number } | null;
  /** The game this one is a rematch of. */
  readonly previousGame?: string | null;
}
export interface PlayerJoinedEvent extends EventBase {
  readonly type: 'PLAYER_JOINED';
  readonly seat: number;
  readonly playerId: PlayerId;
  /** The seat is a bot the host added, played by the server at this level. */
  readonly bot?: BotLevel;
}
export interface PlayerLeftEvent extends EventBase {
  readonly type: 'PLAYER_LEFT';
  readonly seat: number;
  readonly playerId: PlayerId;
  /** In the lobby the seat is freed (later seats move up); in play the player forfeits. */
  readonly phase: 'LOBBY' | 'IN_PROGRESS';
  /** The new host when the host left the lobby. */
  readonly newHost: PlayerId | null;
}
export interface GameCancelledEvent extends EventBase {
  readonly type: 'GAME_CANCELLED';
}
export interface GameStartedEvent extends EventBase {
  readonly type: 'GAME_STARTED';
  readonly rollOff: readonly RollOffThrow[];
  readonly starter: number;
}
export interface RoundStartedEvent extends EventBase {
  readonly type: 'ROUND_STARTED';
  readonly number: number;
  readonly starter: number;
  readonly palificoSeat: number | null;
  readonly dice: readonly (readonly number[])[];
}
export interface BidPlacedEvent extends EventBase {
  readonly type: 'BID_PLACED';
  readonly seat: number;
  readonly quantity: number;
  readonly face: number;
  /** Placed by the server when the turn ran out. */
  readonly timedOut: boolean;
  /** Placed by the server for the seat (a bot, an away seat, a timed-out turn); absent in older logs. */
  readonly byBot?: boolean;
}
export interface DudoCalledEvent extends EventBase {
  readonly type: 'DUDO_CALLED';
  readonly seat: number;
  /** Called by the server when the turn ran out. */
  readonly timedOut: boolean;
  /** Called by the server for the seat; absent in older logs. */
  readonly byBot?: boolean;
}
export interface TurnTimedOutEvent extends EventBase {
  readonly type: 'TURN_TIMED_OUT';
  readonly seat: number;
  readonly playerId: PlayerId;
  /** The player let too many turns in a row run out and is out of the game. */
  readonly forfeited: boolean;
}

/** Why the server took a person's seat over. */
export type AwayReason = 'TIMEOUTS' | 'NUDGE' | 'DISCONNECTED';

export interface SeatAwayEvent extends EventBase {
  readonly type: 'SEAT_AWAY';
  readonly seat: number;
  readonly playerId: PlayerId;
  readonly reason: AwayReason;
}
export interface SeatReturnedEvent extends EventBase {
  readonly type: 'SEAT_RETURNED';
  readonly seat: number;
  readonly playerId: PlayerId;
}
export interface PlayerNudgedEvent extends EventBase {
  readonly type: 'PLAYER_NUDGED';
  /** The seat on turn, and its player, who was nudged. */
  readonly seat: number;
  readonly playerId: PlayerId;
  /** Who nudged. */
  readonly by: PlayerId;
  /** When the seat becomes away if its player has not moved (ISO-8601). */
  readonly deadline: string;
}
/** Every person still in play is away: no bot or timer moves until one returns or the wait ends the game. */
export interface GameWaitingEvent extends EventBase {
  readonly type: 'GAME_WAITING';
}
/** The wait ended: a person returned or moved (logged with their SEAT_RETURNED); turns start afresh. */
export interface GameResumedEvent extends EventBase {
  readonly type: 'GAME_RESUMED';
  /** The seat, and its player, whose return ended the wait. */
  readonly seat: number;
  readonly playerId: PlayerId;
}
export interface ExactCalledEvent extends EventBase {
  readonly type: 'EXACT_CALLED';
  readonly seat: number;
  /** Called by the server for the seat; absent in older logs. */
  readonly byBot?: boolean;
}
export interface RoundEndedEvent extends EventBase {
  readonly type: 'ROUND_ENDED';
  readonly number: number;
  /** null when the round was voided because a player left. */
  readonly outcome: RoundOutcome | null;
}
export interface PlayerEliminatedEvent extends EventBase {
  readonly type: 'PLAYER_ELIMINATED';
  readonly seat: number;
  readonly playerId: PlayerId;
}
export interface GameFinishedEvent extends EventBase {
  readonly type: 'GAME_FINISHED';
  readonly winner: number;
  /** True when the game reached MAX_ROUNDS with several players left (the winner had the most dice). */
  readonly roundLimit?: boolean;
  /** True when the game ended because no person was left in play (bots take the first places by dice). */
  readonly noHumanLeft?: boolean;
  /**
   * True when the game ended after waiting ALL_AWAY_END_SECONDS with every person in play away: the bots in
   * play first, then the away people, each by dice held (ties in seat order). Such a game is unrated.
   */
  readonly allAway?: boolean;
  /**
   * With roundLimit, noHumanLeft or allAway: the seats still in play in the order they finish (most dice first, ties in turn order
   * from the next starter, as the winner is chosen), the winner first.
   */
  readonly standings?: readonly number[];
}

export interface RematchCreatedEvent extends EventBase {
  readonly type: 'REMATCH_CREATED';
  /** The id of the new game. */
  readonly rematch: string;
  /** Who asked for it. */
  readonly playerId: PlayerId;
}
export interface PlayerKickedEvent extends EventBase {
  readonly type: 'PLAYER_KICKED';
  /** The freed seat (later seats move up). */
  readonly seat: number;
  readonly playerId: PlayerId;
}
export interface HostChangedEvent extends EventBase {
  readonly type: 'HOST_CHANGED';
  /** The new host. */
  readonly playerId: PlayerId;
}

export type GameEvent =
  | GameCreatedEvent
  | PlayerJoinedEvent
  | PlayerLeftEvent
  | GameCancelledEvent
  | GameStartedEvent
  | RoundStartedEvent
  | BidPlacedEvent
  | DudoCalledEvent
  | ExactCalledEvent
  | TurnTimedOutEvent
  | RoundEndedEvent
  | PlayerEliminatedEvent
  | GameFinishedEvent
  | RematchCreatedEvent
  | PlayerKickedEvent
  | HostChangedEvent
  | SeatAwayEvent
  | SeatReturnedEvent
  | PlayerNudgedEvent
  | GameWaitingEvent
  | GameResumedEvent;

/** An event before the log has numbered it. */
export type DraftEvent = GameEvent extends infer E
  ? E extends GameEvent
    ? Omit<E, keyof EventBase>
    : never
  : never;
