// The row a raw `sql` template returns (snake_case column names, values as the drivers hand them
// back: bigint as number or text, timestamptz as Date or text), typed from the Drizzle schema, so
// raw queries (locks, CTEs, the bid path) need no hand-written row interface that nothing checks.
import type { PgTable } from 'drizzle-orm/pg-core';

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
