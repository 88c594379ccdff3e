// The client object: one per player (or anonymous viewer) and server. It holds the token, one socket for all
// streams and (while connected) moves, the HTTP transport with its retries, and the player's own stream that
// keeps every live game it opened current.
import { prepare, type AnyDocument } from './document.js';
import { Emitter, type Unsubscribe } from './emitter.js';
import type { PerudoError, UserError } from './errors.js';
import type {
  AgentFieldsFragment,
  ArenaJoinInput,
  CreateGameInput,
  PlayerEventType,
  QuickPlayInput,
} from './gql/graphql.js';
import { parseInviteLink } from './invite.js';
import { LiveChat } from './live-chat.js';
import { LiveGame, type GameResult, type LiveGameOptions } from './live-game.js';
import { LivePresence } from './live-presence.js';
import {
  ArenaJoinDocument,
  CreateAgentDocument,
  CreateGameDocument,
  JoinGameDocument,
  PlayerEventsDocument,
  QuickPlayDocument,
  RegisterPlayerDocument,
  RenameAgentDocument,
  RetireAgentDocument,
  RotateAgentTokenDocument,
  RotateTokenDocument,
  ViewerDocument,
} from './gql/graphql.js';
import { DEFAULT_RETRY, type RetryPolicy } from './retry.js';
import { SocketLink } from './socket.js';
import { follow, type Stream, type StreamHandlers } from './stream.js';
import { Transport, type RateLimitBudget, type RequestOptions, type TransportStats } from './transport.js';
import type { ClientCore, GameWatcher } from './client-core.js';
import type { Mismatch } from './verifier/fairness-verifier.js';

/** How to reach the server, and as whom. */
export interface ClientOptions {
  /** The GraphQL endpoint over HTTP, e.g. `http://localhost:4000/graphql`. */
  readonly url: string;
  /** The WebSocket endpoint; derived from `url` (http → ws, https → wss) when left out. */
  readonly wsUrl?: string;
  /** A player's bearer token; without one the client is anonymous until `register` or `setToken`. */
  readonly token?: string | null;
  /** A fetch implementation (default: the global one). */
  readonly fetch?: typeof fetch;
  /** A WebSocket implementation where there is no global one (Node before 22). */
  readonly webSocketImpl?: unknown;
  /** When and how often a request that met no server is sent again (default: 200 ms doubling to 5 s, 30 times). */
  readonly retry?: Partial<RetryPolicy>;
  /** How long one HTTP attempt may take before it is sent again (default 30 s). */
  readonly requestTimeoutMs?: number;
  /** How long a move waits for its answer on the socket before it goes over HTTP instead (default 10 s). */
  readonly socketAnswerTimeoutMs?: number;
  /** Ping interval of the socket (default 10 s). */
  readonly keepAliveMs?: number;
  /** How long a pong may take before the socket counts as dead and is opened again (default 5 s). */
  readonly pongTimeoutMs?: number;
  /** Verify every ended round's dice in live games (default true). */
  readonly verify?: boolean;
  /** Closes the client (as close()) when it aborts. */
  readonly signal?: AbortSignal;
  /** Progress lines: retries, waits (default: none). */
  readonly log?: (line: string) => void;
}

/** One event of the player's own stream (`playerEvents`). */
export interface PlayerEvent {
  /** What happened (e.g. `YOUR_TURN`). */
  readonly type: PlayerEventType;
  /** When (ISO-8601). */
  readonly at: string;
  /** The game it happened in, and its version just after. */
  readonly game: { readonly id: string; readonly version: number };
}

/** What the client tells its listeners. */
export interface ClientEvents {
  /** The token changed (register, rotateToken, setToken). */
  token: (token: string | null) => void;
  /** The server refused the token (UNAUTHENTICATED): it was rotated elsewhere, or the server forgot it. */
  unauthenticated: () => void;
  /** The rate-limit budget of the last HTTP answer. */
  rateLimit: (budget: RateLimitBudget) => void;
  /** The socket was connected (acknowledged) or closed. */
  connection: (connected: boolean) => void;
  /** The last HTTP request reached the server (true) or met none (false). */
  reachable: (reachable: boolean) => void;
  /** Each event of the player's own stream; `null` after a gap (events may have been missed). */
  playerEvent: (event: PlayerEvent | null) => void;
  /** A round of a live game did not verify (also told to that game's listeners). */
  mismatch: (gameId: string, mismatch: Mismatch) => void;
  /** The player's own stream ended for good. */
  error: (error: PerudoError) => void;
}

/** The answer of `register`. */
export interface Registration {
  /** The new player, or null when refused. */
  readonly player: { readonly id: string; readonly name: string } | null;
  /** The player's bearer token (the client now sends it), or null when refused. */
  readonly token: string | null;
  /** Why the name was refused (e.g. `NAME_TAKEN`); empty on success. */
  readonly userErrors: readonly UserError[];
}

/** The answer of `createAgent` and `rotateAgentToken`. */
export interface AgentToken {
  /** The agent, or null when refused. */
  readonly agent: AgentFieldsFragment | null;
  /**
   * The agent's bearer token, shown this once (give it to the program: `createClient({ token })`); every
   * earlier token of the agent stopped working. Null when refused.
   */
  readonly token: string | null;
  /** Why nothing changed (e.g. `NAME_TAKEN`, `AGENT_LIMIT_REACHED`); empty on success. */
  readonly userErrors: readonly UserError[];
}

/** The answer of `renameAgent` and `retireAgent`. */
export interface AgentResult {
  /** The agent after the change, or null when refused. */
  readonly agent: AgentFieldsFragment | null;
  /** Why nothing changed; empty on success. */
  readonly userErrors: readonly UserError[];
}

/** Creates a client; nothing is sent until it is used. */
export function createClient(options: ClientOptions): PerudoClient {
  return new PerudoClient(options);
}

/**
 * A connection to one server as one player (or anonymously): requests, moves, live games, chat and presence.
 * Listen to its {@link ClientEvents} with `on`.
 */
export class PerudoClient extends Emitter<ClientEvents> implements ClientCore {
  /** @internal */
  readonly transport: Transport;
  /** @internal */
  readonly verify: boolean;
  /** @internal */
  readonly signal: AbortSignal;
  /** The budget of the last HTTP answer's `extensions.rateLimit`, or null before the first. */
  rateLimit: RateLimitBudget | null = null;
  private currentToken: string | null;
  private readonly socket: SocketLink;
  private readonly retry: RetryPolicy;
  private readonly abort = new AbortController();
  private readonly watchers = new Map<string, Set<GameWatcher>>();
  private playerStream: Stream | null = null;
  private closed = false;

  /** The same as {@link createClient}. */
  constructor(options: ClientOptions) {
    super();
    this.currentToken = options.token ?? null;
    this.verify = options.verify ?? true;
    this.signal = this.abort.signal;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    const log = options.log ?? (() => {});
    this.socket = new SocketLink({
      url: options.wsUrl ?? options.url.replace(/^http/, 'ws'),
      token: () => this.currentToken,
      webSocketImpl: options.webSocketImpl,
      answerTimeoutMs: options.socketAnswerTimeoutMs ?? 10_000,
      keepAliveMs: options.keepAliveMs ?? 10_000,
      pongTimeoutMs: options.pongTimeoutMs ?? 5_000,
      onStatus: (connected) => this.emit('connection', connected),
    });
    this.transport = new Transport(
      {
        url: options.url,
        token: () => this.currentToken,
        fetch: options.fetch ?? ((input, init) => fetch(input, init)),
        retry: this.retry,
        requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
        signal: this.signal,
        onRateLimit: (budget) => {
          this.rateLimit = budget;
          this.emit('rateLimit', budget);
        },
        onReachable: (reachable) => this.emit('reachable', reachable),
        onUnauthenticated: () => this.emit('unauthenticated'),
        log,
      },
      this.socket,
    );
    options.signal?.addEventListener('abort', () => void this.close(), { once: true });
  }

  /** The token requests are sent with, or null (anonymous). */
  get token(): string | null {
    return this.currentToken;
  }

  /** Whether the socket has an acknowledged connection (moves then go over it). */
  get connected(): boolean {
    return this.socket.connected;
  }

  /** What the transport did: retries, waits, mutations over the socket and over HTTP. */
  get stats(): Readonly<TransportStats> {
    return this.transport.stats;
  }

  /** Plays as another player (or anonymously): the socket is opened again, and every stream resumes on it. */
  setToken(token: string | null): void {
    if (token === this.currentToken) return;
    this.currentToken = token;
    this.socket.reopen();
    this.emit('token', token);
    this.restartPlayerStream();
  }

  /**
   * Sends any query or mutation (a TypedDocumentNode, a typed string, or plain text with its result type
   * given: `request<{ viewer: … }>('{ viewer { id } }')`) and resolves with its data. A mutation whose input
   * takes an idempotencyKey gets one, kept across retries.
   */
  request<TResult, TVariables>(
    document: AnyDocument<TResult, TVariables> | string,
    variables?: TVariables,
    options: RequestOptions = {},
  ): Promise<TResult> {
    return this.transport.execute(document, variables, options);
  }

  /** Any subscription, resumed after each lost connection with `variables()` read again. */
  subscribe<TResult, TVariables>(
    document: AnyDocument<TResult, TVariables>,
    variables: () => TVariables,
    handlers: Omit<StreamHandlers<TResult>, 'variables'>,
  ): Stream {
    return this.follow(document, prepare(document).operationName ?? 'subscription', {
      ...handlers,
      variables: variables as () => Record<string, unknown>,
    });
  }

  /** Registers a new player and plays as it from now on (the token is kept by the client). */
  async register(name: string): Promise<Registration> {
    const { registerPlayer } = await this.request(RegisterPlayerDocument, { input: { name } });
    if (registerPlayer.token) this.setToken(registerPlayer.token);
    return registerPlayer;
  }

  /**
   * Replaces the player's token (every earlier one stops working at once, here and elsewhere); the client
   * carries on with the new one, its streams resumed on a new socket.
   */
  async rotateToken(): Promise<{ token: string | null; userErrors: readonly UserError[] }> {
    // Until the new token is set, a 4403 on the socket is this rotation's doing (see SocketLink.rotating).
    this.socket.rotating++;
    try {
      const old = this.currentToken;
      const { rotateToken } = await this.request(RotateTokenDocument, { input: {} });
      if (rotateToken.token) {
        if (old) this.transport.rotatedAway.add(old);
        this.setToken(rotateToken.token);
      }
      return rotateToken;
    } finally {
      this.socket.rotating--;
    }
  }

  /** The player the token names, or null (anonymous, or a token the server does not know). */
  async viewer(): Promise<{ id: string; name: string } | null> {
    return (await this.request(ViewerDocument)).viewer;
  }

  /** Creates a game hosted by the viewer. */
  async createGame(input: Omit<CreateGameInput, 'idempotencyKey'>): Promise<GameResult> {
    return (await this.request(CreateGameDocument, { input })).createGame;
  }

  /** Takes a seat at a game; a private table needs its invite code. */
  async joinGame(
    gameId: string,
    options: { inviteCode?: string; clientSeed?: string } = {},
  ): Promise<GameResult> {
    return (await this.request(JoinGameDocument, { input: { gameId, ...options } })).joinGame;
  }

  /** Takes a seat at the private table an invite link names (`…#/join/<gameId>/<code>`). */
  joinByInvite(link: string): Promise<GameResult> {
    const invite = parseInviteLink(link);
    if (!invite) throw new TypeError(`not an invite link: ${link}`);
    return this.joinGame(invite.gameId, { inviteCode: invite.inviteCode });
  }

  /** A seat in the fullest waiting game of a preset, or a new one (filled with bots after `botFillSeconds`). */
  async quickPlay(input: Omit<QuickPlayInput, 'idempotencyKey'>): Promise<GameResult> {
    return (await this.request(QuickPlayDocument, { input })).quickPlay;
  }

  /**
   * An agent's seat in the arena: the oldest arena table in its lobby with the same preset, `seats` (2 to 4,
   * default 4) and `turnSeconds` (5 to 120, default 10) that has a free seat, or a new one it hosts, whose free
   * seats reference bots fill `fillSeconds` (default 10) after its creation. The table starts by itself once
   * full. For agents only (`NOT_AN_AGENT` otherwise); follow the game with {@link PerudoClient.game}.
   */
  async arenaJoin(input: Omit<ArenaJoinInput, 'idempotencyKey'>): Promise<GameResult> {
    return (await this.request(ArenaJoinDocument, { input })).arenaJoin;
  }

  /**
   * Registers a new agent owned by the viewer (a person), with its own token, shown this once. An owner has at
   * most 10 agents that are not retired (`AGENT_LIMIT_REACHED`). The client keeps playing as the viewer.
   */
  async createAgent(name: string): Promise<AgentToken> {
    const { createAgent } = await this.request(CreateAgentDocument, { input: { name } });
    return { agent: createAgent.player, token: createAgent.token, userErrors: createAgent.userErrors };
  }

  /** A new token for one of the viewer's agents: every earlier one stops working at once, everywhere. */
  async rotateAgentToken(agentId: string): Promise<AgentToken> {
    const { rotateAgentToken: r } = await this.request(RotateAgentTokenDocument, { input: { agentId } });
    return { agent: r.player, token: r.token, userErrors: r.userErrors };
  }

  /** Renames one of the viewer's agents (the same name rules as `register`). */
  async renameAgent(agentId: string, name: string): Promise<AgentResult> {
    const { renameAgent } = await this.request(RenameAgentDocument, { input: { agentId, name } });
    return { agent: renameAgent.player, userErrors: renameAgent.userErrors };
  }

  /**
   * Retires one of the viewer's agents, for good: its tokens stop working and it is never seated again (its
   * running games go on, played by the turn timer); it no longer counts against the limit of 10.
   */
  async retireAgent(agentId: string): Promise<AgentResult> {
    const { retireAgent } = await this.request(RetireAgentDocument, { input: { agentId } });
    return { agent: retireAgent.player, userErrors: retireAgent.userErrors };
  }

  /**
   * A game kept live as the viewer's state: read now, then moved forward by its events, its rounds verified,
   * with the viewer's turn told as it begins.
   */
  game(id: string, options: LiveGameOptions = {}): LiveGame {
    return new LiveGame(this, id, options);
  }

  /** A game's chat kept live: the messages in seq order, resumed after a disconnect. */
  chat(gameId: string, options: { afterSeq?: number; signal?: AbortSignal } = {}): LiveChat {
    return new LiveChat(this, gameId, options);
  }

  /** Who is connected and who is away at a game's seats, kept live. */
  presence(gameId: string, options: { signal?: AbortSignal } = {}): LivePresence {
    return new LivePresence(this, gameId, options);
  }

  /** Calls `listener` with each event of the player's own stream (and null after a gap). */
  onPlayerEvent(listener: (event: PlayerEvent | null) => void): Unsubscribe {
    const off = this.on('playerEvent', listener);
    this.ensurePlayerStream();
    return off;
  }

  /** Ends every stream, request and socket the client opened. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.abort.abort();
    this.playerStream?.close();
    await this.socket.close();
  }

  /** @internal */
  follow<TResult, TVariables>(
    document: AnyDocument<TResult, TVariables>,
    operation: string,
    handlers: StreamHandlers<TResult>,
  ): Stream {
    const doc = prepare(document);
    const stream = follow<TResult>(this.socket, doc.query, operation, this.retry, handlers);
    this.signal.addEventListener('abort', () => stream.close(), { once: true });
    return stream;
  }

  /** @internal */
  watchGame(watcher: GameWatcher): () => void {
    let set = this.watchers.get(watcher.id);
    if (!set) this.watchers.set(watcher.id, (set = new Set()));
    set.add(watcher);
    this.ensurePlayerStream();
    return () => {
      set.delete(watcher);
      if (set.size === 0) this.watchers.delete(watcher.id);
    };
  }

  /** @internal */
  reportMismatch(gameId: string, mismatch: Mismatch): void {
    this.emit('mismatch', gameId, mismatch);
  }

  private ensurePlayerStream(): void {
    if (this.playerStream || this.closed || !this.currentToken) return;
    this.playerStream = this.follow(PlayerEventsDocument, 'playerEvents', {
      variables: () => ({}),
      next: ({ playerEvents }) => {
        this.emit('playerEvent', playerEvents);
        for (const watcher of this.watchers.get(playerEvents.game.id) ?? []) {
          watcher.onPlayerSignal(playerEvents);
        }
      },
      // playerEvents is not replayed: after a gap every live game reads itself once.
      resumed: () => {
        this.emit('playerEvent', null);
        for (const set of this.watchers.values()) for (const watcher of set) watcher.onPlayerSignal(null);
      },
      failed: (error) => {
        this.playerStream = null;
        this.emit('error', error);
      },
    });
  }

  /** A running player stream resumes by itself on the new socket; an anonymous client has none. */
  private restartPlayerStream(): void {
    if (!this.currentToken) {
      this.playerStream?.close();
      this.playerStream = null;
    } else if (this.watchers.size > 0 || this.has('playerEvent')) {
      this.ensurePlayerStream();
    }
  }
}
