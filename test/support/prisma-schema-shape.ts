// The shape schema.prisma implies for PostgreSQL, to compare with the migrated database.
import { getDMMF } from '@prisma/get-dmmf';
import type {
  ColumnShape,
  ForeignKeyShape,
  IndexShape,
  ReferentialAction,
  SchemaShape,
  TableShape,
} from './schema-shape';

type Document = Exclude<ReturnType<typeof getDMMF>, { reason: string }>;
type Datamodel = Document['datamodel'];
type Model = Datamodel['models'][number];
type Field = Model['fields'][number];

/** How PostgreSQL prints each native type Prisma may map a field to. */
const NATIVE_TYPES: Record<string, (args: readonly string[]) => string> = {
  Text: () => 'text',
  Uuid: () => 'uuid',
  VarChar: ([length]) => (length ? `character varying(${length})` : 'character varying'),
  Char: ([length]) => `character(${length ?? 1})`,
  Integer: () => 'integer',
  BigInt: () => 'bigint',
  Boolean: () => 'boolean',
  JsonB: () => 'jsonb',
  DoublePrecision: () => 'double precision',
  Decimal: ([precision, scale]) => `numeric(${precision ?? 65},${scale ?? 30})`,
  ByteA: () => 'bytea',
  Timestamp: ([precision]) => `timestamp(${precision ?? 3}) without time zone`,
  Timestamptz: ([precision]) => `timestamp(${precision ?? 3}) with time zone`,
  Date: () => 'date',
};

/** The native type Prisma uses on PostgreSQL for a scalar type without @db.* attribute. */
const DEFAULT_NATIVE_TYPES: Record<string, string> = {
  String: 'Text',
  Int: 'Integer',
  BigInt: 'BigInt',
  Boolean: 'Boolean',
  Json: 'JsonB',
  Float: 'DoublePrecision',
  Decimal: 'Decimal',
  Bytes: 'ByteA',
  DateTime: 'Timestamp',
};

/** The database schema that Prisma derives from a schema.prisma text, by its documented conventions. */
export function shapeFromPrismaSchema(schema: string): SchemaShape {
  const dmmf = getDMMF({ datamodel: schema });
  if ('reason' in dmmf) throw new Error(`schema.prisma is invalid: ${dmmf.reason}`);
  const { datamodel } = dmmf;
  return {
    enums: Object.fromEntries(
      datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)]),
    ),
    tables: Object.fromEntries(
      datamodel.models.map((model) => [tableName(model), tableShape(datamodel, model)]),
    ),
  };
}

function tableName(model: Model): string {
  return model.dbName ?? model.name;
}

function columnName(model: Model, fieldName: string): string {
  const field = model.fields.find((f) => f.name === fieldName);
  if (!field) throw new Error(`${model.name} has no field ${fieldName}`);
  return field.dbName ?? field.name;
}

function tableShape(datamodel: Datamodel, model: Model): TableShape {
  const columns = model.fields.filter((field) => field.kind === 'scalar' || field.kind === 'enum');
  return {
    columns: Object.fromEntries(
      columns.map((field) => [field.dbName ?? field.name, columnShape(model, field)]),
    ),
    indexes: Object.fromEntries(
      datamodel.indexes
        .filter((index) => index.model === model.name)
        .map((index) => indexEntry(model, index)),
    ),
    foreignKeys: Object.fromEntries(
      model.fields
        .filter((field) => field.relationFromFields?.length)
        .map((field) => foreignKeyEntry(datamodel, model, field)),
    ),
  };
}

function columnShape(model: Model, field: Field): ColumnShape {
  const type = columnType(field);
  return { type, nullable: !field.isRequired, default: columnDefault(model, field, type) };
}

function columnType(field: Field): string {
  // PostgreSQL quotes type names that are not all lower case.
  if (field.kind === 'enum') return field.type === field.type.toLowerCase() ? field.type : `"${field.type}"`;
  const [native, args] = field.nativeType ?? [DEFAULT_NATIVE_TYPES[field.type], []];
  const render = native === undefined ? undefined : NATIVE_TYPES[native];
  if (!render) throw new Error(`No PostgreSQL type known for ${field.name}: ${field.type} ${native ?? ''}`);
  return field.isList ? `${render(args)}[]` : render(args);
}

function columnDefault(model: Model, field: Field, type: string): string | null {
  const value = field.default;
  if (value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string' && field.kind === 'enum') return `'${value}'::${type}`;
  // PostgreSQL shows a string default cast to its type without the length: 'x'::character varying.
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'::${type.replace(/\(\d+\)$/, '')}`;
  if (typeof value === 'object' && !Array.isArray(value) && 'name' in value) {
    if (value.name === 'now') return 'CURRENT_TIMESTAMP';
    if (value.name === 'dbgenerated') return String(value.args[0]);
    if (value.name === 'autoincrement')
      return `nextval('${tableName(model)}_${field.dbName ?? field.name}_seq'::regclass)`;
  }
  throw new Error(`No PostgreSQL default known for ${model.name}.${field.name}: ${JSON.stringify(value)}`);
}

type DmmfIndex = Datamodel['indexes'][number];

function indexEntry(model: Model, index: DmmfIndex): [string, IndexShape] {
  const columns = index.fields.map((f) => columnName(model, f.name));
  const suffix = { id: 'pkey', unique: 'key', normal: 'idx' }[index.type as string];
  if (!suffix) throw new Error(`Index type ${index.type} on ${model.name} is not supported here`);
  const defaultName =
    index.type === 'id' ? `${tableName(model)}_pkey` : `${tableName(model)}_${columns.join('_')}_${suffix}`;
  return [
    index.dbName ?? defaultName,
    {
      primary: index.type === 'id',
      unique: index.type !== 'normal',
      columns: index.fields.map((f, i) => (f.sortOrder === 'desc' ? `${columns[i]} DESC` : columns[i]!)),
    },
  ];
}

function foreignKeyEntry(datamodel: Datamodel, model: Model, field: Field): [string, ForeignKeyShape] {
  const referenced = datamodel.models.find((m) => m.name === field.type);
  if (!referenced) throw new Error(`${model.name}.${field.name} refers to unknown model ${field.type}`);
  const fromFields = field.relationFromFields ?? [];
  const columns = fromFields.map((name) => columnName(model, name));
  // Prisma's defaults: optional relations are cleared when their target is deleted, required ones block it.
  const optional = fromFields.some((name) => !model.fields.find((f) => f.name === name)?.isRequired);
  return [
    `${tableName(model)}_${columns.join('_')}_fkey`,
    {
      columns,
      referencedTable: tableName(referenced),
      referencedColumns: (field.relationToFields ?? []).map((name) => columnName(referenced, name)),
      onDelete: (field.relationOnDelete ?? (optional ? 'SetNull' : 'Restrict')) as ReferentialAction,
      onUpdate: (field.relationOnUpdate ?? 'Cascade') as ReferentialAction,
    },
  ];
}
