// GraphQL over HTTP for the bot, surviving a server that restarts: a request that meets no server (connection
// refused or reset, a 502/503/504 from a proxy, a body that is not GraphQL's JSON) is sent again after a
// growing pause. Mutations carry an idempotencyKey that stays the same on every retry, so a move the server
// applied before it died is answered from its record instead of being played twice.
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

/** A GraphQL endpoint as one player sees it. */
export class GraphqlTransport {
  /** Requests sent again after a failure to reach the server. */
  retries = 0;
  token: string | undefined;

  constructor(
    readonly url: string,
    private readonly policy: RetryPolicy = DEFAULT_RETRY,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** POSTs one operation, again after a failure to reach the server; GraphQL errors are thrown (fatal). */
  async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const body = JSON.stringify({ query, variables });
    for (let failures = 0; ;) {
      const answer = await this.attempt<T>(body);
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

  private async attempt<T>(body: string): Promise<Attempt<T>> {
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
    const first = parsed.errors?.[0];
    if (first?.extensions?.code === 'RATE_LIMITED') {
      return { kind: 'rate-limited', retryAfterMs: 1000 * (first.extensions.retryAfterSeconds ?? 1) };
    }
    if (first || !parsed.data) {
      return {
        kind: 'error',
        message: `${first?.extensions?.code ?? `HTTP ${response.status}`}: ${first?.message ?? 'no data'}`,
      };
    }
    return { kind: 'data', data: parsed.data };
  }
}

interface GraphqlBody<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string; retryAfterSeconds?: number } }[];
}

type Attempt<T> =
  | { kind: 'data'; data: T }
  | { kind: 'error'; message: string }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'unreachable'; reason: string };
