// The schema shape both database-shape and prisma-schema-shape produce, so one toEqual compares them.
/**
 * The parts of a PostgreSQL schema that must agree between schema.prisma and the migrated database, in the
 * words PostgreSQL's catalog uses, so that the two can be compared with one toEqual.
 */
export interface SchemaShape {
  enums: Record<string, string[]>;
  tables: Record<string, TableShape>;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  /** By index name; the primary key's index included. */
  indexes: Record<string, IndexShape>;
  /** By constraint name. */
  foreignKeys: Record<string, ForeignKeyShape>;
}

export interface ColumnShape {
  /** As `format_type()` prints it, e.g. `character varying(40)`. */
  type: string;
  nullable: boolean;
  /** As `pg_get_expr()` prints it, or null without a default. */
  default: string | null;
}

export interface IndexShape {
  primary: boolean;
  unique: boolean;
  /** Column names, with ` DESC` appended for descending ones. */
  columns: string[];
}

export interface ForeignKeyShape {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
}

export type ReferentialAction = 'Cascade' | 'Restrict' | 'NoAction' | 'SetNull' | 'SetDefault';
