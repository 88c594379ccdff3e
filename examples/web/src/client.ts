// The API client: operations over HTTP (fetch) and subscriptions over WebSocket (graphql-ws).
import { createClient, type Client } from 'graphql-ws';
import { apiReachable, apiUnreachable } from './api-status';
import { API_URL, WS_URL } from './config';
import type { TypedDocumentString } from './gql/graphql';
import { session } from './session';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; retryAfterSeconds?: number } }[];
}

/** Runs a query or mutation as the signed-in player (or anonymously); throws the first top-level error. */
export async function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  const token = session.token();
  let response: Response;
  try {
    response = await fetch(API_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
    });
  } catch {
    apiUnreachable();
    throw new ApiError(`cannot reach the API at ${API_URL}`, null);
  }
  apiReachable();
  const body = (await response.json().catch(() => null)) as GraphQLResponse<TResult> | null;
  const error = body?.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? null;
    // A token the server no longer knows (its database was reset): sign out rather than fail forever.
    if (code === 'UNAUTHENTICATED') session.signOut();
    throw new ApiError(error.message, code, error.extensions?.retryAfterSeconds ?? null);
  }
  if (!body?.data) throw new ApiError(`HTTP ${response.status} without data`, null);
  return body.data;
}

let socket: Client | null = null;
let socketToken: string | null | undefined;

/** One WebSocket for all subscriptions, opened with the signed-in player's token (reopened if it changes). */
function wsClient(): Client {
  const token = session.token();
  if (socket && socketToken === token) return socket;
  void socket?.dispose();
  socketToken = token;
  socket = createClient({
    url: WS_URL,
    lazy: true,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    // Reconnection is the subscriber's: it resumes from what it has seen (see subscribe below).
    retryAttempts: 0,
  });
  return socket;
}

export interface Subscription {
  close(): void;
}

/**
 * Subscribes, and subscribes again after a dropped connection with fresh variables from `variables()` (a game
 * resumes after the last seq it received), waiting a little longer after each failure.
 */
export function subscribe<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: () => TVariables,
  onData: (data: TResult) => void,
  onStatus: (connected: boolean) => void = () => {},
): Subscription {
  let closed = false;
  let stop: (() => void) | null = null;
  let failures = 0;
  const start = (): void => {
    if (closed) return;
    stop = wsClient().subscribe<TResult>(
      { query: document.toString(), variables: variables() as Record<string, unknown> },
      {
        next: (result) => {
          failures = 0;
          apiReachable();
          onStatus(true);
          if (result.data) onData(result.data);
        },
        error: () => retry(),
        complete: () => retry(),
      },
    );
    onStatus(true);
  };
  const retry = (): void => {
    if (closed) return;
    onStatus(false);
    apiUnreachable();
    failures++;
    setTimeout(start, Math.min(500 * 2 ** (failures - 1), 8_000));
  };
  start();
  return {
    close() {
      closed = true;
      stop?.();
    },
  };
}
