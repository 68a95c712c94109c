// The row a raw `sql` template returns (snake_case column names, values as the drivers hand them
// back: bigint as number or text, timestamptz as Date or text), typed from the Drizzle schema, so
// raw queries (locks, CTEs, the bid path) need no hand-written row interface. `sqlRow` gives the
// same row as a zod schema, and `readRows` parses what a statement returns against it.
import { getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { preparedRows, uncheckedRows, type Executor } from './database.js';

/** What SqlRow reads off a column. */
interface ColumnFacts {
  _: { columnType: string; data: unknown; notNull: boolean };
}

type ColumnsByName<T extends PgTable> = {
  [K in keyof T['_']['columns'] as T['_']['columns'][K]['_']['name']]: T['_']['columns'][K];
};

type DriverValue<C> = C extends ColumnFacts
  ? C['_']['columnType'] extends 'PgBigInt53'
    ? number | string
    : C['_']['columnType'] extends 'PgTimestamp'
      ? Date | string
      : C['_']['data']
  : never;

/** `SqlRow<typeof users, 'id' | 'user_name'>`: those columns of a `users` row read by raw SQL. */
export type SqlRow<T extends PgTable, Name extends keyof ColumnsByName<T> = keyof ColumnsByName<T>> = {
  [K in Name]: ColumnsByName<T>[K] extends { _: { notNull: true } }
    ? DriverValue<ColumnsByName<T>[K]>
    : DriverValue<ColumnsByName<T>[K]> | null;
};

/** One column's raw value: `SqlColumn<typeof users, 'user_name'>` for a `u.user_name AS seller_user_name`. */
export type SqlColumn<T extends PgTable, Name extends keyof ColumnsByName<T>> = SqlRow<T, Name>[Name];

/** A LEFT JOIN's columns: null when nothing matched, whatever the table column says. */
export type Nullable<Row> = { [K in keyof Row]: Row[K] | null };

// ---- The same rows, checked: schemas derived from the Drizzle table by drizzle-zod. ----

/** Values the drivers hand back where Drizzle's own mapping would differ (bigint as text, timestamptz as text). */
const DRIVER_VALUES: Record<string, z.ZodType> = {
  PgBigInt53: z.union([z.number(), z.string()]),
  PgTimestamp: z.union([z.date(), z.string()]),
};

/** The columns of `table` by their SQL name. */
function columnsByName(table: PgTable): Map<string, { key: string; column: PgColumn }> {
  const byName = new Map<string, { key: string; column: PgColumn }>();
  for (const [key, column] of Object.entries(getTableColumns(table))) byName.set(column.name, { key, column });
  return byName;
}

/** One column's schema: drizzle-zod's (enums, nullability), with the raw driver values allowed. */
function columnSchemaOf(table: PgTable, name: string): z.ZodType {
  const found = columnsByName(table).get(name);
  if (!found) throw new Error(`${getTableName(table)} has no column ${name}`);
  const driver = DRIVER_VALUES[found.column.columnType];
  if (driver) return found.column.notNull ? driver : driver.nullable();
  return selectShapeOf(table)[found.key]!;
}

/**
 * drizzle-zod's schema of a table's row, made once per table: building it costs far more than
 * parsing a row, and the rows of a statement whose schema is written inside a request (the
 * after-commit auction review's) would otherwise pay for it at every call, once per column.
 */
const selectShapes = new WeakMap<PgTable, Record<string, z.ZodType>>();
function selectShapeOf(table: PgTable): Record<string, z.ZodType> {
  let shape = selectShapes.get(table);
  if (!shape) {
    shape = createSelectSchema(table).shape as Record<string, z.ZodType>;
    selectShapes.set(table, shape);
  }
  return shape;
}

type RowShape<Row> = { [K in keyof Row]-?: z.ZodType<Row[K]> };

/**
 * The schema of `SqlRow<typeof table, names>`: those columns of a row read by raw SQL, keyed by
 * their SQL names. `.extend({ seller_user_name: sqlColumn(users, 'user_name') })` adds an aliased
 * column of another table, `leftJoined(...)` the columns of a LEFT JOIN.
 */
export function sqlRow<T extends PgTable, Name extends keyof ColumnsByName<T> & string>(
  table: T,
  ...names: Name[]
): z.ZodObject<RowShape<SqlRow<T, Name>>> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) shape[name] = columnSchemaOf(table, name);
  return z.object(shape) as z.ZodObject<RowShape<SqlRow<T, Name>>>;
}

/** Every column of `table`: the row of a `SELECT *`. */
export function sqlTableRow<T extends PgTable>(table: T): z.ZodObject<RowShape<SqlRow<T>>> {
  const names = Object.values(getTableColumns(table)).map((column) => column.name);
  return sqlRow(table, ...(names as (keyof ColumnsByName<T> & string)[])) as z.ZodObject<RowShape<SqlRow<T>>>;
}

/** One column's schema, for a column read under another name (`s.user_name AS seller_user_name`). */
export function sqlColumn<T extends PgTable, Name extends keyof ColumnsByName<T> & string>(
  table: T,
  name: Name,
): z.ZodType<SqlColumn<T, Name>> {
  return columnSchemaOf(table, name) as z.ZodType<SqlColumn<T, Name>>;
}

/** A LEFT JOIN's columns: each may be null when nothing matched. */
export function leftJoined<Shape extends z.ZodRawShape>(
  shape: Shape,
): z.ZodObject<{ [K in keyof Shape]: z.ZodNullable<Shape[K]> }> {
  const nullable: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) nullable[key] = (schema as z.ZodType).nullable();
  return z.object(nullable) as z.ZodObject<{ [K in keyof Shape]: z.ZodNullable<Shape[K]> }>;
}

/** A `count(*)`: bigint, so text from `pg` and a number from PGlite. */
export const countValue = DRIVER_VALUES.PgBigInt53 as z.ZodType<number | string>;

/** A computed numeric (`avg(rate)`, `sum(cents)`): text from the drivers, a number where cast to one. */
export const numericValue: z.ZodType<number | string> = z.union([z.number(), z.string()]);

/**
 * Rows are parsed against their schema in development and tests (a query whose columns drifted
 * from its schema fails there, loudly); production trusts the schema, which the tests proved.
 */
const CHECK_ROWS = process.env.NODE_ENV !== 'production';

/** Raw rows as the schema's output: parsed (development, tests) or trusted (production). */
export function checkedRows<S extends z.ZodType>(schema: S, rows: readonly unknown[]): z.output<S>[] {
  return rowsAsSchemaSays(schema, rows, CHECK_ROWS);
}

/**
 * Raw rows as `schema`'s output. Unchecked (`check` false), a schema that only checks its rows
 * trusts them as they are; one whose parse changes them (a count made a number, a default) still
 * parses them, or production would read what development never saw: a count of "3" as text, and
 * a response the contract refuses (the ring's summed impact answered 500 in production only).
 */
export function rowsAsSchemaSays<S extends z.ZodType>(
  schema: S,
  rows: readonly unknown[],
  check: boolean,
): z.output<S>[] {
  if (!check && !shapesOutput(schema)) return rows as z.output<S>[];
  return rows.map((row) => schema.parse(row));
}

const shaping = new WeakMap<z.ZodType, boolean>();

/**
 * Whether parsing with `schema` can change a value, not only check it: a transform or a
 * preprocess (a pipe), a default, a catch, a coercion, anywhere inside it. Read once per schema
 * from zod's definitions; a kind it does not know counts as changing (it is then parsed).
 */
export function shapesOutput(schema: z.ZodType): boolean {
  const known = shaping.get(schema);
  if (known !== undefined) return known;
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const any = (schemas: unknown[]) => schemas.some((inner) => inner != null && shapesOutput(inner as z.ZodType));
  let shapes: boolean;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'date':
      shapes = def.coerce === true;
      break;
    case 'enum':
    case 'literal':
    case 'null':
    case 'undefined':
    case 'unknown':
    case 'any':
    case 'custom':
      shapes = false;
      break;
    case 'object':
      shapes = any([...Object.values(def.shape as Record<string, unknown>), def.catchall]);
      break;
    case 'array':
      shapes = any([def.element]);
      break;
    case 'tuple':
      shapes = any([...(def.items as unknown[]), def.rest]);
      break;
    case 'union':
      shapes = any(def.options as unknown[]);
      break;
    case 'intersection':
      shapes = any([def.left, def.right]);
      break;
    case 'record':
      shapes = any([def.keyType, def.valueType]);
      break;
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      shapes = any([def.innerType]);
      break;
    default:
      // pipe (transform, preprocess), default, prefault, catch, lazy, and whatever else.
      shapes = true;
  }
  shaping.set(schema, shapes);
  return shapes;
}

/** The rows of a raw statement, each checked against `schema` (see CHECK_ROWS). */
export async function readRows<S extends z.ZodType>(executor: Executor, schema: S, query: SQL): Promise<z.output<S>[]> {
  return checkedRows(schema, await uncheckedRows(executor, query));
}

/** `readRows` as a named prepared statement (database.ts, `preparedRows`): text the same every time. */
export async function readPreparedRows<S extends z.ZodType>(
  executor: Executor,
  schema: S,
  query: SQL,
): Promise<z.output<S>[]> {
  return checkedRows(schema, await preparedRows(executor, query));
}
