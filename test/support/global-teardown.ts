// After the run: drops the template database and stops the PostgreSQL server the setup started.
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const server = globalThis.perudoTestDatabaseServer;
  if (!server) return;
  const { database, templateName } = server;
  const admin = new Client({ connectionString: database.url });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${templateName}" WITH IS_TEMPLATE false`);
    await admin.query(`DROP DATABASE IF EXISTS "${templateName}"`);
  } finally {
    await admin.end();
  }
  await database.stop();
}
