// A subscription that outlives its connection: after a loss it subscribes again, after a growing pause, with
// fresh variables (a game's log resumes after the last seq it delivered). A refusal by the server (not found,
// forbidden, the token revoked) ends it with a typed error.
import { NetworkError, RequestError } from './errors.js';
import { backoff, type RetryPolicy } from './retry.js';
import type { GraphqlErrorBody, SocketLink } from './socket.js';

/** What a resumable subscription calls (see {@link PerudoClient.subscribe}). */
export interface StreamHandlers<T> {
  /** The variables of each subscription, read again at every resume. */
  readonly variables: () => Record<string, unknown>;
  /** Each result's data. */
  readonly next: (data: T) => void;
  /** Called before each resubscription after a loss: something may have been missed meanwhile. */
  readonly resumed?: () => void;
  /** Called once when the stream ends for good on an error. */
  readonly failed: (error: RequestError | NetworkError) => void;
  /** Whether a completed stream is over (true) or should be resumed (false, the default). */
  readonly finished?: () => boolean;
}

/** A running stream; `close` ends it. */
export interface Stream {
  /** Ends the subscription; no handler is called after it. */
  close(): void;
  /** How many times it was subscribed again after a loss. */
  readonly resumes: number;
}

export function follow<T>(
  link: SocketLink,
  query: string,
  operation: string,
  policy: RetryPolicy,
  handlers: StreamHandlers<T>,
): Stream {
  let closed = false;
  let cancel: (() => void) | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = link.generation;
  const state = { resumes: 0 };

  const end = (error: RequestError | NetworkError): void => {
    if (closed) return;
    closed = true;
    cancel?.();
    handlers.failed(error);
  };

  const again = (delay: number): void => {
    cancel = null;
    timer = setTimeout(() => {
      if (closed) return;
      state.resumes++;
      handlers.resumed?.();
      start();
    }, delay);
  };

  const lost = (error: unknown): void => {
    if (closed) return;
    if (Array.isArray(error)) {
      const first = error[0] as GraphqlErrorBody | undefined;
      const code = first?.extensions?.code ?? 'INTERNAL_SERVER_ERROR';
      if (code === 'RATE_LIMITED' || code === 'SERVICE_UNAVAILABLE') {
        again(1000 * (first?.extensions?.retryAfterSeconds ?? 1));
        return;
      }
      end(new RequestError(first?.message ?? 'refused', code, operation));
      return;
    }
    const closeCode = (error as { code?: unknown } | null)?.code;
    if (link.generation !== generation) {
      // The token changed under the stream: it resumes at once on the new socket.
      again(0);
      return;
    }
    // A 4403 during this client's own rotation is not a revocation: the stream waits for the new token.
    if (closeCode === 4403 && link.rotating === 0) {
      end(new RequestError('the token was revoked or is unknown', 'UNAUTHENTICATED', operation));
      return;
    }
    if (++failures > policy.maxRetries) {
      end(new NetworkError(`${operation}: the server is unreachable`, failures));
      return;
    }
    again(backoff(policy, failures));
  };

  const start = (): void => {
    generation = link.generation;
    let stopped = false;
    const unsubscribe = link.subscribe<T>(query, handlers.variables(), {
      next: (value) => {
        if (stopped || closed) return;
        if (value.errors?.length) {
          stopped = true;
          unsubscribe();
          lost(value.errors);
          return;
        }
        failures = 0;
        if (value.data) handlers.next(value.data);
      },
      error: (error) => {
        if (stopped) return;
        stopped = true;
        lost(error);
      },
      complete: () => {
        if (stopped || closed) return;
        stopped = true;
        if (handlers.finished?.()) {
          closed = true;
          return;
        }
        lost(new Error('the stream ended'));
      },
    });
    cancel = () => {
      stopped = true;
      unsubscribe();
    };
  };

  start();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      cancel?.();
    },
    get resumes() {
      return state.resumes;
    },
  };
}
