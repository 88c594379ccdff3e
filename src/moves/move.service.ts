// The move use case: every move of every transport and of the server's own loops is decided and recorded here.
import { randomUUID } from 'node:crypto';
import {
  applyCommand,
  botsToAct,
  botsToFill,
  createGame,
  currentRound,
  defaultMove,
  defaultMoveCommand,
  disconnectCheckDue,
  earliest,
  epochMillis,
  mayRollDice,
  NO_DICE,
  nudgeDeadline,
  serverMoveDue,
  tableMoveDue,
  tableOptions,
  turnDeadline,
  turnStartedAt,
  waitingSince,
  type BotLevel,
  type Command,
  type GameEvent,
  type GameState,
  type NewGame,
  type TurnMove,
} from '../engine';
import { newInviteCode } from '../security/invite-codes';
import type { MoveStore, RecordedMove } from '../store/move-store';
import type { ConnectionState } from '../store/presence.repository';
import { recordOf, replayOf } from './idempotency';
import type { MoveOptions, MoveResult } from './move-result';

/** Lost races in a row after which a move gives up: far more than any real contention produces. */
const MAX_ATTEMPTS = 50;

const NOT_FOUND: MoveResult = { kind: 'not_found' };

export interface MoveServiceOptions {
  readonly now: () => Date;
  /** How long a bot thinks before its move (ms). */
  readonly botDelayMs: number;
  /** How long a game waits with every person in play away before it ends (seconds; ALL_AWAY_END_SECONDS). */
  readonly allAwayEndSeconds: number;
}

/** Decides the move of the bot that is due to act on a state, if one wants to (see src/bots). */
export type BotDecider = (state: GameState) => Command | null;

/** Decides the move a NORMAL bot makes on `seat`'s turn, from that seat's view (a timed-out turn). */
export type StandInDecider = (state: GameState, seat: number) => TurnMove | null;

/** Whether a player has a live subscription to a game now, or since when they have not (null: never had). */
export type { ConnectionState };

/** Where the server reads whether a player is connected (presence across processes). */
export interface ConnectionStates {
  connectionState(gameId: string, playerId: string): Promise<ConnectionState>;
}

/** What the server plays a person's seat with, and how it knows they are gone (see serverMove). */
export interface StandIn {
  readonly decide?: StandInDecider;
  /** Absent: disconnectSeconds takes nobody over. */
  readonly presence?: ConnectionStates | null;
}

/** How soon a connected player on turn in a game with disconnectSeconds is looked at again (ms). */
const DISCONNECT_RECHECK_MS = 5_000;

/** Told of each move this process committed, after its commit. */
export type AppliedListener = (
  gameId: string,
  events: readonly GameEvent[],
  state: GameState,
  /** The state right after each event, when the engine kept them. */
  states?: readonly GameState[],
) => void;

/** A bot the host adds: its player is created in the move's commit, so a refusal leaves none. */
export interface NewBot {
  /** Null: "<LEVEL> bot <n>", with the smallest n no bot at the table has. */
  readonly name: string | null;
  readonly level: BotLevel;
}

type Refused = Extract<MoveResult, { kind: 'refused' }>;

/** What one attempt at a move came to, before anything is written. */
type Decision =
  | { readonly kind: 'not_found' }
  /** Decided on a state the game has left: decide again on the stored one. */
  | { readonly kind: 'stale'; readonly gameId: string }
  /** `fresh`: decided on the state as stored, not on this process's cached copy. */
  | { readonly kind: 'refused'; readonly result: Refused; readonly fresh: boolean }
  | { readonly kind: 'accepted'; readonly move: RecordedMove }
  /** Accepted without a change (a second nudge of a turn): nothing is written. */
  | { readonly kind: 'unchanged'; readonly gameId: string; readonly state: GameState };

function capRefusal(max: number): MoveResult {
  return {
    kind: 'refused',
    gameId: null,
    state: null,
    error: {
      code: 'TOO_MANY_GAMES',
      message: `you already sit in ${max} open games: finish or leave one first`,
    },
  };
}

function staleVersion(gameId: string, state: GameState, expected: number): Refused {
  return {
    kind: 'refused',
    gameId,
    state,
    error: {
      code: 'STALE_VERSION',
      message: `the game is at version ${state.version}, not ${expected}: reload it and decide again`,
      field: ['expectedVersion'],
    },
  };
}

/**
 * Applies moves. The engine decides each on the latest known state; the store records it guarded by that
 * state's version, so two moves can never both apply to the same version: the loser of a race is decided
 * again on the stored state (or refused with STALE_VERSION when the client pinned expectedVersion). A key
 * sent with a move is answered from its record on a retry, and a refusal is only ever given on the state
 * as stored, never on a cached guess.
 */
export class MoveService {
  private readonly appliedListeners = new Set<AppliedListener>();

  constructor(
    private readonly store: MoveStore,
    private readonly options: MoveServiceOptions,
  ) {}

  /** When the server is next due to move in a game by itself (epoch ms; see serverMoveDue), or null. */
  serverMoveDue(state: GameState): number | null {
    return serverMoveDue(state, this.options.botDelayMs, this.options.allAwayEndSeconds);
  }

  /** Creates a game in its lobby, its host in seat 0 (a quick-play table due at once is filled and started). */
  async create(input: NewGame, options: MoveOptions): Promise<MoveResult> {
    return this.followUp(await this.createOnly(input, options));
  }

  private createOnly(input: NewGame, options: MoveOptions): Promise<MoveResult> {
    const inviteCode = input.table?.visibility === 'PRIVATE' ? (input.inviteCode ?? newInviteCode()) : null;
    return this.settle(input.host, options, async () => {
      const result = createGame({ ...input, inviteCode }, this.options.now().toISOString());
      if (!result.ok) {
        const refused: Refused = { kind: 'refused', gameId: null, state: null, error: result.violation };
        return { kind: 'refused', result: refused, fresh: true };
      }
      const move: RecordedMove = {
        gameId: randomUUID(),
        before: null,
        after: result.state,
        events: result.events,
        command: null,
        mover: { seatCap: options.seatCap ?? null, clientSeed: options.clientSeed ?? null },
        gameSeed: null,
        idempotency: null,
        serverMoveAt: this.serverMoveDue(result.state),
      };
      return { kind: 'accepted', move };
    });
  }

  /** Applies one player's (or the server's) command to a game. */
  async act(gameId: string, command: Command, options: MoveOptions, bot?: NewBot): Promise<MoveResult> {
    // Timeouts are the server's own moves: no player, so no idempotency record.
    const actor = 'playerId' in command ? command.playerId : null;
    const result = await this.settle(actor, options, (fresh) =>
      this.decide(gameId, command, options, fresh, bot),
    );
    if (result.kind === 'applied') return this.followUp(result);
    if (result.kind !== 'refused' || result.gameId !== null) return result;
    // A refusal that names no game (the seat cap, a reused key) shows the game the move was for, as it is
    // stored: the cache may lag behind another process's moves.
    const state = await this.store.load(gameId);
    return state ? { ...result, gameId, state } : result;
  }

  /** The host seats a new bot at `level`. */
  addBot(gameId: string, hostId: string, bot: NewBot, options: MoveOptions): Promise<MoveResult> {
    const command: Command = { type: 'ADD_BOT', playerId: hostId, botId: randomUUID(), level: bot.level };
    return this.act(gameId, command, options, bot);
  }

  /** Seats a bot that already exists (a rematch carries the finished game's bots over), as the host. */
  seatBot(gameId: string, hostId: string, botId: string, level: BotLevel, options: MoveOptions) {
    return this.act(gameId, { type: 'ADD_BOT', playerId: hostId, botId, level }, options);
  }

  /**
   * After an applied move: a quick-play table it left due at once (full, or its fill due) is filled or
   * started now, pinned to its version, so that the caller gets it back started; the result then shows the
   * game as it is after that. Should this process stop before, the turn timer does it (the row's deadline).
   */
  private async followUp(result: MoveResult): Promise<MoveResult> {
    if (result.kind !== 'applied') return result;
    const due = tableMoveDue(result.state);
    if (due === null || due > this.options.now().getTime()) return result;
    const next = await this.tableMove(result.gameId, result.state);
    return next.kind === 'applied' ? { ...result, state: next.state } : result;
  }

  /** The server's move on a quick-play table that is due: bots fill it, or it starts. */
  private tableMove(gameId: string, state: GameState): Promise<MoveResult> {
    const bots = Array.from({ length: botsToFill(state) }, () => randomUUID());
    return this.act(
      gameId,
      { type: 'FILL_TABLE', bots },
      { expectedVersion: state.version, operation: 'fillTable', requestHash: '' },
    );
  }

  /**
   * Makes the move the server owes a game at `version`, as its turn timer found it due: a bot's move when a
   * bot wants to act, else the default move of a timed turn that ran out. When neither is due (a bot chose
   * not to call out of turn), the game waits for its turn deadline. Pinned to `version`, so with several
   * processes, or a person's move racing it, it is applied at most once.
   */
  async serverMove(
    gameId: string,
    version: number,
    decideBot: BotDecider,
    standIn: StandIn = {},
  ): Promise<MoveResult> {
    // A game's state at one version never changes: this process's copy at that version is the one to act on.
    const cached = this.store.cached(gameId);
    const state = cached?.version === version ? cached : await this.store.load(gameId);
    if (!state || state.version !== version) return NOT_FOUND;
    if (state.status === 'LOBBY') {
      if (tableMoveDue(state) !== null) return this.tableMove(gameId, state);
      await this.store.postponeServerMove(gameId, version, null);
      return NOT_FOUND;
    }
    const pinned = { expectedVersion: version, requestHash: '' };
    if (waitingSince(state) !== null) return this.endWait(gameId, state);
    const command = decideBot(state);
    const turn = currentRound(state)?.turn ?? null;
    if (command) {
      const result = await this.act(gameId, command, { ...pinned, operation: 'bot' });
      // A bot's move the rules refuse is a bug in its strategy: rather than leave the game stuck on it, the
      // bot whose turn it is makes the default move.
      const broken = result.kind === 'refused' && result.error.code !== 'STALE_VERSION';
      const playerId = 'playerId' in command ? command.playerId : null;
      if (!broken || turn === null || state.seats[turn]!.playerId !== playerId) return result;
      const fallback = defaultMove(state, turn);
      if (!fallback) return result;
      const byDefault = defaultMoveCommand(fallback, playerId!, true);
      return this.act(gameId, byDefault, { ...pinned, operation: 'bot' });
    }
    if (turn === null) {
      await this.store.postponeServerMove(gameId, version, null);
      return NOT_FOUND;
    }
    const now = this.options.now().getTime();
    if (state.turnSeconds !== null) {
      const deadline = turnDeadline(state);
      // The stored deadline is the turn's, unless bots were due to act first and let it be.
      const botsWereDue = botsToAct(state).length > 0;
      const turnRanOut = !botsWereDue || (deadline !== null && deadline <= now);
      if (turnRanOut) {
        const move = standIn.decide?.(state, turn) ?? null;
        return this.act(gameId, { type: 'TIMEOUT', seat: turn, move }, { ...pinned, operation: 'timeout' });
      }
      await this.store.postponeServerMove(gameId, version, deadline);
      return NOT_FOUND;
    }
    return this.untimedTurn(gameId, state, turn, now, standIn.presence ?? null);
  }

  /**
   * A game waiting for a person to return: nothing moves in it until the wait is over, and then it ends.
   * Pinned to the waiting version, so a return racing it wins or loses whole.
   */
  private async endWait(gameId: string, state: GameState): Promise<MoveResult> {
    const due = this.serverMoveDue(state);
    if (due !== null && due <= this.options.now().getTime()) {
      const command: Command = { type: 'END_ALL_AWAY', afterSeconds: this.options.allAwayEndSeconds };
      return this.act(gameId, command, {
        expectedVersion: state.version,
        requestHash: '',
        operation: 'allAway',
      });
    }
    await this.store.postponeServerMove(gameId, state.version, due);
    return NOT_FOUND;
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
    const pinned = { expectedVersion: state.version, requestHash: '' };
    const nudged = nudgeDeadline(state);
    if (nudged !== null && nudged <= now)
      return this.act(
        gameId,
        { type: 'MARK_AWAY', seat: turn, reason: 'NUDGE' },
        { ...pinned, operation: 'nudgeExpired' },
      );
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
            return this.act(gameId, command, { ...pinned, operation: 'disconnected' });
          }
          next = earliest(next, due);
        }
      } else next = earliest(next, check);
    }
    await this.store.postponeServerMove(gameId, state.version, next);
    return NOT_FOUND;
  }

  /**
   * Cancels a game left in its lobby. `version` pins the lobby as it was found idle: a join or a leave since
   * then keeps it open, and of several processes expiring it at once only one applies.
   */
  expireLobby(gameId: string, version: number): Promise<MoveResult> {
    return this.act(
      gameId,
      { type: 'EXPIRE_LOBBY' },
      { expectedVersion: version, operation: 'expireLobby', requestHash: '' },
    );
  }

  /** Calls `listener` after each move this process commits, with its events; returns the unsubscribe. */
  onApplied(listener: AppliedListener): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /**
   * Decides and records until the move is applied or refused for good: a retry of a recorded key is
   * answered from its record; a refusal decided on a cached state is decided again on the stored one; a
   * write that lost a race is decided again.
   */
  private async settle(
    actor: string | null,
    options: MoveOptions,
    decide: (fresh: boolean) => Promise<Decision>,
  ): Promise<MoveResult> {
    let fresh = false;
    for (let attempt = 0; ; attempt++) {
      const key = options.idempotencyKey;
      const record = key && actor ? await this.store.findIdempotencyRecord(actor, key) : null;
      if (record) return replayOf(record, options, (id, version) => this.store.stateAt(id, version));
      const decision = await decide(fresh);
      if (decision.kind === 'not_found') return NOT_FOUND;
      if (decision.kind === 'unchanged')
        return { kind: 'applied', gameId: decision.gameId, state: decision.state, events: [] };
      if (decision.kind === 'refused') {
        if (!decision.fresh) {
          fresh = true;
          continue;
        }
        const { result } = decision;
        const version = result.state?.version ?? null;
        const refusal = recordOf(actor, options, { gameId: result.gameId, version, error: result.error });
        // Not recorded: a concurrent request took the key, and the next attempt answers from its record.
        if (!refusal || (await this.store.recordRefusal(refusal))) return result;
        fresh = false;
        continue;
      }
      if (decision.kind === 'accepted') {
        const { move } = decision;
        const idempotency = recordOf(actor, options, {
          gameId: move.gameId,
          version: move.after.version,
          error: null,
        });
        const outcome = await this.store.write({ ...move, idempotency });
        if (outcome.kind === 'written') return this.published(move);
        if (outcome.kind === 'seat_cap') return capRefusal(outcome.max);
      }
      // Lost a race (or decided on a lobby a leave has changed since): decide again on the stored state.
      this.store.forget(decision.kind === 'stale' ? decision.gameId : decision.move.gameId);
      if (attempt >= MAX_ATTEMPTS) throw new Error(`a move lost ${attempt} races in a row`);
      fresh = true;
    }
  }

  /** One attempt at a command: on this process's copy of the game unless `fresh`, then on the stored one. */
  private async decide(
    gameId: string,
    command: Command,
    options: MoveOptions,
    fresh: boolean,
    bot: NewBot | undefined,
  ): Promise<Decision> {
    let before = fresh ? undefined : this.store.cached(gameId);
    let read = false;
    if (!before) {
      const loaded = await this.store.load(gameId);
      if (!loaded) return { kind: 'not_found' };
      before = loaded;
      read = true;
    }
    const expected = options.expectedVersion;
    if (expected !== null && expected !== undefined && expected !== before.version)
      return { kind: 'refused', result: staleVersion(gameId, before, expected), fresh: read };
    // Only moves that may roll read the chain root, and it stays in this call's dice source.
    const dice = mayRollDice(before, command) ? await this.store.diceFor(gameId, before) : null;
    // A start decided on a lobby that a leave has changed since.
    if (dice === 'stale') return { kind: 'stale', gameId };
    const result = applyCommand(before, command, {
      dice: dice?.dice ?? NO_DICE,
      at: this.options.now().toISOString(),
    });
    if (!result.ok) {
      const refused: Refused = { kind: 'refused', gameId, state: before, error: result.violation };
      return { kind: 'refused', result: refused, fresh: read };
    }
    // Accepted as it is, on the stored state only (a cached one may lag behind a change that makes it count).
    if (result.events.length === 0)
      return read ? { kind: 'unchanged', gameId, state: before } : { kind: 'stale', gameId };
    const move: RecordedMove = {
      gameId,
      before,
      after: result.state,
      events: result.events,
      states: result.states,
      command,
      mover: {
        seatCap: options.seatCap ?? null,
        clientSeed: options.clientSeed || null,
        ...(bot && { botName: bot.name }),
      },
      gameSeed: dice?.newGameSeed ?? null,
      idempotency: null,
      serverMoveAt: this.serverMoveDue(result.state),
    };
    return { kind: 'accepted', move };
  }

  /** After a commit: caches the new state and tells this process's listeners (the change bus among them). */
  private published(move: RecordedMove): MoveResult {
    const { gameId, after: state, events, states } = move;
    this.store.remember(gameId, state);
    for (const listener of this.appliedListeners) listener(gameId, events, state, states);
    return { kind: 'applied', gameId, state, events };
  }
}
