// How long anything waits for a database connection, and how to tell that such a wait ran out.

/** The longest wait for a connection from a pool (or for a new one to open). */
export const CONNECTION_WAIT_MS = 5_000;

/** pg-pool's and pg's messages when a wait for a connection ran out. */
const TIMEOUT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'connection terminated due to connection timeout',
];

/**
 * Whether `error` (or what it wraps: Prisma and graphql-js keep the original as `cause` or `originalError`)
 * is a wait for a database connection that ran out.
 */
export function isConnectionWaitTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { message, name } = e as { message?: unknown; name?: unknown };
    if (name === 'LockWaitTimeout') return true;
    if (typeof message === 'string' && TIMEOUT_MESSAGES.some((m) => message.toLowerCase().includes(m)))
      return true;
    e = (e as { originalError?: unknown }).originalError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
