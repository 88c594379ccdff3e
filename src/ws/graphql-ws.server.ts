import type { Server } from 'node:http';
import { getOperationAST, GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { bearerToken, createContext, type Services } from '../graphql/context';
import { checkOperationLimits, mutationFieldCount } from '../graphql/operation-limits';
import { rateLimited } from '../graphql/rate-limit-error';
import { clientAddress } from '../http/client-address';
import { MAX_BODY_BYTES } from '../http/graphql-http.handler';
import { RateLimiter, takeFromAll } from '../http/rate-limiter';
import type { ServerLimits } from '../limits';
import type { PlayerRecord } from '../store/player.repository';
import { SubscriptionExecutor, type ParsedOperation } from './subscription-executor';

export interface WsServer {
  readonly connections: () => number;
  /** Closes every socket with 1001 (going away) and stops accepting new ones. */
  close(): Promise<void>;
}

export interface WsOptions {
  readonly production: boolean;
  readonly limits: ServerLimits;
  readonly ipLimiter: RateLimiter | null;
  readonly playerLimiter: RateLimiter | null;
  /** Shows an error to a client, as over HTTP (in production: internal errors masked and logged). */
  readonly formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
}

type Extra = {
  viewer?: PlayerRecord | null;
  limiter?: RateLimiter | null;
  /** The client's address, as the per-IP limit counts it. */
  address?: string;
};

function codeOf(error: GraphQLError, fallback: string): GraphQLError {
  if (error.extensions?.code) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    extensions: { ...error.extensions, code: fallback },
  });
}

/**
 * graphql-ws (`graphql-transport-ws`) on the HTTP server's /graphql path. The player comes from
 * `connectionParams.authorization`: a bad token closes the socket with 4403, no token is a spectator.
 * Operations get the same parsing, validation, limits and rate limits as over HTTP.
 */
export function startGraphqlWs(
  httpServer: Server,
  schema: GraphQLSchema,
  services: Services,
  options: WsOptions,
): WsServer {
  const { limits } = options;
  const wss = new WebSocketServer({
    server: httpServer,
    path: '/graphql',
    maxPayload: MAX_BODY_BYTES,
    verifyClient: (info, done) => {
      const wait = options.ipLimiter?.take(clientAddress(info.req, limits.trustedProxies)) ?? 0;
      if (wait > 0)
        done(false, 429, `too many connections: retry in ${wait} s`, {
          'retry-after': String(Math.ceil(wait)),
        });
      else done(true);
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
  const executor = new SubscriptionExecutor(schema);
  const disposable = useServer<Record<string, unknown>, Extra>(
    {
      schema,
      subscribe: executor.subscribe,
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map(toClient) } : undefined,
      onError: (_ctx, _id, _payload, errors) => errors.map(toClient),
      isProd: options.production,
      connectionInitWaitTimeout: limits.connectionInitTimeoutMs,
      onConnect: async (ctx) => {
        ctx.extra.limiter = limits.perSocket ? new RateLimiter(limits.perSocket) : null;
        ctx.extra.address = clientAddress(ctx.extra.request, limits.trustedProxies);
        const auth = authorizationParam(ctx.connectionParams);
        if (auth === undefined || auth === null || auth === '') {
          ctx.extra.viewer = null;
          return true;
        }
        const token = typeof auth === 'string' ? bearerToken(auth) : null;
        const viewer = token ? await services.players.findByToken(token) : null;
        if (!viewer) return false;
        ctx.extra.viewer = viewer;
        return true;
      },
      onSubscribe: (ctx, _id, payload) => {
        const extra = ctx.extra;
        // Each operation (and each further mutation in it) takes a token from the socket's, the player's
        // and the address's limits, as a request over HTTP does.
        const charge = (tokens: number): GraphQLError | null => {
          const waits = takeFromAll(
            [
              [extra.limiter, 'socket'],
              [extra.viewer ? options.playerLimiter : null, extra.viewer?.id ?? ''],
              [options.ipLimiter, extra.address ?? ''],
            ],
            tokens,
          );
          const wait = Math.max(...waits);
          if (wait === 0) return null;
          return rateLimited(wait === waits[2] ? 'address' : extra.viewer ? 'player' : 'connection', wait);
        };
        const refused = charge(1);
        if (refused) return [refused];
        // graphql-ws lists the socket's running operations, this one included; a client's complete removes its
        // operation at once (a count kept in onComplete would lag behind, refusing a client that completes
        // one subscription and starts another).
        if (Object.keys(ctx.subscriptions).length - 1 >= limits.maxSubscriptionsPerSocket) {
          return [
            new GraphQLError(`at most ${limits.maxSubscriptionsPerSocket} operations may run on one socket`, {
              extensions: { code: 'RATE_LIMITED' },
            }),
          ];
        }
        let parsed: ParsedOperation;
        try {
          parsed = executor.parse(payload.query);
        } catch (error) {
          return [codeOf(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')];
        }
        const { document, errors: invalid } = parsed;
        if (invalid.length) {
          return invalid.map((e) => codeOf(e, 'GRAPHQL_VALIDATION_FAILED'));
        }
        // As over HTTP: the operation to run must be named when there are several, and must exist.
        if (!getOperationAST(document, payload.operationName)) {
          const message = payload.operationName
            ? `Unknown operation named "${payload.operationName}".`
            : 'Must provide operation name if query contains multiple operations.';
          return [new GraphQLError(message, { extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })];
        }
        const over = checkOperationLimits(
          schema,
          document,
          payload.variables ?? undefined,
          payload.operationName,
        );
        // Coercing the variables (for the cost) may refuse them with hints as well.
        if (over.length) return over;
        // The operation paid for one mutation; each further one pays for itself.
        const more = mutationFieldCount(document, payload.operationName) - 1;
        const overCharged = more > 0 ? charge(more) : null;
        if (overCharged) return [overCharged];
        return {
          schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
          contextValue: createContext(services, extra.viewer ?? null),
        };
      },
    },
    wss,
  );
  return {
    connections: () => wss.clients.size,
    async close() {
      await disposable.dispose();
    },
  };
}

/** `connectionParams.authorization`, whatever the case of its name (like an HTTP header). */
export function authorizationParam(params: Readonly<Record<string, unknown>> | undefined): unknown {
  if (!params) return undefined;
  if (Object.hasOwn(params, 'authorization')) return params.authorization;
  const key = Object.keys(params).find((k) => k.toLowerCase() === 'authorization');
  return key === undefined ? undefined : params[key];
}
