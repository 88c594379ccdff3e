// Applying the Prisma migrations not yet recorded, compatibly with `prisma migrate`.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { projectRoot } from './project-root';

/** The advisory lock key Prisma's schema engine takes, so this and `prisma migrate` exclude each other. */
const MIGRATION_LOCK_KEY = 72707369;

// Prisma's own DDL for its history table, so that `prisma migrate status|deploy` read our records as theirs.
const CREATE_HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrateOptions {
  /** Defaults to prisma/migrations in the project. */
  migrationsDir?: string;
}

export interface MigrationFile {
  name: string;
  script: string;
  checksum: string;
}

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

export function defaultMigrationsDir(): string {
  return path.join(projectRoot(), 'prisma', 'migrations');
}

/** Prisma's checksum: SHA-256 of the script, as 64 lowercase hex digits. */
export function migrationChecksum(script: string): string {
  return createHash('sha256').update(script).digest('hex');
}

/** Like Prisma, a script whose line endings git converted still matches its recorded checksum. */
function matchesChecksum(script: string, checksum: string): boolean {
  const variants = [script, script.replace(/\r\n/g, '\n'), script.replace(/\r?\n/g, '\r\n')];
  return variants.some((variant) => migrationChecksum(variant) === checksum);
}

/** The migrations of a Prisma migrations directory, in the order they apply (by directory name). */
export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const script = await fs.readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, script, checksum: migrationChecksum(script) };
    }),
  );
}

/**
 * Applies the migrations not yet recorded in `_prisma_migrations`, each in its own transaction together with
 * its record. Safe to call from several processes at once: they queue on an advisory lock.
 */
export async function migrate(
  connectionString: string,
  options: MigrateOptions = {},
): Promise<{ applied: string[] }> {
  const migrations = await readMigrations(options.migrationsDir ?? defaultMigrationsDir());
  const client = new Client({ connectionString });
  await client.connect();
  try {
    // A session lock: it is released when the connection ends, even if this process dies mid-way.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(CREATE_HISTORY_TABLE);
    const history = await readHistory(client);
    const pending = migrations.filter((migration) => {
      const row = history.get(migration.name);
      if (row) checkApplied(migration, row);
      return !row;
    });
    for (const migration of pending) await apply(client, migration);
    return { applied: pending.map((migration) => migration.name) };
  } finally {
    await client.end();
  }
}

async function readHistory(client: Client): Promise<Map<string, HistoryRow>> {
  const { rows } = await client.query<HistoryRow>(
    `SELECT migration_name, checksum, finished_at FROM _prisma_migrations
     WHERE rolled_back_at IS NULL ORDER BY started_at`,
  );
  return new Map(rows.map((row) => [row.migration_name, row]));
}

function checkApplied(migration: MigrationFile, row: HistoryRow): void {
  if (!row.finished_at) {
    throw new Error(
      `Migration ${migration.name} started but never finished. Repair the database by hand, then mark it ` +
        'with `prisma migrate resolve` before migrating again.',
    );
  }
  if (!matchesChecksum(migration.script, row.checksum)) {
    throw new Error(
      `Migration ${migration.name} was modified after it was applied (checksum ${row.checksum} in the ` +
        `database, ${migration.checksum} on disk). Restore it and put the change in a new migration.`,
    );
  }
}

async function apply(client: Client, migration: MigrationFile): Promise<void> {
  const id = randomUUID();
  await client.query('BEGIN');
  try {
    await client.query('INSERT INTO _prisma_migrations (id, checksum, migration_name) VALUES ($1, $2, $3)', [
      id,
      migration.checksum,
      migration.name,
    ]);
    await client.query(migration.script);
    await client.query(
      'UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1',
      [id],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${reason}`, { cause: error });
  }
}
