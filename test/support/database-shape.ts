// The shape of a migrated database's public schema, read from pg_catalog.
import type { Client } from 'pg';
import type { ReferentialAction, SchemaShape, TableShape } from './schema-shape';

/** Prisma's migration history is not part of the application schema. */
const HISTORY_TABLE = '_prisma_migrations';

const ACTIONS: Record<string, ReferentialAction> = {
  a: 'NoAction',
  r: 'Restrict',
  c: 'Cascade',
  n: 'SetNull',
  d: 'SetDefault',
};

/** The shape of the `public` schema of the database `client` is connected to, read from pg_catalog. */
export async function shapeFromDatabase(client: Client): Promise<SchemaShape> {
  // One client runs one query at a time, so these go in sequence.
  const enums = await client.query<{ name: string; labels: string[] }>(`
      SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
      FROM pg_type t
      JOIN pg_namespace n ON n.oid = t.typnamespace
      JOIN pg_enum e ON e.enumtypid = t.oid
      WHERE n.nspname = 'public'
      GROUP BY t.typname`);
  const columns = await client.query<{
    table: string;
    column: string;
    type: string;
    nullable: boolean;
    default: string | null;
  }>(`
      SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
             NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind = 'r'
      ORDER BY c.relname, a.attnum`);
  const indexes = await client.query<{
    table: string;
    name: string;
    primary: boolean;
    unique: boolean;
    columns: string[];
  }>(`
      SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary, x.indisunique AS unique,
             array(
               SELECT a.attname || CASE WHEN x.indoption[k.ord - 1] & 1 = 1 THEN ' DESC' ELSE '' END
               FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
               ORDER BY k.ord
             ) AS columns
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public'`);
  const foreignKeys = await client.query<{
    table: string;
    name: string;
    columns: string[];
    referenced_table: string;
    referenced_columns: string[];
    on_delete: string;
    on_update: string;
  }>(`
      SELECT t.relname AS table, con.conname AS name, rt.relname AS referenced_table,
             array(
               SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord
             ) AS columns,
             array(
               SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord
             ) AS referenced_columns,
             con.confdeltype AS on_delete, con.confupdtype AS on_update
      FROM pg_constraint con
      JOIN pg_class t ON t.oid = con.conrelid
      JOIN pg_class rt ON rt.oid = con.confrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND con.contype = 'f'`);

  const tables: Record<string, TableShape> = {};
  const table = (name: string): TableShape =>
    (tables[name] ??= { columns: {}, indexes: {}, foreignKeys: {} });
  for (const row of columns.rows) {
    if (row.table === HISTORY_TABLE) continue;
    table(row.table).columns[row.column] = { type: row.type, nullable: row.nullable, default: row.default };
  }
  for (const row of indexes.rows) {
    if (row.table === HISTORY_TABLE) continue;
    table(row.table).indexes[row.name] = { primary: row.primary, unique: row.unique, columns: row.columns };
  }
  for (const row of foreignKeys.rows) {
    table(row.table).foreignKeys[row.name] = {
      columns: row.columns,
      referencedTable: row.referenced_table,
      referencedColumns: row.referenced_columns,
      onDelete: action(row.on_delete),
      onUpdate: action(row.on_update),
    };
  }
  return { enums: Object.fromEntries(enums.rows.map((row) => [row.name, row.labels])), tables };
}

function action(code: string): ReferentialAction {
  const name = ACTIONS[code];
  if (!name) throw new Error(`Unknown referential action code ${code}`);
  return name;
}
