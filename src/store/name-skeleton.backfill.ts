// Fills in the name skeletons of people registered before names were unique by look (see the migration
// 20261127030000_name_skeletons), when the API starts.
import type { Pool, QueryResult } from 'pg';
import { nameSkeletons } from '../security/name-skeleton';

/** People per statement. */
const BATCH = 1_000;

interface Row {
  id: string;
  name: string;
  created_at: Date;
}

/**
 * Gives each person without skeletons the skeletons of their name, oldest first, unless an older person (or
 * someone registered since) holds one of them: of look-alikes only the oldest holds them, and the later ones
 * keep their names with none. Several processes may start at once: a batch that meets a skeleton taken in
 * the meantime is done again one row at a time. Returns how many were filled in.
 */
export async function backfillNameSkeletons(pool: Pool): Promise<number> {
  let filled = 0;
  let after = null as Row | null;
  for (;;) {
    const { rows }: QueryResult<Row> = await pool.query<Row>(
      `SELECT id::text AS id, name, created_at FROM players
        WHERE name_skeleton IS NULL AND bot_level IS NULL
          AND ($1::timestamptz IS NULL OR (created_at, id) > ($1::timestamptz, $2::uuid))
        ORDER BY created_at, id LIMIT $3`,
      [after?.created_at ?? null, after?.id ?? null, BATCH],
    );
    if (rows.length === 0) return filled;
    after = rows[rows.length - 1]!;
    // Within the batch the first (oldest) of look-alikes is the one to fill in.
    const seen = new Set<string>();
    const batch: { id: string; folded: string; lowered: string }[] = [];
    for (const row of rows) {
      const { folded, lowered } = nameSkeletons(row.name);
      if (seen.has(`f${folded}`) || seen.has(`l${lowered}`)) continue;
      seen.add(`f${folded}`).add(`l${lowered}`);
      batch.push({ id: row.id, folded, lowered });
    }
    filled += await fill(pool, batch).catch(async () => {
      let one = 0;
      for (const person of batch) one += await fill(pool, [person]).catch(() => 0);
      return one;
    });
  }
}

/** Sets the skeletons no one holds yet; returns how many people got theirs. */
async function fill(pool: Pool, batch: { id: string; folded: string; lowered: string }[]): Promise<number> {
  const { rowCount } = await pool.query(
    `UPDATE players p SET name_skeleton = v.folded, name_skeleton_lower = v.lowered
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, folded, lowered)
      WHERE p.id = v.id AND p.name_skeleton IS NULL
        AND NOT EXISTS (SELECT 1 FROM players q WHERE q.name_skeleton = v.folded OR q.name_skeleton_lower = v.lowered)`,
    [batch.map((p) => p.id), batch.map((p) => p.folded), batch.map((p) => p.lowered)],
  );
  return rowCount ?? 0;
}
