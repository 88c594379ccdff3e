// How long to wait before trying again, and waits an AbortSignal can cut short.
import { AbortedError } from './errors.js';

/** When and how often a request that met no server is sent again. */
export interface RetryPolicy {
  /** The pause after the first failed attempt (ms); it doubles on each failure, up to `maxDelayMs`. */
  readonly delayMs: number;
  /** The longest pause between two attempts (ms). */
  readonly maxDelayMs: number;
  /** Give up (NetworkError) after this many failed attempts in a row. */
  readonly maxRetries: number;
}

/** 200 ms doubling to 5 s, 30 attempts: about two minutes, long enough for a server to restart. */
export const DEFAULT_RETRY: RetryPolicy = { delayMs: 200, maxDelayMs: 5_000, maxRetries: 30 };

/** The pause before attempt `failures + 1`, after `failures` failures in a row. */
export function backoff(policy: RetryPolicy, failures: number): number {
  return Math.min(policy.delayMs * 2 ** Math.max(0, failures - 1), policy.maxDelayMs);
}

/** Resolves after `ms`, or rejects with AbortedError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(new AbortedError());
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
