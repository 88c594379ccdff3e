// GraphQL for the bot, surviving a server that restarts: mutations go over the bot's socket while it is
// connected, everything else (and a mutation whose socket is down or drops before answering) over HTTP. A
// request that meets no server (connection refused or reset, a 502/503/504 from a proxy, a body that is not
// GraphQL's JSON) is sent again after a growing pause. Mutations carry an idempotencyKey that stays the same
// on every retry, so a move the server applied before it died is answered from its record instead of being
// played twice.
import { randomUUID } from 'node:crypto';

/** An error the bot cannot recover from by trying again. */
export class FatalError extends Error {}

export interface RetryPolicy {
  /** The first pause after a failed attempt (ms); it doubles on each failure, up to maxDelayMs. */
  readonly delayMs: number;
  readonly maxDelayMs: number;
  /** Give up after this many failed attempts in a row. */
  readonly maxRetries: number;
}

export const DEFAULT_RETRY: RetryPolicy = { delayMs: 200, maxDelayMs: 5_000, maxRetries: 30 };

/** The pause before attempt `failures + 1`, after `failures` failures in a row. */
export function backoff(policy: RetryPolicy, failures: number): number {
  return Math.min(policy.delayMs * 2 ** (failures - 1), policy.maxDelayMs);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface UserError {
  code: string;
  message: string;
}

/** A GraphQL answer, as sent over HTTP or a socket. */
export interface GraphqlBody<T> {
  data?: T | null;
  errors?: readonly { message: string; extensions?: { code?: string; retryAfterSeconds?: number } }[];
}

/** A socket that can carry one operation (see BotConnection). */
export interface OperationSocket {
  /** Whether the socket has an acknowledged connection (a send may be answered). */
  readonly connected: boolean;
  /** The answer, or null when the socket is down or went down before answering. */
  send<T>(query: string, variables: Record<string, unknown>): Promise<GraphqlBody<T> | null>;
}

const MUTATION = /^\s*mutation\b/;

/** A GraphQL endpoint as one player sees it. */
export class GraphqlTransport {
  /** Requests sent again after a failure to reach the server. */
  retries = 0;
  /** Mutations answered over the socket, and sent over HTTP. */
  socketMutations = 0;
  httpMutations = 0;
  token: string | undefined;
  /** The player's socket (with the same token): mutations go over it while it is connected. */
  socket: OperationSocket | null = null;

  constructor(
    readonly url: string,
    private readonly policy: RetryPolicy = DEFAULT_RETRY,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /**
   * Sends one operation (a mutation over the socket if it is connected, else over HTTP), again after a failure
   * to reach the server; GraphQL errors are thrown (fatal).
   */
  async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const body = JSON.stringify({ query, variables });
    const mutation = MUTATION.test(query);
    for (let failures = 0; ;) {
      const answer =
        (mutation ? await this.overSocket<T>(query, variables) : null) ??
        (await this.attempt<T>(body, mutation));
      if (answer.kind === 'data') return answer.data;
      if (answer.kind === 'error') throw new FatalError(answer.message);
      if (answer.kind === 'rate-limited') {
        await sleep(answer.retryAfterMs);
        continue;
      }
      if (++failures > this.policy.maxRetries)
        throw new FatalError(`the server is unreachable: ${answer.reason}`);
      const delay = backoff(this.policy, failures);
      this.retries++;
      this.log(`no answer from the server (${answer.reason}); trying again in ${delay} ms`);
      await sleep(delay);
    }
  }

  /**
   * A mutation `name(input: $input)` selecting `fields`. The input gets an idempotencyKey (unless it has
   * one) that every retry of this call repeats.
   */
  mutate<T>(name: string, inputType: string, input: Record<string, unknown>, fields: string): Promise<T> {
    const keyed = { idempotencyKey: randomUUID(), ...input };
    return this.request<Record<string, T>>(
      `mutation($input: ${inputType}!) { ${name}(input: $input) { ${fields} } }`,
      { input: keyed },
    ).then((data) => data[name]!);
  }

  private async overSocket<T>(query: string, variables: Record<string, unknown>): Promise<Attempt<T> | null> {
    const wasConnected = this.socket?.connected ?? false;
    const answer = await this.socket?.send<T>(query, variables);
    if (!answer) {
      // Said when a socket that was up failed this request, not again for each move while it stays down.
      if (wasConnected) this.log('no answer on the socket; sending over HTTP');
      return null;
    }
    this.socketMutations++;
    return judge(answer, 'the socket');
  }

  private async attempt<T>(body: string, mutation: boolean): Promise<Attempt<T>> {
    if (mutation) this.httpMutations++;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let response: Response;
    try {
      response = await fetch(this.url, { method: 'POST', headers, body });
    } catch (error) {
      // fetch failed: refused, reset or timed out before an answer.
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { kind: 'unreachable', reason: cause ?? (error as Error).message };
    }
    if (response.status === 502 || response.status === 503 || response.status === 504) {
      return { kind: 'unreachable', reason: `HTTP ${response.status}` };
    }
    let parsed: GraphqlBody<T>;
    try {
      parsed = (await response.json()) as GraphqlBody<T>;
    } catch {
      return { kind: 'unreachable', reason: `HTTP ${response.status} without a GraphQL answer` };
    }
    return judge(parsed, `HTTP ${response.status}`);
  }
}

/** What an answer means for the bot: its data, a wait (rate limited), or an error it cannot get past. */
function judge<T>(parsed: GraphqlBody<T>, from: string): Attempt<T> {
  const first = parsed.errors?.[0];
  if (first?.extensions?.code === 'RATE_LIMITED') {
    return { kind: 'rate-limited', retryAfterMs: 1000 * (first.extensions.retryAfterSeconds ?? 1) };
  }
  if (first || !parsed.data) {
    return {
      kind: 'error',
      message: `${first?.extensions?.code ?? from}: ${first?.message ?? 'no data'}`,
    };
  }
  return { kind: 'data', data: parsed.data };
}

type Attempt<T> =
  | { kind: 'data'; data: T }
  | { kind: 'error'; message: string }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'unreachable'; reason: string };
