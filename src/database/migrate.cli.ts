// The command line that applies pending database migrations.
import { migrate } from './migrate';
import { resolveDatabase } from './resolve-database';

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL)
    console.log('DATABASE_URL is not set: using the embedded PostgreSQL in .data/');
  const database = await resolveDatabase();
  try {
    const { applied } = await migrate(database.url);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
