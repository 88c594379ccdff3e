// Which database to use: DATABASE_URL when set, otherwise the embedded PostgreSQL.
import { defaultDataDir, startEmbeddedDatabase, type Database } from './embedded-database';

/**
 * The database to use: DATABASE_URL when set, otherwise an embedded PostgreSQL persisting in .data/postgres,
 * so that a fresh checkout runs with nothing installed. `stop()` stops the embedded server, if any.
 */
export async function resolveDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, stop: async () => {} };
  return startEmbeddedDatabase({ dataDir: defaultDataDir() });
}
