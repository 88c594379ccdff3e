// The abuse limits of one API process: rate limits, caps, and where they come from in the environment.
import { trustedProxiesFromEnv } from './client-address';
import type { RateLimit } from './rate-limiter';

/** Bytes of a request body over HTTP and of a message over WebSocket. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Wrong invite codes a player may give (joinGame of a PRIVATE game): 10 at once, then one a minute. Always
 * on, whatever RATE_LIMITS says: it is what keeps the code space out of reach (SECURITY.md).
 */
export const INVITE_GUESSES = { perSecond: 1 / 60, burst: 10 } as const;

/** Abuse limits of one API process. */
export interface ServerLimits {
  /** Requests (HTTP) and WebSocket connections per client IP; null disables. */
  readonly perIp: RateLimit | null;
  /** Requests and socket operations per authenticated player; null disables. */
  readonly perPlayer: RateLimit | null;
  /** Operations per WebSocket; null disables. */
  readonly perSocket: RateLimit | null;
  /** Player registrations per client IP (a quota of its own: accounts are cheap to make); null disables. */
  readonly registrationsPerIp: RateLimit | null;
  readonly maxSubscriptionsPerSocket: number;
  /** Games (in the lobby or being played) a player may sit in at once. */
  readonly maxActiveGamesPerPlayer: number;
  /** Milliseconds a socket may take to send connection_init. */
  readonly connectionInitTimeoutMs: number;
  /** Proxies in front of the server that append to X-Forwarded-For; per-IP limits count the client they saw. */
  readonly trustedProxies: number;
  /**
   * WebSocket connections one client address may hold on this process (SOCKETS_PER_ADDRESS); the upgrade past
   * it is answered 429. Null lifts it (with the rate limits, for load tests from one host).
   */
  readonly socketsPerAddress: number | null;
  /** Events a subscription may replay for one token of its client's rate limits (a replay is charged). */
  readonly replayEventsPerToken: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  perIp: { perSecond: 200, burst: 400 },
  perPlayer: { perSecond: 30, burst: 60 },
  perSocket: { perSecond: 30, burst: 60 },
  registrationsPerIp: { perSecond: 5 / 60, burst: 5 },
  maxSubscriptionsPerSocket: 50,
  maxActiveGamesPerPlayer: 20,
  connectionInitTimeoutMs: 10_000,
  trustedProxies: 0,
  socketsPerAddress: 50,
  replayEventsPerToken: 25,
};

/** The caps without rate limits: for load tests and test servers driven by one host. */
export const NO_RATE_LIMITS: ServerLimits = {
  ...DEFAULT_LIMITS,
  perIp: null,
  perPlayer: null,
  perSocket: null,
  registrationsPerIp: null,
  socketsPerAddress: null,
};

/** A positive number from the environment, or the default when unset; anything else stops the start. */
function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not "${text}"`);
  return value;
}

/**
 * The registration quota: REGISTRATIONS_PER_MINUTE (default 5) per address sustained, bursts of
 * REGISTRATION_BURST (default 5). REGISTRATIONS_PER_MINUTE=off lifts it.
 */
function registrationQuotaFromEnv(env: NodeJS.ProcessEnv): RateLimit | null {
  if (env.REGISTRATIONS_PER_MINUTE === 'off') return null;
  const fallback = DEFAULT_LIMITS.registrationsPerIp!;
  return {
    perSecond: positiveNumber(env, 'REGISTRATIONS_PER_MINUTE', fallback.perSecond * 60) / 60,
    burst: positiveNumber(env, 'REGISTRATION_BURST', fallback.burst),
  };
}

/** Most sockets SOCKETS_PER_ADDRESS may allow one address. */
const MAX_SOCKETS_PER_ADDRESS = 100_000;

/** SOCKETS_PER_ADDRESS: a whole number from 1, `off`, or (unset) `fallback`. */
function socketsPerAddressFromEnv(env: NodeJS.ProcessEnv, fallback: number | null): number | null {
  const text = env.SOCKETS_PER_ADDRESS;
  if (text === undefined || text === '') return fallback;
  if (text === 'off') return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > MAX_SOCKETS_PER_ADDRESS) {
    throw new Error(
      `SOCKETS_PER_ADDRESS must be a whole number from 1 to ${MAX_SOCKETS_PER_ADDRESS} or off, not "${text}"`,
    );
  }
  return value;
}

/**
 * RATE_LIMITS=off lifts the rate limits and the sockets per address (load tests from one host) unless
 * SOCKETS_PER_ADDRESS is set; the other caps stay. TRUST_PROXY=N: the server is behind N proxies that
 * append to X-Forwarded-For.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerLimits {
  const limits =
    env.RATE_LIMITS === 'off'
      ? NO_RATE_LIMITS
      : { ...DEFAULT_LIMITS, registrationsPerIp: registrationQuotaFromEnv(env) };
  return {
    ...limits,
    trustedProxies: trustedProxiesFromEnv(env.TRUST_PROXY),
    socketsPerAddress: socketsPerAddressFromEnv(env, limits.socketsPerAddress),
  };
}
