// What the benchmarks share: a database of their own, and their options from the command line.
import { parseArgs } from 'node:util';
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

/** A command-line option: its default and what it accepts. */
export type OptionSpec =
  | { readonly kind: 'integer'; readonly default: number; readonly min: number; readonly max: number }
  | { readonly kind: 'choice'; readonly default: string; readonly choices: readonly string[] };

/** A whole number from `min` (default 0) to `max`. */
export function integer(
  defaultValue: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): Extract<OptionSpec, { kind: 'integer' }> {
  return { kind: 'integer', default: defaultValue, min, max };
}

/** One of `choices`. */
export function choice<C extends string>(
  defaultValue: NoInfer<C>,
  choices: readonly C[],
): { readonly kind: 'choice'; readonly default: C; readonly choices: readonly C[] } {
  return { kind: 'choice', default: defaultValue, choices };
}

/** The values of a table of options: a number for an integer option, one of its choices for a choice. */
export type OptionValues<S extends Record<string, OptionSpec>> = {
  -readonly [K in keyof S]: S[K] extends { readonly kind: 'choice'; readonly choices: readonly (infer C)[] }
    ? C
    : number;
};

function range(spec: { readonly min: number; readonly max: number }): string {
  return spec.max === Number.MAX_SAFE_INTEGER ? `of at least ${spec.min}` : `from ${spec.min} to ${spec.max}`;
}

/**
 * `--name value` (or `--name=value`) for options of the table `specs`, each absent one at its default;
 * an unknown option, a missing value or a value the option does not accept is refused with a message.
 */
export function parseOptions<S extends Record<string, OptionSpec>>(
  argv: readonly string[],
  specs: S,
): OptionValues<S> {
  const { values } = parseArgs({
    args: [...argv],
    options: Object.fromEntries(Object.keys(specs).map((name) => [name, { type: 'string' as const }])),
    strict: true,
    allowPositionals: false,
  });
  const out: Record<string, number | string> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const text = values[name];
    if (typeof text !== 'string') {
      out[name] = spec.default;
    } else if (spec.kind === 'choice') {
      if (!spec.choices.includes(text))
        throw new Error(`--${name} must be one of ${spec.choices.join(', ')}, not "${text}"`);
      out[name] = text;
    } else {
      const value = Number(text);
      if (text.trim() === '' || !Number.isInteger(value) || value < spec.min || value > spec.max)
        throw new Error(`--${name} must be a whole number ${range(spec)}, not "${text}"`);
      out[name] = value;
    }
  }
  return out as OptionValues<S>;
}

/** `--name value` pairs over `defaults`, each a positive integer; anything else is refused. */
export function integerOptions<O extends { [K in keyof O]: number }>(
  argv: readonly string[],
  defaults: O,
): O {
  const specs = Object.fromEntries(
    Object.entries(defaults).map(([name, d]) => [name, integer(d as number, 1)]),
  );
  return parseOptions(argv, specs) as O;
}
