// A database of its own for each test file.
import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { ADMIN_URL_VAR, TEMPLATE_VAR, databaseUrl } from './test-env';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** false gives an empty database, for testing migrations themselves. Defaults to true. */
  migrated?: boolean;
}

/**
 * A new database of its own for one test file: a copy of the migrated template made by the global setup
 * (a file copy, far faster than migrating), or an empty one.
 */
export async function createTestDatabase({
  migrated = true,
}: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = process.env[ADMIN_URL_VAR];
  const template = process.env[TEMPLATE_VAR];
  if (!adminUrl || !template) {
    throw new Error('No test database server: run the tests through jest with the project jest.config.js');
  }
  const name = `perudo_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE "${name}" TEMPLATE "${migrated ? template : 'template0'}" ENCODING 'UTF8'`),
  );
  return {
    name,
    url: databaseUrl(adminUrl, name),
    // FORCE: a test that failed may have left connections open.
    drop: () => withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

/**
 * A pool on a test database. pg-pool's `end()` resolves before its connections' sockets have closed, and an
 * idle connection the server terminates then (the drop's FORCE) emits an error on the pool, which crashes
 * the test file when nobody listens: a connection lost once the test is over is no failure of the test.
 */
export function testPool(url: string, max: number): Pool {
  const pool = new Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}

async function withAdmin(adminUrl: string, work: (admin: Client) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
