// The top-level errors of the public contract.
import { GraphQLError } from 'graphql';

/** Top-level error codes of the public contract (`extensions.code`). */
export type TopLevelCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'RATE_LIMITED'
  | 'SPECTATORS_NOT_ALLOWED';

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
