// The server's entry point: the database, its migrations, the API, and shutdown on signals.
import { startApp } from './app';
import { limitsFromEnv } from './limits/server-limits';
import { migrate } from './database/migrate';
import { resolveDatabase } from './database/resolve-database';

async function main(): Promise<void> {
  const database = await resolveDatabase();
  await migrate(database.url);
  const app = await startApp({
    databaseUrl: database.url,
    port: Number(process.env.PORT ?? 4000),
    redisUrl: process.env.REDIS_URL || null,
    limits: limitsFromEnv(),
    // The server people run hides internals unless a developer asks for them.
    production: process.env.NODE_ENV !== 'development',
  });
  console.log(`Perudo API ready at ${app.url}`);
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await app.stop();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
