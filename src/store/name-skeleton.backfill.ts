// Fills in the name skeletons of people registered before names were unique by look (see the migration
// 20261127030000_name_skeletons), when the API starts.
import type { Pool } from 'pg';
import { nameSkeleton } from '../security/name-skeleton';

/** People per statement. */
const BATCH = 1_000;

interface Row {
  id: string;
  name: string;
}

/**
 * Gives each person without a skeleton the skeleton of their name, oldest first, unless an older person
 * (or someone registered since) holds it: of look-alikes only the oldest holds it, and the later ones keep
 * their names with none. Several processes may start at once: a batch that meets a skeleton taken in the
 * meantime is done again one row at a time. Returns how many were filled in.
 */
export async function backfillNameSkeletons(pool: Pool): Promise<number> {
  let filled = 0;
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const { rows } = await pool.query<Row & { created_at: Date }>(
      `SELECT id::text AS id, name, created_at FROM players
        WHERE name_skeleton IS NULL AND bot_level IS NULL
          AND ($1::timestamptz IS NULL OR (created_at, id) > ($1::timestamptz, $2::uuid))
        ORDER BY created_at, id LIMIT $3`,
      [after?.createdAt ?? null, after?.id ?? null, BATCH],
    );
    if (rows.length === 0) return filled;
    const last: Row & { created_at: Date } = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
    // Within the batch the first (oldest) of each skeleton is the one to fill in.
    const seen = new Set<string>();
    const ids: string[] = [];
    const skeletons: string[] = [];
    for (const row of rows) {
      const skeleton = nameSkeleton(row.name);
      if (seen.has(skeleton)) continue;
      seen.add(skeleton);
      ids.push(row.id);
      skeletons.push(skeleton);
    }
    filled += await fill(pool, ids, skeletons).catch(async () => {
      let one = 0;
      for (let i = 0; i < ids.length; i++) one += await fill(pool, [ids[i]!], [skeletons[i]!]).catch(() => 0);
      return one;
    });
  }
}

/** Sets the skeletons no one holds yet; returns how many were set. */
async function fill(pool: Pool, ids: string[], skeletons: string[]): Promise<number> {
  const { rowCount } = await pool.query(
    `UPDATE players p SET name_skeleton = v.skeleton
       FROM unnest($1::uuid[], $2::text[]) AS v(id, skeleton)
      WHERE p.id = v.id AND p.name_skeleton IS NULL
        AND NOT EXISTS (SELECT 1 FROM players q WHERE q.name_skeleton = v.skeleton)`,
    [ids, skeletons],
  );
  return rowCount ?? 0;
}
