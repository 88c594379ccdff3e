// What can go wrong, as values a caller can switch on: a refusal (`UserError`, nothing changed) is returned,
// never thrown; a fault of the request (a top-level GraphQL error) or of the network is thrown as one of the
// error classes below.
import type { ErrorCode } from './gql/graphql.js';

/** Every refusal code a mutation's `userErrors` may carry (the schema's `ErrorCode`). */
export type RefusalCode = ErrorCode;

/** Why a mutation was refused; nothing was changed. */
export interface UserError {
  /** What kind of refusal, to switch on. */
  readonly code: RefusalCode;
  /** What was wrong and what would have been legal, for a person (English, for developers). */
  readonly message: string;
  /** The path of the input field at fault, if one is. */
  readonly field?: readonly string[] | null;
}

/** The codes of top-level GraphQL errors (`extensions.code`) the server sends. */
export type RequestErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'GRAPHQL_PARSE_FAILED'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

/** The base of every error this package throws. */
export class PerudoError extends Error {
  override readonly name: string = 'PerudoError';
}

/** The server answered with a top-level GraphQL error: the request was not carried out. */
export class RequestError extends PerudoError {
  override readonly name = 'RequestError';
  /** Made by the client from the server's first error. */
  constructor(
    message: string,
    /** `extensions.code` (one of RequestErrorCode, or another code a newer server sends). */
    readonly code: RequestErrorCode | (string & {}),
    /** The operation's name, when it has one. */
    readonly operation: string | null,
    /** `extensions.retryAfterSeconds` of RATE_LIMITED and SERVICE_UNAVAILABLE. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** The server could not be reached (refused, reset, timed out, a proxy's 502/503/504) after every retry. */
export class NetworkError extends PerudoError {
  override readonly name = 'NetworkError';
  /** Made by the client once its retry policy gives up. */
  constructor(
    message: string,
    /** How many attempts were made. */
    readonly attempts: number,
  ) {
    super(message);
  }
}

/** The caller's AbortSignal fired, or the client was closed, before the request was answered. */
export class AbortedError extends PerudoError {
  override readonly name = 'AbortedError';
  /** Made by the client when a signal aborts or it is closed. */
  constructor(message = 'the request was aborted') {
    super(message);
  }
}
