import { GraphQLError } from 'graphql';

/** Top-level error codes of the public contract (`extensions.code`). */
export type TopLevelCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'RATE_LIMITED';

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

export function badInput(message: string, field: string): GraphQLError {
  return apiError('BAD_USER_INPUT', message, { field });
}

export function notFound(what: string): GraphQLError {
  return apiError('NOT_FOUND', `${what} does not exist`);
}
