// The server's own moves: what it plays when a game is due (a bot, a stand-in, a fill, the end of a wait).
import { randomUUID } from 'node:crypto';
import {
  botsToAct,
  botsToFill,
  seatedBotLevels,
  currentRound,
  defaultMove,
  defaultMoveCommand,
  disconnectCheckDue,
  earliest,
  epochMillis,
  isArena,
  nudgeDeadline,
  tableMoveDue,
  tableOptions,
  turnDeadline,
  turnStartedAt,
  waitingSince,
  type BotLevel,
  type Command,
  type GameState,
  type TurnMove,
} from '../engine';
import type { MoveStore } from '../store/move-store';
import { NOT_FOUND, type MoveOptions, type MoveResult } from './move-result';

/** Decides the move of the bot that is due to act on a state, if one wants to (see src/bots). */
export type BotDecider = (state: GameState) => Command | null;

/** Decides the move a NORMAL bot makes on `seat`'s turn, from that seat's view (a timed-out turn). */
export type StandInDecider = (state: GameState, seat: number) => TurnMove | null;

/** A bot seated by an arena fill: a reference bot's player and level. */
export interface ReferenceBot {
  readonly playerId: string;
  readonly level: BotLevel;
}

/**
 * The reference bots an arena table of `preset` is filled with, `count` of them in seating order, none of the
 * levels `seated` already there.
 */
export type ReferenceBotPicker = (
  preset: string,
  count: number,
  seated: readonly BotLevel[],
) => Promise<readonly ReferenceBot[]>;

/** Whether a player has a live subscription to a game now, or since when they have not (null: never had). */
export type ConnectionState = { connected: true } | { connected: false; since: Date | null };

/** Where the server reads whether a player is connected: presence across processes answers it. */
export interface ConnectionStates {
  connectionState(gameId: string, playerId: string): Promise<ConnectionState>;
}

/** What the server plays a person's seat with, and how it knows they are gone (see serverMove). */
export interface StandIn {
  readonly decide?: StandInDecider;
  /** Absent: disconnectSeconds takes nobody over. */
  readonly presence?: ConnectionStates | null;
}

/** The use case the server's moves go through, like everyone's. */
export interface Mover {
  act(gameId: string, command: Command, options: MoveOptions): Promise<MoveResult>;
  /** When the server is next due to move in a game by itself (epoch ms), or null. */
  serverMoveDue(state: GameState): number | null;
}

/** How soon a connected player on turn in a game with disconnectSeconds is looked at again (ms). */
const DISCONNECT_RECHECK_MS = 5_000;

/** A server move pinned to the version it was found due at: of several processes, only one applies it. */
function pinned(version: number, operation: string): MoveOptions {
  return { expectedVersion: version, operation, requestHash: '' };
}

/**
 * When and what the server plays in a game by itself. Every move it decides goes through the use case
 * pinned to the version the game was found due at, so a person's move racing it wins or loses whole; when
 * nothing is due yet, the game's next look is stored with it.
 */
export class ServerMoves {
  constructor(
    private readonly moves: Mover,
    private readonly store: MoveStore,
    private readonly options: { readonly now: () => Date; readonly allAwayEndSeconds: number },
  ) {}

  /** The arena's reference bots; null in a process without the arena (its arena tables are not filled). */
  private referenceBots: ReferenceBotPicker | null = null;

  /** What arena tables are filled with from now on: the arena's reference bots. */
  useReferenceBots(picker: ReferenceBotPicker): void {
    this.referenceBots = picker;
  }

  /**
   * After an applied move: a quick-play table it left due at once (full, or its fill due) is filled or
   * started now, pinned to its version, so that the caller gets it back started; the result then shows the
   * game as it is after that. Should this process stop before, the turn timer does it (the row's deadline).
   */
  async followUp(result: MoveResult): Promise<MoveResult> {
    if (result.kind !== 'applied') return result;
    const due = tableMoveDue(result.state);
    if (due === null || due > this.options.now().getTime()) return result;
    const next = await this.tableMove(result.gameId, result.state);
    if (next.kind === 'applied') return { ...result, state: next.state };
    // Another mover (the turn timer, woken by the same due time) made the table's move first: go on from
    // the game as it is now, so the caller still gets the table filled and started. Each step is a newer
    // version, so this ends.
    const latest = await this.store.load(result.gameId);
    if (!latest || latest.version <= result.state.version) return result;
    return this.followUp({ ...result, state: latest });
  }

  /**
   * The server's move on a quick-play or arena table that is due: bots fill it (new ones, or the arena's
   * reference bots), or it starts.
   */
  private async tableMove(gameId: string, state: GameState): Promise<MoveResult> {
    const count = botsToFill(state);
    let command: Command;
    if (count > 0 && isArena(state)) {
      // The turn timer tries again later: the fill is still due.
      if (!this.referenceBots)
        throw new Error('an arena table is due to fill in a process without the arena');
      const picked = await this.referenceBots(state.rules.preset ?? 'CUSTOM', count, seatedBotLevels(state));
      command = {
        type: 'FILL_TABLE',
        bots: picked.map((b) => b.playerId),
        levels: picked.map((b) => b.level),
      };
    } else {
      command = { type: 'FILL_TABLE', bots: Array.from({ length: count }, () => randomUUID()) };
    }
    return this.moves.act(gameId, command, pinned(state.version, 'fillTable'));
  }

  /**
   * Makes the move the server owes a game at `version`, as its turn timer found it due: a bot's move when a
   * bot wants to act, else the default move of a timed turn that ran out. When neither is due (a bot chose
   * not to call out of turn), the game waits for its turn deadline.
   */
  async serverMove(
    gameId: string,
    version: number,
    decideBot: BotDecider,
    standIn: StandIn,
  ): Promise<MoveResult> {
    // A game's state at one version never changes: this process's copy at that version is the one to act on.
    const cached = this.store.cached(gameId);
    const state = cached?.version === version ? cached : await this.store.load(gameId);
    if (!state || state.version !== version) return NOT_FOUND;
    if (state.status === 'LOBBY') {
      if (tableMoveDue(state) !== null) return this.tableMove(gameId, state);
      return this.postpone(gameId, version, null);
    }
    if (waitingSince(state) !== null) return this.endWait(gameId, state);
    const command = decideBot(state);
    const turn = currentRound(state)?.turn ?? null;
    if (command) {
      const result = await this.moves.act(gameId, command, pinned(version, 'bot'));
      // A bot's move the rules refuse is a bug in its strategy: rather than leave the game stuck on it, the
      // bot whose turn it is makes the default move.
      const broken = result.kind === 'refused' && result.error.code !== 'STALE_VERSION';
      const playerId = 'playerId' in command ? command.playerId : null;
      if (!broken || turn === null || state.seats[turn]!.playerId !== playerId) return result;
      const fallback = defaultMove(state, turn);
      if (!fallback) return result;
      return this.moves.act(gameId, defaultMoveCommand(fallback, playerId!, true), pinned(version, 'bot'));
    }
    if (turn === null) return this.postpone(gameId, version, null);
    const now = this.options.now().getTime();
    if (state.turnSeconds !== null) {
      const deadline = turnDeadline(state);
      // The stored deadline is the turn's, unless bots were due to act first and let it be.
      const botsWereDue = botsToAct(state).length > 0;
      const turnRanOut = !botsWereDue || (deadline !== null && deadline <= now);
      if (turnRanOut) {
        const move = standIn.decide?.(state, turn) ?? null;
        return this.moves.act(gameId, { type: 'TIMEOUT', seat: turn, move }, pinned(version, 'timeout'));
      }
      return this.postpone(gameId, version, deadline);
    }
    return this.untimedTurn(gameId, state, turn, now, standIn.presence ?? null);
  }

  /**
   * A game waiting for a person to return: nothing moves in it until the wait is over, and then it ends.
   * Pinned to the waiting version, so a return racing it wins or loses whole.
   */
  private endWait(gameId: string, state: GameState): Promise<MoveResult> {
    const due = this.moves.serverMoveDue(state);
    if (due === null || due > this.options.now().getTime()) return this.postpone(gameId, state.version, due);
    const command: Command = { type: 'END_ALL_AWAY', afterSeconds: this.options.allAwayEndSeconds };
    return this.moves.act(gameId, command, pinned(state.version, 'allAway'));
  }

  /**
   * An untimed turn the server looked at: a nudge that ran out, or a person on turn disconnected for the
   * table's disconnectSeconds, makes the seat away (a NORMAL bot then plays it at bot speed); otherwise the
   * game waits for the next of those checks.
   */
  private async untimedTurn(
    gameId: string,
    state: GameState,
    turn: number,
    now: number,
    presence: ConnectionStates | null,
  ): Promise<MoveResult> {
    const { version } = state;
    const nudged = nudgeDeadline(state);
    if (nudged !== null && nudged <= now) {
      const command: Command = { type: 'MARK_AWAY', seat: turn, reason: 'NUDGE' };
      return this.moves.act(gameId, command, pinned(version, 'nudgeExpired'));
    }
    let next = nudged;
    const check = disconnectCheckDue(state);
    const seconds = tableOptions(state).disconnectSeconds;
    if (check !== null && seconds !== null && presence) {
      if (check <= now) {
        const connection = await presence.connectionState(gameId, state.seats[turn]!.playerId);
        if (connection.connected) {
          // Presence changes are not state: a connected player is looked at again a little later.
          next = earliest(next, now + Math.min(DISCONNECT_RECHECK_MS, seconds * 1000));
        } else {
          const started = epochMillis(turnStartedAt(state)!);
          const from = Math.max(started, connection.since?.getTime() ?? started);
          const due = from + seconds * 1000;
          if (due <= now) {
            const command: Command = { type: 'MARK_AWAY', seat: turn, reason: 'DISCONNECTED' };
            return this.moves.act(gameId, command, pinned(version, 'disconnected'));
          }
          next = earliest(next, due);
        }
      } else next = earliest(next, check);
    }
    return this.postpone(gameId, version, next);
  }

  /** Nothing is due yet: the game's next look is stored, unless it has moved on meanwhile. */
  private async postpone(gameId: string, version: number, at: number | null): Promise<MoveResult> {
    await this.store.postponeServerMove(gameId, version, at);
    return NOT_FOUND;
  }
}
