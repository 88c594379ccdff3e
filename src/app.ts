// Starts the API: wires the database, bus, stores, feeds, gate, transports and timers; stops them in order.
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createArena } from './arena/arena.module';
import { RequestGate } from './gate/request-gate';
import { ClientLimits } from './gate/client-limits';
import { OriginPolicy } from './gate/origin-policy';
import type { Services } from './graphql/context';
import { formatError } from './graphql/format-error';
import { createSchema } from './graphql/schema';
import { schemaSdl } from './graphql/schema-sdl';
import { startApollo } from './http/apollo-server';
import { createHttpServer } from './http/http-server';
import { RateLimitSync } from './gate/rate-limit-sync';
import { RateLimiter } from './gate/rate-limiter';
import { createPresence } from './presence/presence.module';
import { createLiveFeeds } from './realtime/live-feeds.module';
import { createServerTimers } from './timers/server-timers.module';
import { gameCountsJob } from './observability/game-counts.job';
import { INVITE_GUESSES, NO_RATE_LIMITS, type ServerLimits } from './gate/server-limits';
import { isConnectionWaitTimeout } from './database/connection-wait';
import { createDatabaseClients, type DatabaseClients } from './database/prisma';
import type { ChangeBus } from './realtime/change-bus';
import { startChangeBus } from './realtime/change-bus.start';
import { changeOf } from './realtime/game-change';
import { startGraphqlWs, type WsServer } from './ws/graphql-ws.server';
import { DEFAULT_BOT_DELAY_MS } from './engine';
import { createMoveService, TablesService } from './moves';
import { createGameStore, type GameStore } from './store/game-store';
import { createAccounts, type Accounts } from './accounts/accounts.module';
import { createAgents } from './agents/agents.module';
import { GameHistoryQueries } from './store/game-history.queries';
import { GameExportQueries } from './store/game-export.queries';
import { createRatings } from './ratings/ratings.module';
import { exportHandlers } from './http/exports';
import { webhookDataRenderer } from './http/webhook-bodies';
import { createWebhooks } from './webhooks/webhooks.module';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhooks/webhook-settings';
import { createChat } from './chat/chat.module';
import { createChallenges } from './challenges/challenges.module';
import { createLogger, problemLog, type Logger } from './observability/logger';
import { Metrics } from './observability/metrics';
import { startMetricsServer, type MetricsServer } from './observability/metrics-server';
import { readiness } from './observability/readiness';
import { RequestRecords } from './observability/request-scope';
import type { HttpContext } from './gate/request-gate';

export interface AppOptions {
  readonly databaseUrl: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  readonly production?: boolean;
  /** Fan events out through Redis pub/sub instead of PostgreSQL LISTEN/NOTIFY. */
  readonly redisUrl?: string | null;
  /** The structured logger (request lines, warnings, errors); by default one that logs warnings and up. */
  readonly logger?: Logger;
  /** Where the parts' warnings go; by default the logger. */
  readonly log?: (message: unknown) => void;
  /** The browser origins that may call (CORS_ORIGINS); any by default. */
  readonly corsOrigins?: OriginPolicy;
  /** Serve Prometheus metrics on this port (0 picks one); none when unset. */
  readonly metricsPort?: number | null;
  /** The interface the metrics are served on: loopback unless an operator exposes them (METRICS_HOST). */
  readonly metricsHost?: string;
  /** How often the games-by-status gauge is counted (ms). */
  readonly gameCountIntervalMs?: number;
  /** How long a game may stay unchanged in its lobby before it is cancelled (ms). */
  readonly lobbyIdleMs?: number;
  /** How often this process looks for idle lobbies (ms). */
  readonly lobbyExpiryIntervalMs?: number;
  /** How often this process rates finished games (ms); it also rates each game that ends here at once. */
  readonly ratingIntervalMs?: number;
  /** Whether this process rates finished games (default true; false stands for a process that stops first). */
  readonly rateGames?: boolean;
  /** Defaults to the caps without rate limits; the server entry point reads them from the environment. */
  readonly limits?: ServerLimits;
  /**
   * People's names unique by look (UTS #39 skeleton), stored and filled in at start. The server entry point
   * always sets it; off by default for test servers whose players share names.
   */
  readonly uniqueNames?: boolean;
  /** How often this process looks for turns that ran out and bots' moves that are due (ms). */
  readonly turnTimerIntervalMs?: number;
  /** How long a bot thinks before its move (ms; BOT_DELAY_MS). */
  readonly botDelayMs?: number;
  /** How long a game waits with every person in play away before it ends (s; ALL_AWAY_END_SECONDS, default 600). */
  readonly allAwayEndSeconds?: number;
  /** WebSocket keep-alive (ms; WS_KEEPALIVE_MS): a dead socket is dropped within twice this (default 12 s). */
  readonly wsKeepAliveMs?: number;
  /**
   * Steps of the event path left out, as before they existed (EVENT_PATH_OFF; for benchmarks that compare):
   * `turn-writes` (each frame its own write), `audiences` (each viewer's own execution), `notice-window`
   * (change notices sent each turn of the event loop, not gathered for NOTICE_WINDOW_MS),
   * `compiled-operations` (queries and mutations on sockets executed by graphql-js).
   */
  readonly eventPathOff?: readonly string[];
  /** The time moves are decided at (tests move it forward, e.g. past a nudge's 2 minutes); the system clock by default. */
  readonly clock?: () => Date;
  /** How often this process tells the others what its per-IP and per-player limits let through (ms). */
  readonly rateLimitSyncMs?: number;
  /** Bytes after which an export response ends (default 8 MiB; tests use less). */
  readonly exportPageBytes?: number;
  /** How long an export reader may take nothing before it is cut off (ms; default 30 s). */
  readonly exportStallMs?: number;
  /** Webhook settings (the server entry point reads WEBHOOK_* from the environment); https only by default. */
  readonly webhooks?: Partial<WebhookSettings>;
  /** Whether this process sends webhook deliveries (default true; any process may, each is sent once). */
  readonly deliverWebhooks?: boolean;
  /** How often this process looks for challenges to expire (ms; default 5 s). */
  readonly challengeExpiryIntervalMs?: number;
}

export interface App {
  readonly url: string;
  readonly port: number;
  readonly httpServer: Server;
  readonly ws: WsServer;
  /** The metrics endpoint's port, when served. */
  readonly metricsPort: number | null;
  stop(): Promise<void>;
}

/** The project's README (served as /README.md), from src/ or dist/src/; null when it is not there. */
function findReadme(): string | null {
  const found = [join(__dirname, '..', 'README.md'), join(__dirname, '..', '..', 'README.md')].find((p) =>
    existsSync(p),
  );
  return found ?? null;
}

/** What the features of one process need from the ground floor. */
interface Ground {
  readonly options: AppOptions;
  readonly limits: ServerLimits;
  readonly db: DatabaseClients;
  readonly bus: ChangeBus;
  readonly metrics: Metrics;
  readonly log: (message: unknown) => void;
}

/** The features of one process, composed: what the API layer is given, and their clocks and feeds. */
interface Features {
  readonly services: Services;
  readonly games: GameStore;
  readonly history: GameHistoryQueries;
  readonly accounts: Accounts;
  /** Starts the background jobs (turn timer, janitors, rating). */
  start(): void;
  /** Stops the background jobs, once their runs in flight have ended. */
  stopJobs(): Promise<void>;
  /** Ends the live streams and this process's presence (after the sockets are closed). */
  stopFeeds(): Promise<void>;
}

async function composeFeatures({ options, limits, db, bus, metrics, log }: Ground): Promise<Features> {
  const botDelayMs = options.botDelayMs ?? DEFAULT_BOT_DELAY_MS;
  const games = createGameStore(db, log);
  const moves = createMoveService(games, {
    botDelayMs,
    ...(options.allAwayEndSeconds !== undefined && { allAwayEndSeconds: options.allAwayEndSeconds }),
    ...(options.clock && { now: options.clock }),
  });
  // First of the listeners: the other processes hear of a move as soon as this one does.
  moves.onApplied((gameId, events) => bus.publish(changeOf(gameId, events)));
  const accounts = await createAccounts({ db, bus, uniqueNames: options.uniqueNames ?? false });
  const agents = createAgents({ db, accounts, uniqueNames: options.uniqueNames ?? false });
  const history = new GameHistoryQueries(db.pool, games.eventLog);
  const ratings = createRatings({
    pool: db.pool,
    history,
    log,
    intervalMs: options.ratingIntervalMs,
    rateGames: options.rateGames !== false,
  });
  moves.onApplied((gameId, events) => {
    if (events.some((e) => e.type === 'GAME_FINISHED')) ratings.gameFinished(gameId);
  });
  const webhooks = createWebhooks({
    pool: db.pool,
    settings: { ...DEFAULT_WEBHOOK_SETTINGS, ...options.webhooks },
    outbox: games.outbox,
    render: webhookDataRenderer(new GameExportQueries(db.pool, history)),
    log,
    deliver: options.deliverWebhooks,
    metrics,
  });
  const chat = createChat({ pool: db.pool, bus, log, games: games.reads, idempotency: games.idempotency });
  // Presence across processes (Seat.connected, gamePresence, the turn timer).
  const presence = createPresence({ pool: db.pool, bus, log });
  const live = createLiveFeeds({
    bus,
    moves,
    games,
    log,
    fannedOut: (event, subscribers) =>
      metrics.eventFannedOut((Date.now() - Date.parse(event.at)) / 1000, subscribers),
  });
  const timers = createServerTimers({
    games,
    moves,
    pool: db.pool,
    presence: presence.rows,
    log,
    botDelayMs,
    turnTimerIntervalMs: options.turnTimerIntervalMs,
    lobbyIdleMs: options.lobbyIdleMs,
    lobbyExpiryIntervalMs: options.lobbyExpiryIntervalMs,
    onRun: (timer, count) => metrics.timerRan(timer, count),
  });
  const tables = new TablesService(moves, games.moves, games.tables, {
    seatCap: limits.maxActiveGamesPerPlayer,
    inviteGuesses: new RateLimiter(INVITE_GUESSES),
    people: accounts.players,
  });
  const challenges = createChallenges({
    pool: db.pool,
    bus,
    log,
    tables,
    moves,
    games: games.reads,
    idempotency: games.idempotency,
    playerEvents: live.playerEvents,
    // A block hides chat as a mute does: the blocker's chat streams on every process reload what they hide.
    blocksChanged: (playerId) => chat.feeds.muted(playerId),
    outbox: games.outbox,
    expiryIntervalMs: options.challengeExpiryIntervalMs,
  });
  const services: Services = {
    players: accounts.players,
    accounts: accounts.service,
    agents: agents.service,
    gameMoves: moves,
    tables,
    spectators: live.spectators,
    presence,
    playerEvents: live.playerEvents,
    gameReads: games.reads,
    gameFairness: games.fairness,
    history,
    ratings: ratings.reads,
    feeds: live.games,
    lobby: live.lobby,
    chat: chat.service,
    chatFeeds: chat.feeds,
    webhooks: webhooks.service,
    challenges: challenges.service,
    blocks: challenges.blocks,
    arena: createArena(db.pool, moves, games, limits.maxActiveGamesPerPlayer),
    onMoveOutcome: (operation, outcome, transport) => metrics.move(operation, outcome, transport),
  };
  return {
    services,
    games,
    history,
    accounts,
    start() {
      timers.start();
      ratings.start();
      webhooks.start();
      challenges.start();
    },
    async stopJobs() {
      await timers.stop();
      await ratings.stop();
      await webhooks.stop();
      await challenges.stop();
    },
    async stopFeeds() {
      await live.stop();
      // The sockets are closed: this process's presence rows go, and every process hears of it.
      await presence.stop();
      await chat.stop();
    },
  };
}

/** Starts the API on one HTTP server: GraphQL over HTTP and over WebSocket at /graphql. */
export async function startApp(options: AppOptions): Promise<App> {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const limits = options.limits ?? NO_RATE_LIMITS;
  const origins = options.corsOrigins ?? OriginPolicy.ANY;
  const logger = options.logger ?? createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
  const problems = options.log ?? problemLog(logger);
  // A part that waited too long for a database connection met an overload, not a bug: a warning, no stack.
  const log = (message: unknown): void =>
    problems(
      isConnectionWaitTimeout(message)
        ? `no database connection came free in time: ${String(message)}`
        : message,
    );
  const metrics = new Metrics();
  const db = createDatabaseClients(options.databaseUrl, log);
  const bus = await startChangeBus({
    ...options,
    pool: db.pool,
    log,
    noticeWindowMs: options.eventPathOff?.includes('notice-window') ? 0 : undefined,
  });
  bus.onResync(() => metrics.busReconnected());
  const features = await composeFeatures({ options, limits, db, bus, metrics, log });
  const clientLimits = new ClientLimits(limits, (limit) => metrics.limited(limit));
  // Per-IP and per-player budgets hold across the processes that share this database (or Redis).
  const shared = clientLimits.shared();
  const limitSync =
    Object.keys(shared).length > 0 ? new RateLimitSync(shared, bus, options.rateLimitSyncMs, log) : null;
  const schema = await createSchema();
  const gate = new RequestGate(schema, features.services, limits, clientLimits);
  const records = new RequestRecords<HttpContext>();
  // Over HTTP the request observer logs unexpected errors with the request's id; WebSocket errors are logged
  // by the formatter.
  const apollo = await startApollo(schema, gate, {
    production,
    formatError: formatError(production, () => {}),
    records,
    reportError: (error, requestId) => {
      // An overload, answered SERVICE_UNAVAILABLE: a warning without a stack.
      if (isConnectionWaitTimeout(error)) {
        const message = `no database connection came free in time: answered SERVICE_UNAVAILABLE (${String(error)})`;
        return options.log ? log(message) : logger.warn({ reqId: requestId }, message);
      }
      return options.log ? log(error) : logger.error({ reqId: requestId, err: error }, 'request failed');
    },
  });
  const http = createHttpServer(apollo, gate, {
    logger,
    metrics,
    readiness: readiness(db.pool, db.watch, bus),
    origins,
    records,
    ...exportHandlers({ pool: db.pool, history: features.history, eventLog: features.games.eventLog }, log, {
      trustedProxies: limits.trustedProxies,
      pageBytes: options.exportPageBytes,
      stallMs: options.exportStallMs,
    }),
    landing: { production, schemaSdl: schemaSdl(schema), readmePath: findReadme() },
  });
  const httpServer = http.server;
  const ws = startGraphqlWs(httpServer, schema, gate, {
    production,
    connectionInitTimeoutMs: limits.connectionInitTimeoutMs,
    keepAliveMs: options.wsKeepAliveMs,
    turnWrites: !options.eventPathOff?.includes('turn-writes'),
    audiences: !options.eventPathOff?.includes('audiences'),
    compiledOperations: !options.eventPathOff?.includes('compiled-operations'),
    formatError: formatError(production, log),
    origins,
  });
  // Sockets on a token that is no longer the player's are closed, on every process.
  features.accounts.onChange((playerId) => {
    ws.closeRevoked(playerId, (id, token) => features.accounts.isCurrent(id, token)).catch(log);
  });
  // A large accept queue: thousands of clients may (re)connect at once, e.g. after a restart.
  await new Promise<void>((resolve) =>
    httpServer.listen({ port: options.port, host: options.host ?? '0.0.0.0', backlog: 4096 }, resolve),
  );
  features.start();
  const gameCounts = gameCountsJob({
    countByStatus: () => features.games.reads.countByStatus(),
    metrics,
    log,
    intervalMs: options.gameCountIntervalMs,
  });
  if (options.metricsPort !== null && options.metricsPort !== undefined) gameCounts.start();
  metrics.observe({
    pool: () => ({ total: db.pool.totalCount, idle: db.pool.idleCount, waiting: db.pool.waitingCount }),
    sockets: ws.connections,
    subscriptions: ws.subscriptions,
  });
  const metricsServer: MetricsServer | null =
    options.metricsPort === null || options.metricsPort === undefined
      ? null
      : await startMetricsServer(metrics, options.metricsPort, options.metricsHost ?? '127.0.0.1', log);
  const port = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}/graphql`,
    port,
    httpServer,
    ws,
    metricsPort: metricsServer?.port ?? null,
    async stop() {
      // Stop accepting, let in-flight requests finish, close sockets with 1001, then release the database.
      const closed = http.close();
      await features.stopJobs();
      await gameCounts.stop();
      await ws.close();
      await features.stopFeeds();
      await closed;
      await apollo.stop();
      await limitSync?.close();
      await bus.close();
      await metricsServer?.close();
      await db.close();
    },
  };
}
