// The errors a client may see: codes of the public contract, internals hidden in production.
import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { isConnectionWaitTimeout } from '../store/connection-wait';
import { SERVICE_RETRY_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from './errors';

const PUBLIC_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'GRAPHQL_VALIDATION_FAILED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  // A game that allows no spectators, to a viewer without a seat (its game, node, gameEvents, gameChat).
  'SPECTATORS_NOT_ALLOWED',
  // Apollo's automatic persisted queries: clients that use them retry on these exact codes.
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/**
 * Apollo's and graphql-js's codes outside the public contract, as the contract's code that covers them; the
 * original code stays in `extensions.reason`.
 */
export const CONTRACT_CODES: Readonly<Record<string, string>> = {
  GRAPHQL_PARSE_FAILED: 'GRAPHQL_VALIDATION_FAILED',
  OPERATION_RESOLUTION_FAILURE: 'GRAPHQL_VALIDATION_FAILED',
  BAD_REQUEST: 'BAD_USER_INPUT',
  PAYLOAD_TOO_LARGE: 'BAD_USER_INPUT',
};

/** A formatted error with a code of the contract in place of one of CONTRACT_CODES' originals. */
function withContractCode(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  if (typeof code !== 'string' || !Object.hasOwn(CONTRACT_CODES, code)) return formatted;
  return { ...formatted, extensions: { ...formatted.extensions, code: CONTRACT_CODES[code], reason: code } };
}

/** A message without graphql-js's "Did you mean ...?" hints, which would reveal the schema in production. */
export function withoutSuggestions(message: string): string {
  return message.replace(/ ?Did you mean .*\?$/, '');
}

/**
 * Errors a client may see: our own coded errors as they are; anything else (a bug, a database failure)
 * becomes a bare INTERNAL_SERVER_ERROR in production, logged on the server only.
 */
export function formatError(production: boolean, log: (e: unknown) => void) {
  return (original: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const formatted = withContractCode(original);
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && PUBLIC_CODES.has(code)) {
      if (!production) return formatted;
      const extensions = { ...formatted.extensions };
      delete extensions.stacktrace;
      // Apollo strips hints from validation errors only; coercing variables adds them too.
      return { ...formatted, message: withoutSuggestions(formatted.message), extensions };
    }
    const cause = unwrapResolverError(error);
    if (isConnectionWaitTimeout(cause)) {
      // The server's fault, but an overload rather than a bug: one warning, no stack.
      log(`no database connection came free in time: answered SERVICE_UNAVAILABLE (${String(cause)})`);
      return {
        message: SERVICE_UNAVAILABLE_MESSAGE,
        ...(formatted.path ? { path: formatted.path } : {}),
        ...(formatted.locations ? { locations: formatted.locations } : {}),
        extensions: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: SERVICE_RETRY_SECONDS },
      };
    }
    log(cause);
    if (!production) return formatted;
    return {
      message: 'Internal server error',
      ...(formatted.path ? { path: formatted.path } : {}),
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}
