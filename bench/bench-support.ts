// What the benchmarks share: a database of their own, and integer options from the command line.
import { Client as PgClient } from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabaseOptions } from '../src/database/embedded-database';

export interface BenchDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

async function run(url: string, sql: string): Promise<void> {
  const client = new PgClient({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database named `<prefix>_<time>` on DATABASE_URL's server, dropped by `stop`; without
 * DATABASE_URL, a throwaway embedded PostgreSQL started with `embedded`.
 */
export async function benchDatabase(
  prefix: string,
  embedded: EmbeddedDatabaseOptions = {},
): Promise<BenchDatabase> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return startEmbeddedDatabase(embedded);
  const name = `${prefix}_${Date.now()}`;
  await run(admin, `CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), stop: () => run(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** `--name value` pairs over `defaults`, each a positive integer; anything else is refused. */
export function integerOptions<O extends { [K in keyof O]: number }>(
  argv: readonly string[],
  defaults: O,
): O {
  const o: Record<string, number> = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]!.replace(/^--/, '');
    const value = Number(argv[i + 1]);
    if (!(key in o) || !Number.isInteger(value) || value < 1) throw new Error(`bad option ${argv[i]}`);
    o[key] = value;
  }
  return o as O;
}
