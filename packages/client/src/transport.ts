// Sending one operation and getting its answer, whatever happens on the way: a mutation goes over the socket
// while it is connected and over HTTP otherwise (or when the socket drops before answering); a request that
// meets no server is sent again after a growing pause, with the same idempotencyKey, so a move the server
// applied just before it died is answered from its record instead of being played twice. RATE_LIMITED and
// SERVICE_UNAVAILABLE are waited out for as long as the server asks.
import { AbortedError, NetworkError, RequestError } from './errors.js';
import { prepare, withIdempotencyKey, type AnyDocument } from './document.js';
import { backoff, sleep, type RetryPolicy } from './retry.js';
import type { GraphqlBody, SocketLink } from './socket.js';

/** `extensions.rateLimit` of the last HTTP answer: the budget of the bucket the request was charged to. */
export interface RateLimitBudget {
  /** Requests the bucket holds when full. */
  readonly limit: number;
  /** Requests left in it now. */
  readonly remaining: number;
  /** When the bucket is full again (ISO-8601). */
  readonly resetAt: string;
}

/** Counters of what the transport did, for logs and tests. */
export interface TransportStats {
  /** Requests sent again after they met no server. */
  retries: number;
  /** Waits for RATE_LIMITED (or SERVICE_UNAVAILABLE) before sending again. */
  rateLimitWaits: number;
  /** Mutations answered over the socket. */
  socketMutations: number;
  /** Mutations sent over HTTP (the socket was down, or dropped before answering). */
  httpMutations: number;
}

export interface TransportOptions {
  readonly url: string;
  readonly token: () => string | null;
  readonly fetch: typeof fetch;
  readonly retry: RetryPolicy;
  /** How long one HTTP attempt may take before it counts as unanswered (ms). */
  readonly requestTimeoutMs: number;
  /** Ends every request in flight (the client's close). */
  readonly signal: AbortSignal;
  readonly onRateLimit: (budget: RateLimitBudget) => void;
  readonly onReachable: (reachable: boolean) => void;
  readonly onUnauthenticated: () => void;
  readonly log: (line: string) => void;
}

/** Options of one request. */
export interface RequestOptions {
  /** Ends the request (and its retries) with an AbortedError. */
  readonly signal?: AbortSignal;
}

type Attempt<T> =
  | { kind: 'data'; data: T }
  | { kind: 'error'; message: string; code: string; retryAfterSeconds: number | null }
  | { kind: 'wait'; ms: number; code: string }
  | { kind: 'unreachable'; reason: string; waitMs?: number };

export class Transport {
  /** Tokens this client rotated away from: a request refused for carrying one is sent again. */
  readonly rotatedAway = new Set<string>();
  readonly stats: TransportStats = { retries: 0, rateLimitWaits: 0, socketMutations: 0, httpMutations: 0 };

  constructor(
    private readonly options: TransportOptions,
    private readonly socket: SocketLink,
  ) {}

  /** The data of the operation; a top-level error is thrown as RequestError, no server as NetworkError. */
  async execute<TResult, TVariables>(
    document: AnyDocument<TResult, TVariables> | string,
    variables?: TVariables,
    request: RequestOptions = {},
  ): Promise<TResult> {
    const doc = prepare(document);
    const vars = withIdempotencyKey(doc, (variables ?? {}) as Record<string, unknown>);
    const signal = request.signal
      ? AbortSignal.any([request.signal, this.options.signal])
      : this.options.signal;
    const body = JSON.stringify({ query: doc.query, variables: vars, operationName: doc.operationName });
    for (let failures = 0; ;) {
      if (signal.aborted) throw new AbortedError();
      const sentWith = this.options.token();
      const overSocket = doc.mutation ? await this.overSocket<TResult>(doc.query, vars) : null;
      const answer = overSocket ?? (await this.overHttp<TResult>(body, doc.mutation, signal));
      switch (answer.kind) {
        case 'data':
          return answer.data;
        case 'error':
          // Sent with the token this client is rotating away from (a read racing rotateToken): not a
          // revocation; it is sent again once the new token is set.
          // A token replaced by setToken (another player) is not retried: the request was that player's.
          if (
            answer.code === 'UNAUTHENTICATED' &&
            ((sentWith !== null && this.rotatedAway.has(sentWith) && this.options.token() !== sentWith) ||
              (this.socket.rotating > 0 && doc.operationName !== 'RotateToken'))
          ) {
            await sleep(backoff(this.options.retry, 1), signal);
            continue;
          }
          if (answer.code === 'UNAUTHENTICATED') this.options.onUnauthenticated();
          throw new RequestError(answer.message, answer.code, doc.operationName, answer.retryAfterSeconds);
        case 'wait':
          this.stats.rateLimitWaits++;
          this.options.log(`${answer.code}: waiting ${answer.ms} ms as the server asks`);
          await sleep(answer.ms, signal);
          continue;
        case 'unreachable': {
          if (++failures > this.options.retry.maxRetries) {
            throw new NetworkError(`the server is unreachable: ${answer.reason}`, failures);
          }
          const delay = Math.max(answer.waitMs ?? 0, backoff(this.options.retry, failures));
          this.stats.retries++;
          this.options.log(`no answer from the server (${answer.reason}); trying again in ${delay} ms`);
          await sleep(delay, signal);
        }
      }
    }
  }

  private async overSocket<T>(query: string, variables: Record<string, unknown>): Promise<Attempt<T> | null> {
    const answer = await this.socket.send<T>(query, variables);
    if (!answer) return null;
    this.stats.socketMutations++;
    return judge(answer, 'the socket');
  }

  private async overHttp<T>(body: string, mutation: boolean, signal: AbortSignal): Promise<Attempt<T>> {
    if (mutation) this.stats.httpMutations++;
    const token = this.options.token();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    };
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await this.options.fetch(this.options.url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.requestTimeoutMs)]),
      });
    } catch (error) {
      if (signal.aborted) throw new AbortedError();
      this.options.onReachable(false);
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { kind: 'unreachable', reason: cause ?? (error as Error).message };
    }
    let parsed: GraphqlBody<T> | null = null;
    try {
      parsed = (await response.json()) as GraphqlBody<T>;
    } catch {
      parsed = null;
    }
    const budget = parsed?.extensions?.rateLimit as RateLimitBudget | undefined;
    if (budget) this.options.onRateLimit(budget);
    if (!parsed || typeof parsed !== 'object') {
      this.options.onReachable(false);
      return { kind: 'unreachable', reason: `HTTP ${response.status} without a GraphQL answer` };
    }
    if ((response.status === 502 || response.status === 504) && !parsed.errors) {
      this.options.onReachable(false);
      return { kind: 'unreachable', reason: `HTTP ${response.status}` };
    }
    this.options.onReachable(true);
    return judge(parsed, `HTTP ${response.status}`);
  }
}

/** What an answer means: its data, a wait the server asks for, or an error that trying again cannot fix. */
function judge<T>(parsed: GraphqlBody<T>, from: string): Attempt<T> {
  const first = parsed.errors?.[0];
  const code = first?.extensions?.code;
  const retryAfter = first?.extensions?.retryAfterSeconds;
  if (code === 'RATE_LIMITED') return { kind: 'wait', ms: 1000 * (retryAfter ?? 1), code };
  if (code === 'SERVICE_UNAVAILABLE') {
    return { kind: 'unreachable', reason: 'SERVICE_UNAVAILABLE', waitMs: 1000 * (retryAfter ?? 1) };
  }
  if (first || !parsed.data) {
    return {
      kind: 'error',
      message: first?.message ?? `${from} answered without data`,
      code: code ?? 'INTERNAL_SERVER_ERROR',
      retryAfterSeconds: retryAfter ?? null,
    };
  }
  return { kind: 'data', data: parsed.data };
}
