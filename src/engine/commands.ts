// The engine's commands, what applying one needs from outside, and what it yields.
import type { DiceSource } from './dice-source';
import type { GameEvent } from './events';
import type { Rng } from './random';
import type { BotLevel, GameState, PlayerId } from './state';
import type { Violation } from './violations';

/**
 * What an action needs from outside the engine: its dice (a fair-dice source in real games, or an Rng the
 * engine draws from in call order, for tests and benchmarks) and the time to record.
 */
export type ActionContext = {
  /** ISO-8601 timestamp recorded on the events. */
  readonly at: string;
} & ({ readonly dice: DiceSource } | { readonly rng: Rng });

export type ActionResult =
  | {
      readonly ok: true;
      readonly state: GameState;
      readonly events: readonly GameEvent[];
      /** The state right after each event, in the order of `events` (when the action kept them). */
      readonly states?: readonly GameState[];
    }
  | { readonly ok: false; readonly violation: Violation };

/** A move on one's own turn, as a bot decides it. */
export type TurnMove =
  | { readonly type: 'BID'; readonly quantity: number; readonly face: number }
  | { readonly type: 'DUDO' }
  | { readonly type: 'EXACT' };

export type Command =
  /**
   * `inviteCode`: what the player typed (PRIVATE games); `invited`: seated by the server (a rematch); `agent`:
   * the player is an agent (a program's account), as the service looked it up.
   */
  | {
      readonly type: 'JOIN';
      readonly playerId: PlayerId;
      readonly inviteCode?: string | null;
      readonly invited?: boolean;
      readonly agent?: boolean;
    }
  /** The host seats a bot: a new player, `botId`, whose moves the server makes. */
  | {
      readonly type: 'ADD_BOT';
      readonly playerId: PlayerId;
      readonly botId: PlayerId;
      readonly level: BotLevel;
    }
  /**
   * An agent seated at an arena table asks for the arena's reference bot of `level` (the player `botId`, as
   * the service looked it up) as an opponent.
   */
  | {
      readonly type: 'SEAT_REFERENCE_BOT';
      readonly playerId: PlayerId;
      readonly botId: PlayerId;
      readonly level: BotLevel;
    }
  /** The host frees the seat of a bot in the lobby. */
  | { readonly type: 'REMOVE_BOT'; readonly playerId: PlayerId; readonly seat: number }
  | { readonly type: 'LEAVE'; readonly playerId: PlayerId }
  | { readonly type: 'START'; readonly playerId: PlayerId }
  /**
   * The moves of a round. `byBot`: made by the server for a seat it plays (a bot, or a person's away seat);
   * absent or false: the player's own move, which brings an away player back.
   */
  | {
      readonly type: 'BID';
      readonly playerId: PlayerId;
      readonly quantity: number;
      readonly face: number;
      readonly byBot?: boolean;
    }
  | { readonly type: 'DUDO'; readonly playerId: PlayerId; readonly byBot?: boolean }
  | { readonly type: 'EXACT'; readonly playerId: PlayerId; readonly byBot?: boolean }
  /**
   * Issued by the server when the turn of `seat` ran out (timed turns only), with the move a NORMAL bot
   * chose from that seat's view; absent or refused by the rules: the default move (defaultMove).
   */
  | { readonly type: 'TIMEOUT'; readonly seat: number; readonly move?: TurnMove | null }
  /** The player takes their away seat back. */
  | { readonly type: 'RETURN'; readonly playerId: PlayerId }
  /** A player in play nudges the person on turn in an untimed game. */
  | { readonly type: 'NUDGE'; readonly playerId: PlayerId }
  /**
   * Issued by the server: the person on turn in `seat` becomes away, as a nudge on this turn ran out
   * (checked here) or as they stayed disconnected for the table's disconnectSeconds (checked by the server).
   */
  | { readonly type: 'MARK_AWAY'; readonly seat: number; readonly reason: 'NUDGE' | 'DISCONNECTED' }
  /**
   * Issued by the server: a game that has waited `afterSeconds` (ALL_AWAY_END_SECONDS) with every person in
   * play away ends (checked here).
   */
  | { readonly type: 'END_ALL_AWAY'; readonly afterSeconds: number }
  /** The host frees another seat in the lobby; the kicked player cannot join again. */
  | { readonly type: 'KICK'; readonly playerId: PlayerId; readonly seat: number }
  /** The host hands the host role to the person in `seat`. */
  | { readonly type: 'TRANSFER_HOST'; readonly playerId: PlayerId; readonly seat: number }
  /** A player of the finished game asked for a rematch: the game links to it, once. */
  | { readonly type: 'LINK_REMATCH'; readonly playerId: PlayerId; readonly rematch: string }
  /**
   * Issued by the server when a quick-play or arena table is due (tableMoveDue): bots take free seats, or it
   * starts. `levels` names the level of each of `bots` when they are players already (the arena's reference
   * bots); absent, the bots are new NORMAL ones.
   */
  | {
      readonly type: 'FILL_TABLE';
      readonly bots: readonly PlayerId[];
      readonly levels?: readonly BotLevel[];
    }
  /** Issued by the server when a game stayed in its lobby, unchanged, for longer than the server allows. */
  | { readonly type: 'EXPIRE_LOBBY' };
