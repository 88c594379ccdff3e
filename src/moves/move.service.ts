// The move use case: a move of any transport or server loop is decided, recorded, then published here.
import { randomUUID } from 'node:crypto';
import {
  applyCommand,
  createGame,
  mayRollDice,
  NO_DICE,
  serverMoveDue,
  type BotLevel,
  type Command,
  type GameEvent,
  type GameState,
  type NewGame,
} from '../engine';
import { newInviteCode } from '../security/invite-codes';
import type { MoveStore, RecordedMove } from '../store/move-store';
import { recordOf, replayOf } from './idempotency';
import { NOT_FOUND, type MoveOptions, type MoveResult } from './move-result';
import { ServerMoves, type BotDecider, type ReferenceBotPicker, type StandIn } from './server-moves.policy';

/** Lost races in a row after which a move gives up: far more than any real contention produces. */
const MAX_ATTEMPTS = 50;

export interface MoveServiceOptions {
  readonly now: () => Date;
  /** How long a bot thinks before its move (ms). */
  readonly botDelayMs: number;
  /** How long a game waits with every person in play away before it ends (seconds; ALL_AWAY_END_SECONDS). */
  readonly allAwayEndSeconds: number;
}

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

/** A seat taken by a join or a bot that was held for an invited player (store/held-seats.ts). */
function heldRefusal(gameId: string, state: GameState): Refused {
  return {
    kind: 'refused',
    gameId,
    state,
    error: {
      code: 'GAME_FULL',
      message: 'the free seats of this game are held for the players it was made for',
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
  private readonly serverMoves: ServerMoves;

  constructor(
    private readonly store: MoveStore,
    private readonly options: MoveServiceOptions,
  ) {
    this.serverMoves = new ServerMoves(this, store, options);
  }

  /** Arena tables are filled with the arena's reference bots, as `picker` chooses them. */
  useReferenceBots(picker: ReferenceBotPicker): void {
    this.serverMoves.useReferenceBots(picker);
  }

  /** When the server is next due to move in a game by itself (epoch ms; see serverMoveDue), or null. */
  serverMoveDue(state: GameState): number | null {
    return serverMoveDue(state, this.options.botDelayMs, this.options.allAwayEndSeconds);
  }

  /** Creates a game in its lobby, its host in seat 0 (a quick-play table due at once is filled and started). */
  async create(input: NewGame, options: MoveOptions): Promise<MoveResult> {
    return this.serverMoves.followUp(await this.createOnly(input, options));
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
        ...(options.sideWrite && { sideWrite: options.sideWrite }),
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
    if (result.kind === 'applied') return this.serverMoves.followUp(result);
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
   * Makes the move the server owes a game at `version`, as its turn timer found it due (see ServerMoves):
   * pinned to `version`, so with several processes, or a person's move racing it, it is applied at most once.
   */
  serverMove(
    gameId: string,
    version: number,
    decideBot: BotDecider,
    standIn: StandIn = {},
  ): Promise<MoveResult> {
    return this.serverMoves.serverMove(gameId, version, decideBot, standIn);
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
        if (outcome.kind === 'seats_held') {
          const held = heldRefusal(move.gameId, move.before!);
          const refusal = recordOf(actor, options, {
            gameId: move.gameId,
            version: move.before!.version,
            error: held.error,
          });
          if (!refusal || (await this.store.recordRefusal(refusal))) return held;
          fresh = false;
          continue;
        }
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
      ...(options.sideWrite && { sideWrite: options.sideWrite }),
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
