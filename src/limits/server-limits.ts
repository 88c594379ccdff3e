// The abuse limits of one API process: rate limits, caps, and where they come from in the environment.
import { trustedProxiesFromEnv } from './client-address';
import type { RateLimit } from './rate-limiter';

/** Bytes of a request body over HTTP and of a message over WebSocket. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Abuse limits of one API process. */
export interface ServerLimits {
  /** Requests (HTTP) and WebSocket connections per client IP; null disables. */
  readonly perIp: RateLimit | null;
  /** Requests and socket operations per authenticated player; null disables. */
  readonly perPlayer: RateLimit | null;
  /** Operations per WebSocket; null disables. */
  readonly perSocket: RateLimit | null;
  readonly maxSubscriptionsPerSocket: number;
  /** Games (in the lobby or being played) a player may sit in at once. */
  readonly maxActiveGamesPerPlayer: number;
  /** Milliseconds a socket may take to send connection_init. */
  readonly connectionInitTimeoutMs: number;
  /** Proxies in front of the server that append to X-Forwarded-For; per-IP limits count the client they saw. */
  readonly trustedProxies: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  perIp: { perSecond: 200, burst: 400 },
  perPlayer: { perSecond: 30, burst: 60 },
  perSocket: { perSecond: 30, burst: 60 },
  maxSubscriptionsPerSocket: 50,
  maxActiveGamesPerPlayer: 20,
  connectionInitTimeoutMs: 10_000,
  trustedProxies: 0,
};

/** The caps without rate limits: for load tests and test servers driven by one host. */
export const NO_RATE_LIMITS: ServerLimits = {
  ...DEFAULT_LIMITS,
  perIp: null,
  perPlayer: null,
  perSocket: null,
};

/**
 * RATE_LIMITS=off lifts the rate limits (load tests from one host); the caps stay. TRUST_PROXY=N: the server
 * is behind N proxies that append to X-Forwarded-For.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerLimits {
  const limits = env.RATE_LIMITS === 'off' ? NO_RATE_LIMITS : DEFAULT_LIMITS;
  return { ...limits, trustedProxies: trustedProxiesFromEnv(env.TRUST_PROXY) };
}
