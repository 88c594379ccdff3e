// A game kept live as the viewer's current state (the server's per-viewer view): read once, then moved forward
// by every event of its log (gameEvents), never back a version; resumed after a disconnect from the last seq;
// read again when the player's own stream had a gap or says a turn began that the state does not show yet.
// Every ended round's dice are verified as they arrive.
import type { SomeDocument } from './document.js';
import { Emitter } from './emitter.js';
import { AbortedError, type PerudoError, type UserError } from './errors.js';
import type { BotLevel, Emote, GameEventFieldsFragment, GameFieldsFragment } from './gql/graphql.js';
import {
  AddBotDocument,
  CallDudoDocument,
  CallExactDocument,
  GameDocument,
  GameEventsDocument,
  GameFairnessDocument,
  KickPlayerDocument,
  LeaveGameDocument,
  NudgeDocument,
  RematchDocument,
  RemoveBotDocument,
  ReturnToGameDocument,
  StartGameDocument,
  TransferHostDocument,
  PlaceBidDocument,
  SendChatMessageDocument,
} from './gql/graphql.js';
import type { Stream } from './stream.js';
import type { ClientCore } from './client-core.js';
import { DiceMismatchError, RoundCheck } from './verifier/round-check.js';
import type { Mismatch } from './verifier/fairness-verifier.js';

/** The game as the viewer sees it (their own dice only until a round's reveal). */
export type GameState = GameFieldsFragment;
/** One event of a game's log, with the game just after it. */
export type GameEvent = GameEventFieldsFragment;

/** The answer of a move or another change to a game: the game now, or why nothing changed. */
export interface GameResult {
  /** The game after the change (or as it is, when refused), or null when it cannot be read. */
  readonly game: GameState | null;
  /** Why nothing changed (e.g. `NOT_YOUR_TURN`, `STALE_VERSION`); empty on success. */
  readonly userErrors: readonly UserError[];
}

/** What a live game tells its listeners. */
export interface LiveGameEvents {
  /** The state moved to a newer version. */
  change: (game: GameState) => void;
  /** Each event of the log, once, in seq order. */
  event: (event: GameEvent) => void;
  /** A turn of the viewer's began: the first state of it in which the viewer may move (see `myTurn`). */
  turn: (game: GameState) => void;
  /** A round's dice verified against the commitment. */
  verified: (round: number) => void;
  /** A round's dice did not verify. Without a listener, `finished` rejects with a DiceMismatchError. */
  mismatch: (mismatch: Mismatch) => void;
  /** The game finished or was cancelled (and every round so far was checked). */
  end: (game: GameState) => void;
  /** The game's stream ended for good on an error (not found, forbidden, the server unreachable). */
  error: (error: PerudoError) => void;
}

/** Options of {@link PerudoClient.game}. */
export interface LiveGameOptions {
  /** Replay the log after this seq (default 0: the whole log, so that every round is verified). */
  readonly afterSeq?: number;
  /**
   * Replay the log from `afterSeq` (default true). False: follow from the first read's `lastEventSeq`, for a
   * page that only shows the game from now on (rounds already ended are then not verified).
   */
  readonly replay?: boolean;
  /** Verify every ended round's dice (default: the client's `verify`, true). */
  readonly verify?: boolean;
  /** Ends the live game (as close()). */
  readonly signal?: AbortSignal;
}

const TERMINAL = new Set(['FINISHED', 'CANCELLED']);

/**
 * A game kept live as the viewer's state (from {@link PerudoClient.game}): read once, then moved forward by its
 * log's events, resumed after a lost connection from {@link LiveGame.lastSeq}, every ended round's dice verified.
 * Its moves send `expectedVersion` from the state and a retry-safe idempotencyKey.
 */
export class LiveGame extends Emitter<LiveGameEvents> {
  /** The latest state seen, or null before the first read. */
  state: GameState | null = null;
  /** The seq of the last event delivered. */
  lastSeq: number;
  /** Events delivered. */
  events = 0;
  /** The first mismatch found, if any. */
  mismatch: Mismatch | null = null;
  /** Resolves with the first state read. */
  readonly ready: Promise<GameState>;
  /**
   * Resolves with the final state once the game is over and its rounds are checked; rejects on a mismatch no
   * one listened to, or when the stream ends for good.
   */
  readonly finished: Promise<GameState>;

  private readonly check: RoundCheck | null;
  private stream: Stream | null = null;
  private closed = false;
  private turnKey = '';
  private ending = false;
  private settle!: { resolve: (game: GameState) => void; reject: (error: unknown) => void };
  private readonly detach: () => void;
  private readonly onClientClose = (): void => this.close();

  /** @internal Made by {@link PerudoClient.game}. */
  constructor(
    private readonly core: ClientCore,
    /** The game's ID. */
    readonly id: string,
    options: LiveGameOptions = {},
  ) {
    super();
    this.lastSeq = options.afterSeq ?? 0;
    this.finished = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // A rejection nobody awaits must not crash a Node process: it is also emitted as `error` / `mismatch`.
    this.finished.catch(() => {});
    this.check =
      (options.verify ?? core.verify)
        ? new RoundCheck(
            async () =>
              (await core.transport.execute(GameFairnessDocument, { id }, { signal: core.signal })).game,
            {
              verified: (round) => this.emit('verified', round),
              mismatch: (mismatch) => this.onMismatch(mismatch),
            },
          )
        : null;
    this.detach = core.watchGame(this);
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
    // The client's close (or its signal) only ends the stream: without this, `finished` would never settle.
    core.signal.addEventListener('abort', this.onClientClose, { once: true });
    this.ready = this.refresh().then((game) => {
      if (!game) throw new Error(`game ${id} was not found`);
      return game;
    });
    this.ready.catch((error: unknown) => this.fail(error as PerudoError));
    void this.ready.then(
      (game) => {
        if (options.replay === false) this.lastSeq = Math.max(this.lastSeq, game.lastEventSeq);
        this.follow();
      },
      () => {},
    );
  }

  /** How many times the game's stream was resumed after a lost connection. */
  get resumes(): number {
    return this.stream?.resumes ?? 0;
  }

  /**
   * Whether it is the viewer's turn in the current state and it may move in it. A state between the events
   * of one move (a timed-out turn before the timer's bid, a dudo before its round ends) can show the viewer's
   * seat on turn while allowing no move: that is not the viewer's turn yet.
   */
  get myTurn(): boolean {
    const game = this.state;
    const can = game?.legalActions;
    return (
      !!game &&
      game.status === 'IN_PROGRESS' &&
      !!game.viewerSeat &&
      game.turn?.position === game.viewerSeat.position &&
      !!can &&
      (can.canBid || can.canDudo || can.canExact)
    );
  }

  /** Reads the game now and applies it (if newer); null when it cannot be read. */
  async refresh(): Promise<GameState | null> {
    const { game } = await this.core.transport.execute(
      GameDocument,
      { id: this.id },
      { signal: this.core.signal },
    );
    if (game) this.apply(game);
    return game;
  }

  /** Bids `quantity` dice showing `face`. */
  bid(quantity: number, face: number): Promise<GameResult> {
    return this.move(PlaceBidDocument, 'placeBid', { quantity, face });
  }

  /** Calls dudo on the standing bid. */
  dudo(): Promise<GameResult> {
    return this.move(CallDudoDocument, 'callDudo', {});
  }

  /** Calls calza (exact) on the standing bid. */
  exact(): Promise<GameResult> {
    return this.move(CallExactDocument, 'callExact', {});
  }

  /** Starts the game (host, in the lobby). */
  start(): Promise<GameResult> {
    return this.move(StartGameDocument, 'startGame', {});
  }

  /** Leaves the table (in the lobby) or forfeits (in play). */
  leave(): Promise<GameResult> {
    return this.move(LeaveGameDocument, 'leaveGame', {}, false);
  }

  /** Asks for the rematch of a finished game (the same table for everyone who asks). */
  rematch(): Promise<GameResult> {
    return this.move(RematchDocument, 'rematch', {}, false);
  }

  /** Takes the viewer's away seat back. */
  returnToGame(): Promise<GameResult> {
    return this.move(ReturnToGameDocument, 'returnToGame', {}, false);
  }

  /** Nudges the seat whose turn it is. */
  nudge(): Promise<GameResult> {
    return this.move(NudgeDocument, 'nudge', {}, false);
  }

  /** Seats a server bot (host, in the lobby). */
  addBot(level: BotLevel = 'NORMAL', name?: string): Promise<GameResult> {
    return this.move(AddBotDocument, 'addBot', name ? { level, name } : { level });
  }

  /** Removes the bot at `position` (host, in the lobby). */
  removeBot(position: number): Promise<GameResult> {
    return this.move(RemoveBotDocument, 'removeBot', { position });
  }

  /** Removes the player at `position` (host, in the lobby). */
  kick(position: number): Promise<GameResult> {
    return this.move(KickPlayerDocument, 'kickPlayer', { position });
  }

  /** Gives the host's role to the player at `position`. */
  transferHost(position: number): Promise<GameResult> {
    return this.move(TransferHostDocument, 'transferHost', { position });
  }

  /** Says something at the table: a text or an emote. */
  async say(message: { text: string } | { emote: Emote }): Promise<readonly UserError[]> {
    const { sendChatMessage } = await this.core.transport.execute(
      SendChatMessageDocument,
      { input: { gameId: this.id, ...message } },
      { signal: this.core.signal },
    );
    return sendChatMessage.userErrors;
  }

  /** Ends the stream and every request it started; `finished` rejects with AbortedError if still pending. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.core.signal.removeEventListener('abort', this.onClientClose);
    this.stream?.close();
    this.detach();
    this.settle.reject(new AbortedError('the live game was closed'));
    this.removeAllListeners();
  }

  /** @internal Called by the player's own stream: a gap (resumed) or an event of this game. */
  onPlayerSignal(event: { readonly type: string; readonly game: { readonly version: number } } | null): void {
    if (this.closed) return;
    // Read when the state is behind what the player's stream says: a gap, a newer version, or a turn that
    // began within the version held (the game's stream has not brought it yet). Otherwise the stream will.
    const behind =
      event === null ||
      !this.state ||
      event.game.version > this.state.version ||
      (event.type === 'YOUR_TURN' && !this.myTurn);
    if (behind) void this.refresh().catch(() => {});
  }

  /**
   * Sends one change with `expectedVersion` from the state last seen (when `versioned`) and the same
   * idempotencyKey on every retry; applies the game it answers with.
   */
  private async move(
    document: SomeDocument,
    field: string,
    input: Record<string, unknown>,
    versioned = true,
  ): Promise<GameResult> {
    const expected = versioned && this.state ? { expectedVersion: this.state.version } : {};
    const data = (await this.core.transport.execute(
      document,
      { input: { gameId: this.id, ...expected, ...input } },
      { signal: this.core.signal },
    )) as Record<string, GameResult>;
    const result = data[field]!;
    if (result.game && result.game.id === this.id) this.apply(result.game);
    return result;
  }

  private follow(): void {
    if (this.closed) return;
    this.stream = this.core.follow(GameEventsDocument, 'gameEvents', {
      variables: () => ({ gameId: this.id, afterSeq: this.lastSeq }),
      next: ({ gameEvents: event }) => this.onEvent(event),
      failed: (error) => this.fail(error),
      // A stream that ends before it delivered the final state's log is resumed for the rest (a state read
      // over HTTP may be ahead of it), or `finished` would wait forever.
      finished: () =>
        !!this.state && TERMINAL.has(this.state.status) && this.lastSeq >= this.state.lastEventSeq,
    });
  }

  private onEvent(event: GameEvent): void {
    if (event.seq <= this.lastSeq) return;
    this.lastSeq = event.seq;
    this.events++;
    if (event.type === 'ROUND_ENDED' && event.round?.reveal) {
      this.check?.add({
        number: event.round.number,
        serverKey: event.round.serverKey,
        reveal: event.round.reveal.map(({ seat, dice }) => ({ seat: { position: seat.position }, dice })),
      });
    }
    this.apply(event.game, event.seq === event.game.lastEventSeq);
    this.emit('event', event);
    this.maybeEnd();
  }

  /**
   * Applies a state when it is newer. `own`: the state is the one right after its frame's event. A replayed
   * event's frame can show the newest state known with the legal actions of a moment between the events of
   * one move (no move allowed); the frame of that state's own last event then shows the same state as it
   * is at rest, and replaces it (the only time `change` fires twice for one version and lastEventSeq).
   */
  private apply(game: GameState, own = false): void {
    if (this.closed) return;
    // A version can span several events (a round starts in the same move that ends the last one): within a
    // version, the state with more of the log is the newer.
    const now = this.state;
    const settles =
      own &&
      !!now &&
      game.version === now.version &&
      game.lastEventSeq === now.lastEventSeq &&
      JSON.stringify(game.legalActions) !== JSON.stringify(now.legalActions);
    if (
      now &&
      !settles &&
      (game.version < now.version || (game.version === now.version && game.lastEventSeq <= now.lastEventSeq))
    )
      return;
    this.state = game;
    this.emit('change', game);
    if (this.myTurn) {
      const round = game.currentRound;
      const key = `${round?.number ?? 0}:${round?.bids.length ?? 0}`;
      if (key !== this.turnKey) {
        this.turnKey = key;
        this.emit('turn', game);
      }
    }
    this.maybeEnd();
  }

  /** The game is over once its state says so and its log was delivered up to that state. */
  private maybeEnd(): void {
    const game = this.state;
    if (!game || this.ending || !TERMINAL.has(game.status) || this.lastSeq < game.lastEventSeq) return;
    this.ending = true;
    void this.end(game);
  }

  private async end(game: GameState): Promise<void> {
    try {
      await this.check?.settled();
    } catch (error) {
      this.fail(error as PerudoError);
      return;
    }
    if (this.closed) return;
    const final = this.state ?? game;
    this.emit('end', final);
    if (this.mismatch && !this.has('mismatch')) this.settle.reject(new DiceMismatchError(this.mismatch));
    else this.settle.resolve(final);
  }

  private onMismatch(mismatch: Mismatch): void {
    this.mismatch ??= mismatch;
    this.emit('mismatch', mismatch);
    this.core.reportMismatch(this.id, mismatch);
  }

  private fail(error: PerudoError): void {
    if (this.closed) return;
    this.emit('error', error);
    this.settle.reject(error);
  }
}
