// The top-level errors of the public contract.
import { GraphQLError } from 'graphql';

/** Top-level error codes of the public contract (`extensions.code`). */
export type TopLevelCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'RATE_LIMITED'
  | 'SPECTATORS_NOT_ALLOWED'
  // No database connection came free in time: nothing was done, the same call may be sent again later.
  | 'SERVICE_UNAVAILABLE';

/**
 * Codes of answers a client's own request caused (the contract's top-level codes, and Apollo's and
 * graphql-js's codes the contract maps to them): logged at info at most, never as a fault of the server.
 */
export const CLIENT_REFUSAL_CODES: ReadonlySet<string> = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  'RATE_LIMITED',
  'SPECTATORS_NOT_ALLOWED',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

export function apiError(
  code: TopLevelCode,
  message: string,
  extensions: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message, { extensions: { ...extensions, code } });
}

export function unauthenticated(): GraphQLError {
  return apiError(
    'UNAUTHENTICATED',
    'this operation needs a player: send "Authorization: Bearer <token>" with the token from registerPlayer',
  );
}

/** A token was sent but matches no player: refused before anything runs (HTTP 401). */
export function invalidToken(): GraphQLError {
  return apiError('UNAUTHENTICATED', 'the bearer token is not valid: use the token registerPlayer returned', {
    http: { status: 401 },
  });
}

export function badInput(message: string, field: string): GraphQLError {
  return apiError('BAD_USER_INPUT', message, { field });
}

export function notFound(what: string): GraphQLError {
  return apiError('NOT_FOUND', `${what} does not exist`);
}

/** The wait a SERVICE_UNAVAILABLE answer asks for (s): a connection wait's length. */
export const SERVICE_RETRY_SECONDS = 5;

export const SERVICE_UNAVAILABLE_MESSAGE = `the server is too busy to answer now: retry in ${SERVICE_RETRY_SECONDS} s`;

/** No database connection came free in time (HTTP 503 with Retry-After, as RATE_LIMITED sends 429). */
export function serviceUnavailable(): GraphQLError {
  return apiError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE, {
    retryAfterSeconds: SERVICE_RETRY_SECONDS,
    http: { status: 503, headers: new Map([['retry-after', String(SERVICE_RETRY_SECONDS)]]) },
  });
}
