// The column and constraint shapes every table repeats. Constraint names are the ones PostgreSQL
// gave the migrations' unnamed constraints (`<table>_<column>_fkey`, `_check`, `_key`), so the
// schema and the migrated database name them alike (schema-matches-migrations.test.ts).
import { sql, type SQL } from 'drizzle-orm';
import { bigint, check, customType, foreignKey, text, timestamp, unique, type PgColumn } from 'drizzle-orm/pg-core';

/** A text UUID primary key the database draws. */
export const uuidId = () =>
  text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);
/** Money: integer cents, handed to code as a number. */
export const cents = <Name extends string>(name: Name) => bigint(name, { mode: 'number' });
export const at = <Name extends string>(name: Name) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();
/** Raw bytes (a generated PDF); drizzle-orm 0.45 has no bytea column of its own. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** `column REFERENCES target` as the migrations write it. */
export function fkey(table: string, column: PgColumn, target: PgColumn) {
  return foreignKey({ name: `${table}_${column.name}_fkey`, columns: [column], foreignColumns: [target] });
}

/** A column's inline CHECK as the migrations write it. */
export function columnCheck(table: string, column: string, condition: SQL) {
  return check(`${table}_${column}_check`, condition);
}

/** An inline or table-level UNIQUE over `columns`. */
export function uniqueKey(table: string, ...columns: [PgColumn, ...PgColumn[]]) {
  return unique(`${table}_${columns.map((column) => column.name).join('_')}_key`).on(...columns);
}
