// Starts the API: wires the database, the change bus, the stores, the feeds, the request gate, both
// transports and the timers together, and stops them in order.
import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestGate } from './gate/request-gate';
import { ClientLimits } from './gate/client-limits';
import type { Services } from './graphql/context';
import { formatError } from './graphql/format-error';
import { createSchema } from './graphql/schema';
import { startApollo } from './http/apollo-server';
import { createHttpServer } from './http/http-server';
import { RateLimitSync } from './limits/rate-limit-sync';
import { NO_RATE_LIMITS, type ServerLimits } from './limits/server-limits';
import { createDatabaseClients, type DatabaseClients } from './database/prisma';
import type { ChangeBus } from './realtime/change-bus';
import { GameFeeds } from './realtime/game-feed';
import { LobbyFeed } from './realtime/lobby-feed';
import { PgChangeBus } from './realtime/pg-change-bus';
import { RedisChangeBus } from './realtime/redis-change-bus';
import { afterCommitNotifier, PgNotifier, type ChangeNotifier } from './store/change-notifier';
import { EventLogQueries } from './store/event-log.queries';
import { GameSnapshotRepository } from './store/game-snapshots.repository';
import { startGraphqlWs, type WsServer } from './ws/graphql-ws.server';
import { TurnTimer } from './timers/turn-timer';
import { createGameStore } from './store/game-store';
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

/** The bus that carries committed changes to every process, and how this process announces its own. */
async function startChangeBus(
  options: AppOptions,
  db: DatabaseClients,
  log: (message: unknown) => void,
): Promise<{ bus: ChangeBus; notifier: ChangeNotifier }> {
  if (options.redisUrl) {
    const redis = await RedisChangeBus.start(options.redisUrl, log);
    return { bus: redis, notifier: afterCommitNotifier((change) => redis.publish(change)) };
  }
  const bus = await PgChangeBus.start(options.databaseUrl, log);
  return { bus, notifier: new PgNotifier(db.pool, log) };
}

/** Starts the API on one HTTP server: GraphQL over HTTP and over WebSocket at /graphql. */
export async function startApp(options: AppOptions): Promise<App> {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const limits = options.limits ?? NO_RATE_LIMITS;
  const log = options.log ?? ((m: unknown) => console.error(m));
  const db = createDatabaseClients(options.databaseUrl, log);
  const { bus, notifier } = await startChangeBus(options, db, log);
  const clientLimits = new ClientLimits(limits);
  // Per-IP and per-player budgets hold across the processes that share this database (or Redis).
  const shared = clientLimits.shared();
  const limitSync =
    Object.keys(shared).length > 0 ? new RateLimitSync(shared, bus, options.rateLimitSyncMs) : null;
  const games = createGameStore(db, { notifier });
  const services: Services = {
    players: new PlayerRepository(db.prisma),
    gameMoves: games.moves,
    gameReads: games.reads,
    gameFairness: games.fairness,
    feeds: new GameFeeds(bus, games.moves, games.reads, games.cache, games.feedChecks, log, {
      events: new EventLogQueries(db.pool),
      snapshots: new GameSnapshotRepository(db.pool, log),
    }),
    lobby: new LobbyFeed(bus, games.reads, games.feedChecks, log),
    maxActiveGamesPerPlayer: limits.maxActiveGamesPerPlayer,
  };
  const turnTimer = new TurnTimer(games.turnDeadlines, games.moves, log, options.turnTimerIntervalMs);
  const janitor = new IdempotencyJanitor(db.pool, null, log);
  const schema = await createSchema();
  const gate = new RequestGate(schema, services, limits, clientLimits);
  const format = formatError(production, log);
  const apollo = await startApollo(schema, gate, { production, formatError: format });
  const http = createHttpServer(apollo, gate, log);
  const httpServer = http.server;
  const ws = startGraphqlWs(httpServer, schema, gate, {
    production,
    connectionInitTimeoutMs: limits.connectionInitTimeoutMs,
    formatError: format,
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
      const closed = http.close();
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
