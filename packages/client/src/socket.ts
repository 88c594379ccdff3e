// The one WebSocket (graphql-ws) a client holds for all its streams and, while it is connected, its moves.
// Streams resume by themselves (see stream.ts); the socket only reconnects when a stream asks. A connection
// that dies without a close frame (a phone that lost its network) is noticed by a ping left unanswered.
import { createClient, type Client } from 'graphql-ws';

/** A GraphQL answer as it comes over HTTP or the socket. */
export interface GraphqlBody<T> {
  data?: T | null;
  errors?: readonly GraphqlErrorBody[];
  extensions?: Record<string, unknown>;
}

/** One top-level error of an answer. */
export interface GraphqlErrorBody {
  readonly message: string;
  readonly extensions?: { readonly code?: string; readonly retryAfterSeconds?: number };
}

export interface SocketOptions {
  /** The WebSocket URL (ws:// or wss://). */
  readonly url: string;
  /** The token the socket is opened with; read at each (re)connection. */
  readonly token: () => string | null;
  /** A WebSocket implementation where there is no global one. */
  readonly webSocketImpl?: unknown;
  /** How long a move waits for its answer on the socket before it goes over HTTP instead (ms). */
  readonly answerTimeoutMs: number;
  /** How often the socket is pinged, and how long a pong may take before the socket counts as dead (ms). */
  readonly keepAliveMs: number;
  readonly pongTimeoutMs: number;
  /** Told each time the socket is connected (acknowledged) or closed. */
  readonly onStatus: (connected: boolean) => void;
}

/** The handlers of one operation on the socket. */
export interface SocketSink<T> {
  next(value: GraphqlBody<T>): void;
  /** An array of GraphQL errors (the server refused the operation), a close event, or an Error. */
  error(error: unknown): void;
  complete(): void;
}

const OPEN = 1;

export class SocketLink {
  /** The socket has an acknowledged connection: an operation sent now may be answered. */
  connected = false;
  /** Moves a token change: every stream opened before resubscribes at once with the new token. */
  generation = 0;
  /**
   * Token rotations of this client in flight: the server closes the old token's sockets with 4403 before (or
   * just after) it answers, and a stream must then wait for the new token instead of ending.
   */
  rotating = 0;
  private client: Client | null = null;
  private closed = false;

  constructor(private readonly options: SocketOptions) {}

  /** Opens a new socket with the current token for every operation from now on; the old one is closed. */
  reopen(): void {
    const old = this.client;
    this.client = null;
    this.generation++;
    this.setConnected(false);
    void old?.dispose();
  }

  /** One operation on the socket; returns the function that cancels it. */
  subscribe<T>(query: string, variables: Record<string, unknown>, sink: SocketSink<T>): () => void {
    // A closed client opens nothing again (a stream's timer may still fire once after close).
    if (this.closed) return () => {};
    return this.current().subscribe<T>(
      { query, variables },
      {
        next: (value) => sink.next(value as GraphqlBody<T>),
        error: (error) => sink.error(error),
        complete: () => sink.complete(),
      },
    );
  }

  /**
   * One query or mutation over the socket: its answer, or null when the socket is down or went down before
   * answering (the caller then sends it over HTTP, with the same idempotencyKey).
   */
  send<T>(query: string, variables: Record<string, unknown>): Promise<GraphqlBody<T> | null> {
    if (!this.connected || this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      let answer: GraphqlBody<T> | null = null;
      const timer = setTimeout(() => {
        cancel();
        resolve(answer);
      }, this.options.answerTimeoutMs);
      const settle = (result: GraphqlBody<T> | null): void => {
        clearTimeout(timer);
        resolve(result);
      };
      const cancel = this.subscribe<T>(query, variables, {
        next: (value) => {
          answer = value;
        },
        error: (error) => settle(Array.isArray(error) ? { errors: error as GraphqlErrorBody[] } : answer),
        complete: () => settle(answer),
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    this.setConnected(false);
    await client?.dispose();
  }

  private current(): Client {
    if (this.client) return this.client;
    const token = this.options.token();
    let socket: { readyState: number; close(code: number, reason: string): void } | null = null;
    let pongTimer: ReturnType<typeof setTimeout> | undefined;
    const client: Client = createClient({
      url: this.options.url,
      lazy: true,
      // Each stream resubscribes by itself, from where it was (afterSeq), after its own pause.
      retryAttempts: 0,
      keepAlive: this.options.keepAliveMs,
      // A server that accepts the socket but never acknowledges it (busy, or the socket was cut during the
      // handshake) would hold every stream on it forever: give up as after a lost pong, and resume.
      connectionAckWaitTimeout: this.options.pongTimeoutMs + this.options.keepAliveMs,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      ...(this.options.webSocketImpl ? { webSocketImpl: this.options.webSocketImpl } : {}),
      on: {
        connected: (s) => {
          socket = s as typeof socket;
          if (this.client === client) this.setConnected(true);
        },
        closed: () => {
          clearTimeout(pongTimer);
          if (this.client === client) this.setConnected(false);
        },
        ping: (received) => {
          if (received) return;
          pongTimer = setTimeout(() => {
            if (socket?.readyState === OPEN) socket.close(4408, 'Pong timeout');
          }, this.options.pongTimeoutMs);
        },
        pong: (received) => {
          if (received) clearTimeout(pongTimer);
        },
      },
    });
    this.client = client;
    return client;
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    this.options.onStatus(connected);
  }
}
