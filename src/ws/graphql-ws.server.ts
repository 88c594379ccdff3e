// graphql-ws on the HTTP server's /graphql path: sockets and their operations go through the request gate.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Client } from '../gate/client-limits';
import type { OriginPolicy } from '../gate/origin-policy';
import type { RequestGate } from '../gate/request-gate';
import { MAX_BODY_BYTES } from '../gate/server-limits';
import { audienceOf, documentDependencies } from '../graphql/audiences';
import { SubscriptionExecutor } from './subscription-executor';
import { countWrites, writeOncePerTurn } from './turn-writes';

export interface WsServer {
  readonly connections: () => number;
  /** Client addresses holding a socket here (SOCKETS_PER_ADDRESS counts by them). */
  readonly addresses: () => number;
  /** Operations running on the open sockets. */
  readonly subscriptions: () => number;
  /** Closes every socket with 1001 (going away) and stops accepting new ones. */
  close(): Promise<void>;
  /**
   * Closes with 4403 the player's sockets whose token `isCurrent` no longer accepts (after a rotation);
   * resolves to how many it closed.
   */
  closeRevoked(
    playerId: string | null,
    isCurrent: (playerId: string, token: string) => Promise<boolean>,
  ): Promise<number>;
}

export interface WsOptions {
  readonly production: boolean;
  /** Milliseconds a socket may take to send connection_init. */
  readonly connectionInitTimeoutMs: number;
  /** Shows an error to a client, as over HTTP (in production: internal errors masked and logged). */
  readonly formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  /** The browser origins that may connect: a page from another origin is refused with 403. */
  readonly origins: OriginPolicy;
  /**
   * Keep-alive (ms): each socket is pinged this often and closed when no pong came this long after a ping,
   * so a socket that dies without a close frame is dropped within twice this (default 12 s: within 24 s).
   */
  readonly keepAliveMs?: number;
  /** Frames of one turn to one socket in one write (default true). */
  readonly turnWrites?: boolean;
  /** One execution of an event per audience rather than per viewer (default true). */
  readonly audiences?: boolean;
  /** Queries and mutations a socket sends again run compiled (default true). */
  readonly compiledOperations?: boolean;
}

/** The Retry-After of an upgrade past SOCKETS_PER_ADDRESS: a slot frees only when a socket of it closes. */
export const SOCKET_SLOT_RETRY_SECONDS = 10;

/** graphql-ws's own default keep-alive (ms). */
export const DEFAULT_KEEP_ALIVE_MS = 12_000;

type Extra = { client?: Client; socketKey?: string };

/**
 * graphql-ws (`graphql-transport-ws`) on the HTTP server's /graphql path. The player comes from
 * `connectionParams.authorization`: a bad token closes the socket with 4403, no token is a spectator.
 * Operations get the same parsing, validation, limits and rate limits as over HTTP.
 */
export function startGraphqlWs(
  httpServer: Server,
  schema: GraphQLSchema,
  gate: RequestGate,
  options: WsOptions,
): WsServer {
  const wss = new WebSocketServer({
    server: httpServer,
    path: '/graphql',
    maxPayload: MAX_BODY_BYTES,
    verifyClient: (info, done) => {
      if (!options.origins.allows(info.req.headers.origin)) {
        done(false, 403, 'this origin may not connect to the API');
        return;
      }
      // Taken before the upgrade and given back when the connection closes, however it ends.
      const release = gate.socketSlot(info.req);
      if (!release) {
        done(false, 429, `too many sockets from this address: retry in ${SOCKET_SLOT_RETRY_SECONDS} s`, {
          'retry-after': String(SOCKET_SLOT_RETRY_SECONDS),
        });
        return;
      }
      const wait = gate.admit(info.req);
      if (wait > 0) {
        release();
        done(false, 429, `too many connections: retry in ${wait} s`, {
          'retry-after': String(Math.ceil(wait)),
        });
        return;
      }
      if (info.req.socket.destroyed) release();
      else info.req.socket.once('close', release);
      done(true);
    },
  });
  // graphql-ws sends errors as they are: format them like Apollo does over HTTP (and drop the HTTP status).
  const toClient = (error: GraphQLError): GraphQLFormattedError => {
    const formatted = options.formatError(error.toJSON(), error);
    if (!formatted.extensions || !('http' in formatted.extensions)) return formatted;
    const extensions = { ...formatted.extensions };
    delete extensions.http;
    return { ...formatted, extensions };
  };
  wss.on('connection', (socket, request) =>
    options.turnWrites === false ? countWrites(socket) : writeOncePerTurn(socket, request.socket),
  );
  const executor = new SubscriptionExecutor(
    schema,
    undefined,
    options.audiences === false ? null : { dependencies: documentDependencies, audience: audienceOf },
  );
  // Revocation notices so far, and the check they came with (see onConnect).
  const revocation: {
    notices: number;
    check: ((playerId: string, token: string) => Promise<boolean>) | null;
  } = {
    notices: 0,
    check: null,
  };
  // The sockets past connection_init, for counting their running operations.
  const accepted = new Set<{
    subscriptions: Record<string, unknown>;
    extra: Extra & { socket: { close(code: number, reason: string): void } };
  }>();
  const disposable = useServer<Record<string, unknown>, Extra>(
    {
      schema,
      subscribe: executor.subscribe,
      execute: options.compiledOperations === false ? undefined : executor.execute,
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors
          ? {
              ...result,
              // No data: the variables were refused before execution (Apollo's BAD_USER_INPUT over HTTP).
              errors: result.errors.map((e) => toClient('data' in result ? e : badUserInput(e))),
            }
          : undefined,
      onError: (_ctx, _id, _payload, errors) => errors.map(toClient),
      isProd: options.production,
      connectionInitWaitTimeout: options.connectionInitTimeoutMs,
      onConnect: async (ctx) => {
        const noticesBefore = revocation.notices;
        const client = await gate.connect(ctx.extra.request, authorizationParam(ctx.connectionParams));
        if (!client) return false;
        ctx.extra.client = client;
        accepted.add(ctx);
        // A rotation whose notice came while the token was looked up found no socket to close; the lookup may
        // have read the token before the rotation: check it again now that later notices will find the socket.
        const { check } = revocation;
        if (revocation.notices !== noticesBefore && check && client.viewer && client.token) {
          if (!(await check(client.viewer.id, client.token))) {
            accepted.delete(ctx);
            return false;
          }
        }
        return true;
      },
      onClose: (ctx) => {
        accepted.delete(ctx);
      },
      onSubscribe: (ctx, _id, payload) => {
        // graphql-ws lists the socket's running operations, this one included; a client's complete removes its
        // operation at once (a count kept in onComplete would lag behind, refusing a client that completes
        // one subscription and starts another).
        const running = Object.keys(ctx.subscriptions).length - 1;
        const checked = gate.socketOperation(
          ctx.extra.client!,
          () => executor.parse(payload.query),
          payload,
          running,
        );
        if (Array.isArray(checked)) return checked;
        return {
          schema,
          document: checked.document,
          variableValues: payload.variables,
          operationName: payload.operationName,
          // The socket's key: an anonymous socket counts once among a game's viewers, whatever it follows.
          contextValue: Object.assign(checked.contextValue, {
            socketKey: (ctx.extra.socketKey ??= randomUUID()),
          }),
        };
      },
    },
    wss,
    options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS,
  );
  return {
    connections: () => wss.clients.size,
    addresses: () => gate.socketAddresses(),
    subscriptions: () => {
      let running = 0;
      for (const ctx of accepted) running += Object.keys(ctx.subscriptions).length;
      return running;
    },
    async close() {
      await disposable.dispose();
    },
    async closeRevoked(playerId, isCurrent) {
      revocation.notices++;
      revocation.check = isCurrent;
      // null: every player's sockets (after missed notices).
      const sockets = [...accepted].filter((ctx) => {
        const id = ctx.extra.client?.viewer?.id;
        return id !== undefined && (playerId === null || id === playerId);
      });
      let closed = 0;
      for (const ctx of sockets) {
        const token = ctx.extra.client?.token;
        const id = ctx.extra.client!.viewer!.id;
        if (token && (await isCurrent(id, token))) continue;
        accepted.delete(ctx);
        ctx.extra.socket.close(4403, 'Forbidden');
        closed++;
      }
      return closed;
    },
  };
}

/** A request error without a code (graphql-js's variable coercion) with the code Apollo gives it over HTTP. */
function badUserInput(error: GraphQLError): GraphQLError {
  // Only coercion's own errors: a failure while starting the stream (the database down) stays internal.
  if (error.extensions?.code || !error.message.startsWith('Variable "$')) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    originalError: error.originalError,
    extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
  });
}

/** `connectionParams.authorization`, whatever the case of its name (like an HTTP header). */
export function authorizationParam(params: Readonly<Record<string, unknown>> | undefined): unknown {
  if (!params) return undefined;
  if (Object.hasOwn(params, 'authorization')) return params.authorization;
  const key = Object.keys(params).find((k) => k.toLowerCase() === 'authorization');
  return key === undefined ? undefined : params[key];
}
