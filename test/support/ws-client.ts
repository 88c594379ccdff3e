// The tests' GraphQL-over-WebSocket clients: graphql-ws subscribers that keep what they receive, and a raw frame socket.
import { createClient, type Client, type ExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import type { GqlError, LegalActions } from './graphql-client';

// ---------------------------------------------------------------------------------------------------------
// graphql-ws subscribers

/** A GameEvent as the realtime tests select it. */
export interface EventData {
  seq: number;
  type: string;
  at: string;
  player: { id: string } | null;
  seat: { position: number; dice: number[] | null } | null;
  bid: { seq: number; quantity: number; face: number; seat: { position: number } } | null;
  outcome: {
    kind: string;
    actualCount: number;
    caller: { position: number };
    loser: { position: number } | null;
    gainer: { position: number } | null;
    bid: { seq: number; quantity: number; face: number };
  } | null;
  round: {
    number: number;
    palifico: boolean;
    ended: boolean;
    voided: boolean;
    reveal: { seat: { position: number }; dice: number[] }[] | null;
    bids: { seq: number; quantity: number; face: number; seat: { position: number } }[];
  } | null;
  game: {
    status: string;
    version: number;
    lastEventSeq: number;
    turn: { position: number } | null;
    viewerSeat: { position: number } | null;
    winner: { id: string } | null;
    currentRound: { number: number } | null;
    seats: { position: number; diceCount: number; eliminated: boolean; dice: number[] | null }[];
    legalActions: LegalActions | null;
  };
}

/**
 * What an event itself says, without the state it shows (`game`, `round`, `seat`): a replayed event shows the
 * newest state the stream knows and a live one the state right after it, so only this part is the same for
 * every subscriber of one viewer.
 */
export function eventFacts(e: EventData): Omit<EventData, 'game' | 'round' | 'seat'> {
  return { seq: e.seq, type: e.type, at: e.at, player: e.player, bid: e.bid, outcome: e.outcome };
}

export const EVENT_FIELDS = `
  seq type at
  player { id }
  seat { position dice }
  bid { seq quantity face seat { position } }
  outcome { kind actualCount caller { position } loser { position } gainer { position } bid { seq quantity face } }
  round { number palifico ended voided reveal { seat { position } dice } bids { seq quantity face seat { position } } }
  game {
    status version lastEventSeq turn { position } viewerSeat { position } winner { id } currentRound { number }
    seats { position diceCount eliminated dice }
    legalActions { canBid canDudo canExact minBids { face minQuantity } }
  }`;

export const GAME_EVENTS = `subscription($gameId: ID!, $afterSeq: Int) {
  gameEvents(gameId: $gameId, afterSeq: $afterSeq) { ${EVENT_FIELDS} }
}`;

export interface Closed {
  readonly code: number;
  readonly reason: string;
}

export interface WsConnection {
  readonly client: Client;
  /** Every message the server sent on any socket of this client, as the raw text of the frame. */
  readonly frames: string[];
  /** Close events of the client's sockets, in order. */
  readonly closes: Closed[];
  /** Resolves on the next close of a socket. */
  nextClose(): Promise<Closed>;
  dispose(): Promise<void>;
}

/** A graphql-ws client over `ws` (no retries), with `authorization: Bearer <token>` when a token is given. */
export function connect(wsUrl: string, token?: string | null, authorization?: string): WsConnection {
  const frames: string[] = [];
  const closes: Closed[] = [];
  let closeWaiters: ((c: Closed) => void)[] = [];
  class RecordingWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      this.on('message', (data) => frames.push(String(data)));
    }
  }
  const auth = authorization ?? (token ? `Bearer ${token}` : undefined);
  const client = createClient({
    url: wsUrl,
    webSocketImpl: RecordingWebSocket,
    connectionParams: auth ? { authorization: auth } : {},
    retryAttempts: 0,
    lazy: true,
    on: {
      closed: (event) => {
        const e = event as { code: number; reason: string | Buffer };
        const info = { code: e.code, reason: String(e.reason) };
        closes.push(info);
        const waiters = closeWaiters;
        closeWaiters = [];
        for (const w of waiters) w(info);
      },
    },
  });
  return {
    client,
    frames,
    closes,
    nextClose: () => new Promise((resolve) => closeWaiters.push(resolve)),
    dispose: async () => {
      await client.dispose();
    },
  };
}

/** One subscription: what it received, in order. */
export class Subscription<T = EventData> {
  readonly items: T[] = [];
  readonly errors: unknown[] = [];
  completed = false;
  private readonly unsubscribe: () => void;
  private waiters: (() => void)[] = [];

  constructor(client: Client, query: string, variables: Record<string, unknown>, field: string) {
    this.unsubscribe = client.subscribe<Record<string, T>>(
      { query, variables },
      {
        next: (result: ExecutionResult<Record<string, T>>) => {
          if (result.errors?.length) this.errors.push(...result.errors);
          const item = result.data?.[field];
          if (item) this.items.push(item);
          this.wake();
        },
        error: (error: unknown) => {
          if (Array.isArray(error)) this.errors.push(...(error as unknown[]));
          else this.errors.push(error);
          this.wake();
        },
        complete: () => {
          this.completed = true;
          this.wake();
        },
      },
    );
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves once `done()` holds; fails after `timeoutMs` with what was received. */
  async until(done: (s: this) => boolean, timeoutMs = 10_000, what = 'the expected items'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this)) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `timed out waiting for ${what}; received ${this.items.length} items, errors ${JSON.stringify(this.errors)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once the subscription has ended (with an error or complete). */
  ended(timeoutMs = 10_000): Promise<void> {
    return this.until((s) => s.completed || s.errors.length > 0, timeoutMs, 'the end of the subscription');
  }

  close(): void {
    this.unsubscribe();
  }
}

/** Subscribes to a game's events (afterSeq undefined: only new events). */
export function subscribeEvents(
  conn: WsConnection,
  gameId: string,
  afterSeq?: number | null,
): Subscription<EventData> {
  const variables: Record<string, unknown> = { gameId };
  if (afterSeq !== undefined) variables.afterSeq = afterSeq;
  return new Subscription<EventData>(conn.client, GAME_EVENTS, variables, 'gameEvents');
}

/** Waits until the subscription has received the event `seq`. */
export function untilSeq(sub: Subscription<EventData>, seq: number, timeoutMs = 10_000): Promise<void> {
  return sub.until(
    (s) => s.items.some((e) => e.seq >= seq) || s.errors.length > 0,
    timeoutMs,
    `event ${seq}`,
  );
}

export function seqsOf(events: readonly { seq: number }[]): number[] {
  return events.map((e) => e.seq);
}

export function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** The code of a GraphQL error as a subscriber received it. */
export function errorCodes(errors: readonly unknown[]): (string | undefined)[] {
  return errors.map((e) => (e as GqlError).extensions?.code);
}

// ---------------------------------------------------------------------------------------------------------
// graphql-transport-ws, frame by frame

export interface Frame {
  type: string;
  id?: string;
  payload?: unknown;
}

export function wsUrlOf(httpUrl: string): string {
  return httpUrl.replace(/^http/, 'ws');
}

/** A graphql-transport-ws socket that keeps every frame it receives, in order. */
export class RawSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<Closed>;
  private waiters: (() => void)[] = [];
  private closeInfo: Closed | null = null;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        resolve(this.closeInfo);
        this.wake();
      });
    });
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.wake();
    });
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, headers: Record<string, string> = {}): Promise<RawSocket> {
    const socket = new WebSocket(wsUrlOf(url), 'graphql-transport-ws', { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawSocket(socket)));
      socket.once('unexpected-response', (_req, res) => {
        reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { response: res }));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  /** Opens a socket and completes the connection_init / connection_ack handshake. */
  static async connect(url: string, token?: string | null): Promise<RawSocket> {
    const s = await RawSocket.open(url);
    s.send({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} });
    await s.waitFor((f) => f.type === 'connection_ack');
    return s;
  }

  /** How the socket was closed, or null while it is open. */
  get closeState(): Closed | null {
    return this.closeInfo;
  }

  send(frame: Frame): void {
    this.socket.send(JSON.stringify(frame));
  }

  subscribe(id: string, query: string, variables: Record<string, unknown> = {}): void {
    this.send({ id, type: 'subscribe', payload: { query, variables } });
  }

  /** The first frame (from `from` on) that matches, waiting up to `timeoutMs` for it. */
  async waitFor(match: (f: Frame) => boolean, timeoutMs = 5_000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      if (this.closeInfo) throw new Error(`socket closed (${this.closeInfo.code} ${this.closeInfo.reason})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame in ${timeoutMs} ms: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The `error` or `complete` frame that ends operation `id`. */
  end(id: string, timeoutMs = 5_000): Promise<Frame> {
    return this.waitFor((f) => f.id === id && (f.type === 'error' || f.type === 'complete'), timeoutMs);
  }

  /** The payloads of the `next` frames of operation `id` so far. */
  results(id: string): { data?: Record<string, unknown> | null; errors?: GqlError[] }[] {
    return this.frames
      .filter((f) => f.id === id && f.type === 'next')
      .map((f) => f.payload as { data?: Record<string, unknown> | null; errors?: GqlError[] });
  }

  close(): Promise<Closed> {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(1000);
    }
    return this.closed;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
