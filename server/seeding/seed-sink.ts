// Where the seeder's rows go: per table, a batch of rows at a time, so memory stays bounded
// whatever the size. On PostgreSQL each batch is one `COPY … FROM STDIN` on the seeding
// connection (sent one after the other without the generator waiting, a few batches deep, so
// generating the next batch overlaps loading this one); on PGlite it is a multi-row INSERT.
// Everything runs in one transaction.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { z } from 'zod';
import type { Executor } from '../platform/db/database.js';
import { checkedRows, readRows } from '../platform/db/sql-row.js';

export type SeedValue = string | number | boolean | Date | null | undefined;

/** How many rows go in one COPY or INSERT (an INSERT also stays under 65,535 parameters). */
const BATCH_ROWS = 5_000;
const INSERT_ROWS = 500;
/** COPY batches queued on the connection before the generator waits for the oldest. */
const IN_FLIGHT = 4;

/** One `COPY … FROM STDIN` of a ready text payload, as a `pg` submittable. */
class CopyIn {
  private error: Error | null = null;
  readonly done: Promise<void>;
  private settle!: (error: Error | null) => void;
  constructor(
    private readonly text: string,
    private readonly payload: string,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = (error) => (error ? reject(error) : resolve());
    });
  }
  submit(connection: { query(text: string): void }) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }) {
    connection.sendCopyFromChunk(Buffer.from(this.payload, 'utf8'));
    connection.endCopyFrom();
  }
  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handleCopyData() {}
  handleError(error: Error) {
    this.error = error;
  }
  handleReadyForQuery() {
    this.settle(this.error);
  }
}

/** "00" to "99", for `isoTime`. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const DAY_MS = 86_400_000;

/**
 * `new Date(ms).toISOString()` for the years 0–9999, in a quarter of its time: `toISOString`
 * cost a microsecond a call (280 ns here), and the load writes a time in nearly every row. The
 * date from the day number by Howard Hinnant's `civil_from_days` (the proleptic Gregorian
 * calendar, as JavaScript's); the test holds the two to the same strings.
 */
export function isoTime(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const era = Math.floor((days + 719_468) / 146_097);
  const dayOfEra = days + 719_468 - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${TWO_DIGITS[Math.floor(year / 100)]}${TWO_DIGITS[year % 100]}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${millis < 100 ? (millis < 10 ? '00' : '0') : ''}${millis}Z`;
}

const COPY_SEPARATOR = /[\\\t\n\r]/;

/** A value in COPY's text format: `\N` for null, backslash escapes for the separators. */
function copyText(value: SeedValue): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return isoTime(value.getTime());
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  // Tested first: almost no seeded text holds a separator, and a replace with a callback costs
  // even where nothing matches (the seed writes some 30 million values).
  if (!COPY_SEPARATOR.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}

export interface SeedSink {
  /** Queues one row of `table` (its columns in `columns` order); flushed in batches. */
  row(table: SeedTable, values: SeedValue[]): Promise<void>;
  /** Writes every queued row and waits for the database to take them. */
  flush(): Promise<void>;
  /** Runs a statement after everything queued so far. */
  query(query: SQL): Promise<void>;
  /** Reads rows after everything queued so far, each checked against `schema` (`checkedRows`). */
  rows<S extends z.ZodType>(schema: S, query: SQL): Promise<z.output<S>[]>;
  /** Rows written per table. */
  readonly counts: Map<string, number>;
}

export interface SeedTable {
  name: string;
  columns: readonly string[];
}

interface Pending {
  table: SeedTable;
  rows: SeedValue[][];
}

/** A sink over one PostgreSQL client (COPY) or any executor (multi-row INSERT, for PGlite). */
export function seedSink(target: { client: pg.PoolClient } | { executor: Executor }): SeedSink {
  const pending = new Map<string, Pending>();
  const counts = new Map<string, number>();
  const inFlight: Promise<void>[] = [];
  /**
   * The last COPY sent. A pg client runs one query at a time, and queueing a second on it is
   * deprecated (pg 9 drops it): each COPY is sent the moment the one before it is done, while
   * the generator goes on building the next batches.
   */
  let lastCopy: Promise<void> = Promise.resolve();

  async function send(table: SeedTable, rows: SeedValue[][]): Promise<void> {
    counts.set(table.name, (counts.get(table.name) ?? 0) + rows.length);
    if ('client' in target) {
      const payload = rows.map((values) => values.map(copyText).join('\t')).join('\n') + '\n';
      const copy = new CopyIn(`COPY ${table.name} (${table.columns.join(', ')}) FROM STDIN`, payload);
      const { client } = target;
      lastCopy = lastCopy.then(() => {
        void client.query(copy as never);
        return copy.done;
      });
      inFlight.push(lastCopy);
      // Waits for the oldest COPY, or lets the event loop run once: the generator's own awaits
      // are settled promises, which never yield to it, and a COPY done meanwhile would not be
      // answered (and the next one not sent) before the generator next waited. 8% of the load.
      if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
      else await new Promise((resolve) => setImmediate(resolve));
      return;
    }
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      const values = rows.slice(i, i + INSERT_ROWS).map(
        (row) =>
          sql`(${sql.join(
            row.map((value) => sql`${value ?? null}`),
            sql`, `,
          )})`,
      );
      await target.executor.execute(
        sql`INSERT INTO ${sql.raw(table.name)} (${sql.raw(table.columns.join(', '))}) VALUES ${sql.join(values, sql`, `)}`,
      );
    }
  }

  /**
   * Sends every table's queued rows, in the order the tables first got a row: the generator
   * writes a parent row (a listing) before its children (its bids), so a child batch never
   * reaches the database before the rows it references.
   */
  async function sendAll(): Promise<void> {
    for (const entry of pending.values()) {
      if (entry.rows.length === 0) continue;
      const rows = entry.rows;
      entry.rows = [];
      await send(entry.table, rows);
    }
  }

  async function flush(): Promise<void> {
    await sendAll();
    while (inFlight.length) await inFlight.shift();
  }

  /** A statement after everything queued so far; its raw rows. */
  async function run(query: SQL): Promise<unknown[]> {
    await flush();
    if (!('client' in target)) {
      await target.executor.execute(query);
      return [];
    }
    const { sql: text, params } = new PgDialect().sqlToQuery(query);
    return (await target.client.query(text, params)).rows;
  }

  return {
    counts,
    async row(table, values) {
      let entry = pending.get(table.name);
      if (!entry) pending.set(table.name, (entry = { table, rows: [] }));
      entry.rows.push(values);
      if (entry.rows.length >= BATCH_ROWS) await sendAll();
    },
    flush,
    async query(query: SQL): Promise<void> {
      await run(query);
    },
    async rows<S extends z.ZodType>(schema: S, query: SQL): Promise<z.output<S>[]> {
      if (!('client' in target)) {
        await flush();
        return readRows(target.executor, schema, query);
      }
      return checkedRows(schema, await run(query));
    },
  };
}
