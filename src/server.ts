// The server's entry point: the database, its migrations, the API, and shutdown on signals.
import { webhookSettingsFromEnv } from './webhooks/webhook-settings';
import { startApp } from './app';
import { OriginPolicy } from './gate/origin-policy';
import { limitsFromEnv } from './gate/server-limits';
import { migrate } from './database/migrate';
import { resolveDatabase } from './database/resolve-database';
import { createLogger, wantsPrettyLogs } from './observability/logger';
import { DEFAULT_LOBBY_IDLE_MS } from './timers/lobby-expiry';
import { DEFAULT_ALL_AWAY_END_SECONDS, DEFAULT_BOT_DELAY_MS } from './engine';

/** How long a signalled process may take to stop cleanly: supervisors wait 10 s before they kill. */
const SHUTDOWN_DEADLINE_MS = 8_000;

/** A whole number from the environment within bounds, or the default when unset; else the start stops. */
function intFromEnv(name: string, fallback: number | null, min: number, max: number): number | null {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

async function main(): Promise<void> {
  const logger = createLogger({ pretty: wantsPrettyLogs() });
  const metricsPort = intFromEnv('METRICS_PORT', null, 0, 65_535);
  const lobbyIdleMinutes = intFromEnv('LOBBY_IDLE_MINUTES', DEFAULT_LOBBY_IDLE_MS / 60_000, 1, 525_600)!;
  const botDelayMs = intFromEnv('BOT_DELAY_MS', DEFAULT_BOT_DELAY_MS, 0, 60_000)!;
  const allAwayEndSeconds = intFromEnv('ALL_AWAY_END_SECONDS', DEFAULT_ALL_AWAY_END_SECONDS, 1, 604_800)!;
  // WebSocket keep-alive (ms); unset: the WebSocket server's default (12 s).
  const wsKeepAliveMs = intFromEnv('WS_KEEPALIVE_MS', null, 1_000, 30_000) ?? undefined;
  // Steps of the event path to leave out (EVENT_PATH_OFF, comma-separated): for benchmarks that compare.
  const eventPathOff = (process.env.EVENT_PATH_OFF ?? '').split(',').filter(Boolean);
  const database = await resolveDatabase();
  await migrate(database.url);
  const app = await startApp({
    databaseUrl: database.url,
    port: Number(process.env.PORT ?? 4000),
    redisUrl: process.env.REDIS_URL || null,
    limits: limitsFromEnv(),
    uniqueNames: true,
    corsOrigins: OriginPolicy.fromSetting(process.env.CORS_ORIGINS),
    logger,
    metricsPort,
    metricsHost: process.env.METRICS_HOST || '127.0.0.1',
    lobbyIdleMs: lobbyIdleMinutes * 60_000,
    botDelayMs,
    allAwayEndSeconds,
    wsKeepAliveMs,
    eventPathOff,
    webhooks: webhookSettingsFromEnv(process.env),
    // WEBHOOK_DELIVERY=off: this process writes deliveries but leaves sending them to the others.
    deliverWebhooks: process.env.WEBHOOK_DELIVERY !== 'off',
    // The server people run hides internals unless a developer asks for them.
    production: process.env.NODE_ENV !== 'development',
  });
  logger.info({ url: app.url, metricsPort: app.metricsPort }, `Perudo API ready at ${app.url}`);
  // Buffered lines would wait for more: whoever waits for this one (a supervisor, a test) gets it now.
  logger.flush();
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Whatever it was doing (requests stuck on the database, a socket that will not close), the process is
    // gone within SHUTDOWN_DEADLINE_MS of the signal.
    setTimeout(() => {
      logger.warn({ signal }, `not stopped within ${SHUTDOWN_DEADLINE_MS} ms: exiting now`);
      logger.flush();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.stop();
    await database.stop();
    logger.flush();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
