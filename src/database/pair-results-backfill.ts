// The backfill of game_pair_results that its migration runs, for databases seeded in bulk SQL afterwards (the
// history bench) and to check it: the statement is read from the migration itself, so the two cannot drift.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from 'pg';
import { defaultMigrationsDir } from './migrate';

const MIGRATION = '20261128140000_game_pair_results';

/** The migration's INSERT of every FINISHED game's pair results (those already stored are kept). */
export async function pairResultsBackfillSql(): Promise<string> {
  const script = await readFile(path.join(defaultMigrationsDir(), MIGRATION, 'migration.sql'), 'utf8');
  const start = script.indexOf('INSERT INTO "game_pair_results"');
  if (start < 0) throw new Error(`no backfill in the migration ${MIGRATION}`);
  return script.slice(start);
}

/** Writes the pair results of the FINISHED games that have none; returns the rows written. */
export async function backfillPairResults(pool: Pick<Pool, 'query'>): Promise<number> {
  const { rowCount } = await pool.query(await pairResultsBackfillSql());
  return rowCount ?? 0;
}
