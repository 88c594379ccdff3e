// The API client: subscriptions over WebSocket (graphql-ws), mutations on that socket while it is open, and
// everything else over HTTP (fetch).
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

const MUTATION = /^\s*mutation\b/;
/** How long a mutation waits for its answer on the socket before it is sent over HTTP instead. */
const SOCKET_ANSWER_MS = 10_000;

/**
 * Runs a query or mutation as the signed-in player (or anonymously); throws the first top-level error. A
 * mutation goes over the open WebSocket when there is one, else (or when the socket drops before answering)
 * over HTTP: every mutation that is not naturally idempotent carries an idempotencyKey, so the HTTP retry of a
 * move the server already applied is answered from its record.
 */
export async function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  const query = document.toString();
  const vars = (variables ?? {}) as Record<string, unknown>;
  if (MUTATION.test(query)) {
    const answer = await overSocket<TResult>(query, vars);
    if (answer) {
      apiReachable();
      return settle(answer, 'the socket answered without data');
    }
  }
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
      body: JSON.stringify({ query, variables: vars }),
    });
  } catch {
    apiUnreachable();
    throw new ApiError(`cannot reach the API at ${API_URL}`, null);
  }
  apiReachable();
  const body = (await response.json().catch(() => null)) as GraphQLResponse<TResult> | null;
  return settle(body, `HTTP ${response.status} without data`);
}

/** The data of an answer, or its first top-level error thrown. */
function settle<TResult>(body: GraphQLResponse<TResult> | null, noData: string): TResult {
  const error = body?.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? null;
    // A token the server no longer knows (its database was reset): sign out rather than fail forever.
    if (code === 'UNAUTHENTICATED') session.signOut();
    throw new ApiError(error.message, code, error.extensions?.retryAfterSeconds ?? null);
  }
  if (!body?.data) throw new ApiError(noData, null);
  return body.data;
}

/**
 * One operation on the subscriptions' socket if it is connected with the session's token: its answer, or
 * null when the socket is down or went down before answering (the caller sends it over HTTP).
 */
function overSocket<TResult>(
  query: string,
  variables: Record<string, unknown>,
): Promise<GraphQLResponse<TResult> | null> {
  const client = socket;
  if (!client || !socketConnected || socketToken !== session.token()) return Promise.resolve(null);
  return new Promise((resolve) => {
    let answer: GraphQLResponse<TResult> | null = null;
    // A connection that died without a close frame (a phone that lost its network) answers nothing: the
    // mutation then goes over HTTP, its idempotencyKey unchanged.
    const timer = setTimeout(() => {
      cancel();
      resolve(answer);
    }, SOCKET_ANSWER_MS);
    const settle = (result: GraphQLResponse<TResult> | null): void => {
      clearTimeout(timer);
      resolve(result);
    };
    const cancel = client.subscribe<TResult>(
      { query, variables },
      {
        next: (result) => {
          answer = result as GraphQLResponse<TResult>;
        },
        // An array: the server refused the operation (its errors, as over HTTP); anything else: the socket closed.
        error: (error) =>
          settle(Array.isArray(error) ? { errors: error as GraphQLResponse<TResult>['errors'] } : answer),
        complete: () => settle(answer),
      },
    );
  });
}

let socket: Client | null = null;
let socketToken: string | null | undefined;
/** The socket has an acknowledged connection (mutations may use it). */
let socketConnected = false;

/** One WebSocket for all subscriptions, opened with the signed-in player's token (reopened if it changes). */
function wsClient(): Client {
  const token = session.token();
  if (socket && socketToken === token) return socket;
  void socket?.dispose();
  socketToken = token;
  socketConnected = false;
  const client: Client = createClient({
    url: WS_URL,
    lazy: true,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    // Reconnection is the subscriber's: it resumes from what it has seen (see subscribe below).
    retryAttempts: 0,
    on: {
      connected: () => {
        if (socket === client) socketConnected = true;
      },
      closed: () => {
        if (socket === client) socketConnected = false;
      },
    },
  });
  socket = client;
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
