import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { bearerToken, createContext, type GraphQLContext, type Services } from './graphql/context';
import { invalidToken } from './graphql/errors';
import { formatError } from './graphql/format-error';
import { createSchema } from './graphql/schema';
import { graphqlHttpHandler } from './http/graphql-http.handler';
import { clientAddress } from './http/client-address';
import { RateLimiter, takeFromAll } from './http/rate-limiter';
import { RateLimitSync } from './http/rate-limit-sync';
import { checkOperationLimits, mutationFieldCount, OPERATION_LIMITS } from './graphql/operation-limits';
import { rateLimited } from './graphql/rate-limit-error';
import { NO_RATE_LIMITS, type ServerLimits } from './limits';
import { createDatabaseClients } from './persistence/prisma';
import type { ChangeBus } from './realtime/change-bus';
import { GameFeeds } from './realtime/game-feed';
import { LobbyFeed } from './realtime/lobby-feed';
import { PgChangeBus } from './realtime/pg-change-bus';
import { RedisChangeBus } from './realtime/redis-change-bus';
import { afterCommitNotifier, PgNotifier, type ChangeNotifier } from './store/change-notifier';
import { cryptoRng } from './store/crypto-rng';
import { EventLogQueries } from './store/event-log.queries';
import { GameSnapshotRepository } from './store/game-snapshots.repository';
import { startGraphqlWs, type WsServer } from './ws/graphql-ws.server';
import { TurnTimer } from './timers/turn-timer';
import { GameRepository } from './store/game.repository';
import { IdempotencyJanitor } from './store/idempotency-janitor';
import { PlayerRepository } from './store/player.repository';

export interface AppOptions {
  readonly databaseUrl: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  readonly production?: boolean;
  /** Fan events out through Redis pub/sub instead of PostgreSQL LISTEN/NOTIFY. */
  readonly redisUrl?: string | null;
  readonly log?: (message: unknown) => void;
  /** Defaults to the caps without rate limits; the server entry point reads them from the environment. */
  readonly limits?: ServerLimits;
  /** How often this process looks for turns that ran out (ms). */
  readonly turnTimerIntervalMs?: number;
  /** How often this process tells the others what its per-IP and per-player limits let through (ms). */
  readonly rateLimitSyncMs?: number;
}

export interface App {
  readonly url: string;
  readonly port: number;
  readonly httpServer: Server;
  readonly ws: WsServer;
  stop(): Promise<void>;
}

/** Starts the API on one HTTP server: GraphQL over HTTP and over WebSocket at /graphql. */
export async function startApp(options: AppOptions): Promise<App> {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const limits = options.limits ?? NO_RATE_LIMITS;
  const ipLimiter = limits.perIp ? new RateLimiter(limits.perIp) : null;
  const playerLimiter = limits.perPlayer ? new RateLimiter(limits.perPlayer) : null;
  const log = options.log ?? ((m: unknown) => console.error(m));
  const db = createDatabaseClients(options.databaseUrl, log);
  const prisma = db.prisma;
  let bus: ChangeBus;
  let notifier: ChangeNotifier;
  if (options.redisUrl) {
    const redis = await RedisChangeBus.start(options.redisUrl, log);
    bus = redis;
    notifier = afterCommitNotifier((change) => redis.publish(change));
  } else {
    bus = await PgChangeBus.start(options.databaseUrl, log);
    notifier = new PgNotifier(db.pool, log);
  }
  // Per-IP and per-player budgets hold across the processes that share this database (or Redis).
  const shared: Record<string, RateLimiter> = {};
  if (ipLimiter) shared.ip = ipLimiter;
  if (playerLimiter) shared.player = playerLimiter;
  const limitSync =
    Object.keys(shared).length > 0 ? new RateLimitSync(shared, bus, options.rateLimitSyncMs) : null;
  const games = new GameRepository(db, cryptoRng, () => new Date(), notifier);
  const services: Services = {
    players: new PlayerRepository(prisma),
    games,
    feeds: new GameFeeds(bus, games, log, {
      events: new EventLogQueries(db.pool),
      snapshots: new GameSnapshotRepository(db.pool, log),
    }),
    lobby: new LobbyFeed(bus, games, log),
    maxActiveGamesPerPlayer: limits.maxActiveGamesPerPlayer,
  };
  const turnTimer = new TurnTimer(games, log, options.turnTimerIntervalMs);
  const janitor = new IdempotencyJanitor(db.pool, null, log);
  const schema = await createSchema();
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    introspection: true,
    // The process's own signal handlers call stop(); Apollo's would race them (and re-raise the signal).
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: !production,
    hideSchemaDetailsFromClientErrors: production,
    parseOptions: { maxTokens: OPERATION_LIMITS.maxTokens },
    formatError: formatError(production, log),
    plugins: [
      // The default cache-control plugin hooks every field, which makes Apollo wrap every resolver of the
      // schema (the WebSocket executions share it); responses carry no cache hints, so it only costs.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      // Apollo decides on its landing page from NODE_ENV alone; a production server never serves one.
      ...(production ? [ApolloServerPluginLandingPageDisabled()] : []),
      {
        async requestDidStart() {
          return {
            async didResolveOperation({ document, request, schema: s, contextValue }) {
              const errors = checkOperationLimits(s, document, request.variables, request.operationName);
              if (errors.length) throw errors[0];
              // The request paid for one mutation; each further one in the operation pays for itself.
              const more = mutationFieldCount(document, request.operationName) - 1;
              const wait = more > 0 ? (contextValue.charge?.(more) ?? 0) : 0;
              if (wait > 0) throw rateLimited(contextValue.viewer ? 'player' : 'address', wait);
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  const context = async (req: IncomingMessage): Promise<GraphQLContext> => {
    const authorization = req.headers.authorization;
    const address = ipLimiter ? clientAddress(req, limits.trustedProxies) : '';
    if (!authorization) {
      return createContext(services, null, ipLimiter ? (n) => ipLimiter.take(address, n) : undefined);
    }
    const token = bearerToken(authorization);
    const viewer = token ? await services.players.findByToken(token) : null;
    if (!viewer) throw invalidToken();
    const wait = playerLimiter?.take(viewer.id) ?? 0;
    if (wait > 0) throw rateLimited('player', wait);
    const charge =
      ipLimiter || playerLimiter
        ? (n: number) =>
            Math.max(
              ...takeFromAll(
                [
                  [ipLimiter, address],
                  [playerLimiter, viewer.id],
                ],
                n,
              ),
            )
        : undefined;
    return createContext(services, viewer, charge);
  };
  const handle = graphqlHttpHandler(apollo, context);
  // Responses not yet sent: once stop() is called, each closes its connection when sent, so that a client's
  // keep-alive connection does not hold the shutdown until its idle timeout.
  const unsent = new Set<ServerResponse>();
  let stopping = false;
  const httpServer = createServer((req, res) => {
    if (stopping) res.setHeader('connection', 'close');
    unsent.add(res);
    res.once('close', () => unsent.delete(res));
    const path = (req.url ?? '/').split('?')[0];
    const wait = ipLimiter?.take(clientAddress(req, limits.trustedProxies)) ?? 0;
    if (wait > 0) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(Math.ceil(wait)) });
      res.end(
        JSON.stringify({
          errors: [
            {
              message: rateLimited('address', wait).message,
              extensions: { code: 'RATE_LIMITED', retryAfterSeconds: wait },
            },
          ],
        }),
      );
      return;
    }
    if (path === '/graphql') {
      handle(req, res).catch((error: unknown) => {
        log(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
          }),
        );
      });
    } else if (path === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the API is at /graphql');
    }
  });
  const ws = startGraphqlWs(httpServer, schema, services, {
    production,
    limits,
    ipLimiter,
    playerLimiter,
    formatError: formatError(production, log),
  });
  // A large accept queue: thousands of clients may (re)connect at once, e.g. after a restart.
  await new Promise<void>((resolve) =>
    httpServer.listen({ port: options.port, host: options.host ?? '0.0.0.0', backlog: 4096 }, resolve),
  );
  turnTimer.start();
  janitor.start();
  const port = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}/graphql`,
    port,
    httpServer,
    ws,
    async stop() {
      // Stop accepting, let in-flight requests finish, close sockets with 1001, then release the database.
      stopping = true;
      for (const res of unsent) if (!res.headersSent) res.setHeader('connection', 'close');
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      await turnTimer.stop();
      await janitor.stop();
      await ws.close();
      services.lobby.close();
      services.feeds.close();
      await closed;
      await apollo.stop();
      limitSync?.close();
      await bus.close();
      await db.close();
    },
  };
}
