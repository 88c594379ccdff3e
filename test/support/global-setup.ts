// Before the run: one PostgreSQL server and a migrated template database for every test file to copy.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startEmbeddedDatabase, type Database } from '../../src/database/embedded-database';
import { migrate } from '../../src/database/migrate';
import { ADMIN_URL_VAR, TEMPLATE_VAR, databaseUrl } from './test-env';

/** What global-teardown needs; jest runs both hooks in the same process. */
export interface TestDatabaseServer {
  database: Database;
  templateName: string;
}

declare global {
  var perudoTestDatabaseServer: TestDatabaseServer | undefined;
}

/**
 * Gives the whole run one PostgreSQL server (DATABASE_URL's, or else an embedded throwaway one) and a migrated
 * template database there, from which each test file clones its own database.
 */
export default async function globalSetup(): Promise<void> {
  const database: Database = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, stop: async () => {} }
    : await startEmbeddedDatabase();
  // Unique, so that test runs sharing one server do not collide.
  const templateName = `perudo_template_${randomBytes(6).toString('hex')}`;
  try {
    await createTemplate(database.url, templateName);
  } catch (error) {
    await database.stop();
    throw error;
  }

  process.env[ADMIN_URL_VAR] = database.url;
  process.env[TEMPLATE_VAR] = templateName;
  globalThis.perudoTestDatabaseServer = { database, templateName };
}

async function createTemplate(serverUrl: string, templateName: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${templateName}" TEMPLATE template0 ENCODING 'UTF8'`);
    await migrate(databaseUrl(serverUrl, templateName));
    // Cloning fails while anything is connected to the template; this keeps autovacuum and others out.
    await admin.query(`ALTER DATABASE "${templateName}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } finally {
    await admin.end();
  }
}
