import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { defaultMigrationsDir, migrate, migrationChecksum, readMigrations } from '../../src/database/migrate';
import { projectRoot } from '../../src/database/project-root';
import { shapeFromDatabase } from '../support/database-shape';
import { shapeFromPrismaSchema } from '../support/prisma-schema-shape';
import type { SchemaShape } from '../support/schema-shape';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databases: TestDatabase[] = [];

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase({ migrated: false });
  databases.push(database);
  return database;
}

afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

describe('the migrated database', () => {
  const expected = shapeFromPrismaSchema(
    readFileSync(path.join(projectRoot(), 'prisma', 'schema.prisma'), 'utf8'),
  );
  let actual: SchemaShape;

  beforeAll(async () => {
    const database = await emptyDatabase();
    await migrate(database.url);
    actual = await withClient(database.url, shapeFromDatabase);
  });

  it('has exactly the tables of schema.prisma', () => {
    expect(Object.keys(actual.tables).sort()).toEqual(Object.keys(expected.tables).sort());
  });

  it('has exactly the enum types of schema.prisma, with their values in order', () => {
    expect(actual.enums).toEqual(expected.enums);
  });

  it.each(Object.keys(expected.tables))(
    'gives %s the columns (type, nullability, default), indexes and foreign keys of schema.prisma',
    (table) => {
      expect(actual.tables[table]?.columns).toEqual(expected.tables[table]?.columns);
      expect(actual.tables[table]?.indexes).toEqual(expected.tables[table]?.indexes);
      expect(actual.tables[table]?.foreignKeys).toEqual(expected.tables[table]?.foreignKeys);
    },
  );
});

describe('migrate', () => {
  it('applies every migration once and records it as Prisma does', async () => {
    const database = await emptyDatabase();
    const migrations = await readMigrations(defaultMigrationsDir());

    expect(await migrate(database.url)).toEqual({ applied: migrations.map((m) => m.name) });
    expect(await migrate(database.url)).toEqual({ applied: [] });

    const rows = await withClient(database.url, async (client) => {
      const result = await client.query(
        `SELECT id, checksum, migration_name, finished_at, started_at, logs, rolled_back_at, applied_steps_count
         FROM _prisma_migrations ORDER BY started_at`,
      );
      return result.rows;
    });
    expect(rows).toHaveLength(migrations.length);
    for (const [i, migration] of migrations.entries()) {
      const file = await fs.readFile(path.join(defaultMigrationsDir(), migration.name, 'migration.sql'));
      expect(rows[i]).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        checksum: migrationChecksum(file.toString('utf8')),
        migration_name: migration.name,
        finished_at: expect.any(Date),
        started_at: expect.any(Date),
        logs: null,
        rolled_back_at: null,
        applied_steps_count: 1,
      });
    }
  });

  it('creates the history table with the columns Prisma creates', async () => {
    const database = await emptyDatabase();
    await migrate(database.url);
    const columns = await withClient(database.url, async (client) => {
      const result = await client.query(
        `SELECT column_name, data_type, character_maximum_length, is_nullable, column_default
         FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
      );
      return result.rows.map((r) => [
        r.column_name,
        r.data_type,
        r.character_maximum_length,
        r.is_nullable,
        r.column_default,
      ]);
    });
    expect(columns).toEqual([
      ['id', 'character varying', 36, 'NO', null],
      ['checksum', 'character varying', 64, 'NO', null],
      ['finished_at', 'timestamp with time zone', null, 'YES', null],
      ['migration_name', 'character varying', 255, 'NO', null],
      ['logs', 'text', null, 'YES', null],
      ['rolled_back_at', 'timestamp with time zone', null, 'YES', null],
      ['started_at', 'timestamp with time zone', null, 'NO', 'now()'],
      ['applied_steps_count', 'integer', null, 'NO', '0'],
    ]);
  });

  it('lets concurrent callers apply each migration exactly once', async () => {
    const database = await emptyDatabase();
    const results = await Promise.all([migrate(database.url), migrate(database.url), migrate(database.url)]);
    const migrations = await readMigrations(defaultMigrationsDir());

    expect(results.flatMap((r) => r.applied).sort()).toEqual(migrations.map((m) => m.name).sort());
    const count = await withClient(database.url, async (client) => {
      const result = await client.query('SELECT count(*)::int AS count FROM _prisma_migrations');
      return result.rows[0].count;
    });
    expect(count).toBe(migrations.length);
  });

  describe('with a migrations directory of its own', () => {
    let dir: string;

    beforeEach(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'perudo-migrations-'));
      await writeMigration('20000101000000_first', 'CREATE TABLE first (id INTEGER PRIMARY KEY);\n');
    });

    afterEach(async () => {
      await fs.rm(dir, { recursive: true, force: true });
    });

    async function writeMigration(name: string, script: string): Promise<void> {
      await fs.mkdir(path.join(dir, name), { recursive: true });
      await fs.writeFile(path.join(dir, name, 'migration.sql'), script);
    }

    it('refuses to go on when an applied migration was edited', async () => {
      const database = await emptyDatabase();
      await migrate(database.url, { migrationsDir: dir });
      await writeMigration('20000101000000_first', 'CREATE TABLE first (id BIGINT PRIMARY KEY);\n');
      await writeMigration('20000102000000_second', 'CREATE TABLE second (id INTEGER PRIMARY KEY);\n');

      await expect(migrate(database.url, { migrationsDir: dir })).rejects.toThrow(
        /20000101000000_first was modified after it was applied/,
      );
      const tables = await withClient(database.url, (client) =>
        client.query(`SELECT to_regclass('second') AS second`).then((r) => r.rows[0].second),
      );
      expect(tables).toBeNull();
    });

    it('accepts an applied migration whose line endings changed', async () => {
      const database = await emptyDatabase();
      await migrate(database.url, { migrationsDir: dir });
      await writeMigration('20000101000000_first', 'CREATE TABLE first (id INTEGER PRIMARY KEY);\r\n');

      await expect(migrate(database.url, { migrationsDir: dir })).resolves.toEqual({ applied: [] });
    });

    it('rolls back a failing migration with its record, keeping the ones before it', async () => {
      const database = await emptyDatabase();
      await writeMigration(
        '20000102000000_broken',
        'CREATE TABLE broken (id INTEGER);\nSELECT no_such_function();\n',
      );

      await expect(migrate(database.url, { migrationsDir: dir })).rejects.toThrow(
        /20000102000000_broken failed and was rolled back/,
      );
      const state = await withClient(database.url, async (client) => ({
        recorded: (await client.query('SELECT migration_name FROM _prisma_migrations')).rows.map(
          (r) => r.migration_name,
        ),
        broken: (await client.query(`SELECT to_regclass('broken') AS t`)).rows[0].t,
      }));
      expect(state).toEqual({ recorded: ['20000101000000_first'], broken: null });
    });
  });
});
