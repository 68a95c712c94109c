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

/** A value in COPY's text format: `\N` for null, backslash escapes for the separators. */
function copyText(value: SeedValue): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
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
      if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
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
