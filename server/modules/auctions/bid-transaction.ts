// One bid's transaction: BEGIN, the auction's locked read, the bid's write, COMMIT. The auction's
// row lock is held from the read to the commit, so how long that takes bounds a hot auction's
// bids per second. Through drizzle's `db.transaction` that is four round trips, the lock held
// across the last three. On PostgreSQL this sends BEGIN with the locked read, and the write with
// COMMIT, as two multi-statement queries on one pooled client: the lock is held across one round
// trip plus the service's decision. A multi-statement query takes no bind parameters, so each
// value is inlined as a quoted literal (`literalOf`: checked by type, strings escaped), untyped
// like a bind parameter, so the server resolves it to the same type; the statements are
// otherwise exactly those of the drizzle path. PGlite (tests, the embedded default) has no
// network to save and keeps the drizzle path.
//
// When the database stops answering: the bid has a deadline (`deadlineAt`), for its connection
// and each statement, so it answers 503 in time whatever it waits on. A connection that failed or
// went unanswered gets no ROLLBACK (it would wait behind the unanswered statement, or on a dead
// socket): it is closed, which ends the transaction in the server, and the pool's other resting
// connections are closed with it (`connectionLost`: they were most likely lost the same way).
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { z } from 'zod';
import { connectionLost, type Db, pooledPgClient } from '../../platform/db/database.js';
import { DatabaseTimeoutError, isDatabaseUnavailable } from '../../platform/db/database-unavailable.js';
import { checkedRows, readRows } from '../../platform/db/sql-row.js';

/**
 * What the service does between the locked read and the commit: judge the auction from the
 * read's rows (or throw to roll back) and answer the bid's write with the result to return once
 * it committed. It reads nothing more: the lock is held across the read-to-write gap only.
 */
export type DecideBid<Row, T> = (rows: Row[]) => Promise<{ write: SQL; result: T }>;

/**
 * Runs the locked read, then `decide`, then its write and the commit, in one transaction. The
 * read's rows are checked against its `row` schema in development and tests (`checkedRows`) and
 * trusted in production: no statement and no parsing added under the lock there. With the read's
 * `deadlineAt` (a `performance.now()` instant), PostgreSQL only, waiting past it for a
 * connection or a statement rejects (503): a COMMIT cut off then may still have committed, an
 * answer the client may not take as an acknowledgement.
 */
export async function runBidTransaction<S extends z.ZodType, T>(
  db: Db,
  { row, query: lock, deadlineAt = null }: { row: S; query: SQL; deadlineAt?: number | null },
  decide: DecideBid<z.output<S>, T>,
): Promise<T> {
  const connecting = pooledPgClient(db);
  if (connecting === null) {
    return db.transaction(async (tx) => {
      const { write, result } = await decide(await readRows(tx, row, lock));
      await tx.execute(write);
      return result;
    });
  }
  const client = await connectedBy(connecting, deadlineAt);
  let broken: Error | undefined;
  try {
    const opened = (await client.query(
      statement(`BEGIN;\n${inlined(lock)}`, deadlineAt),
    )) as unknown as pg.QueryResult[];
    const { write, result } = await decide(checkedRows(row, opened[1]!.rows));
    await client.query(statement(`${inlined(write)};\nCOMMIT`, deadlineAt));
    return result;
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      broken = error as Error;
      // The driver's errors say the connection is lost or unanswering; our own deadline, met
      // between two statements, says nothing of it (the bid just waited too long).
      if (!(error instanceof DatabaseTimeoutError)) connectionLost(db);
      throw error;
    }
    // A refusal (decide threw) or a statement the server refused: the connection is sound.
    // Also after a failed COMMIT (the transaction is over then; ROLLBACK only warns).
    try {
      await client.query(
        statement('ROLLBACK', deadlineAt === null ? null : Math.max(deadlineAt, performance.now() + 1_000)),
      );
    } catch (rollbackError) {
      broken = rollbackError as Error;
    }
    throw error;
  } finally {
    // A client whose ROLLBACK failed may still be in the transaction: the pool discards it.
    client.release(broken);
  }
}

/** A statement for `client.query`, read time bounded by the deadline when there is one. */
function statement(text: string, deadlineAt: number | null): pg.QueryConfig {
  if (deadlineAt === null) return { text };
  const left = Math.floor(deadlineAt - performance.now());
  if (left <= 0) throw new DatabaseTimeoutError('the bid ran out of time');
  // `pg` reads a statement's own `query_timeout` before its client's (not in its typings).
  return { text, query_timeout: left } as pg.QueryConfig;
}

/** The pooled client, or DatabaseTimeoutError at the deadline (a client that comes later goes back). */
async function connectedBy(connecting: Promise<pg.PoolClient>, deadlineAt: number | null): Promise<pg.PoolClient> {
  if (deadlineAt === null) return connecting;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseTimeoutError('no connection in time')),
      Math.max(0, deadlineAt - performance.now()),
    );
  });
  try {
    return await Promise.race([connecting, late]);
  } catch (error) {
    connecting.then(
      (client) => client.release(),
      () => undefined,
    );
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const dialect = new PgDialect();

/** A drizzle statement with each `$n` replaced by its value as a literal. */
export function inlined(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Placeholders only, never inside a quoted literal or identifier of the statement itself.
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, index: string | undefined) => {
    if (index === undefined) return match;
    const position = Number(index) - 1;
    if (position >= params.length) throw new Error(`statement placeholder $${index} has no value`);
    return literalOf(params[position]);
  });
}

/**
 * A value as an untyped SQL literal, as `pg` would send it as a bind parameter: text for
 * strings, the decimal text of a number, a Date's UTC ISO instant. Anything else is refused.
 */
export function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') {
    // A NUL would end the query text early; PostgreSQL text cannot hold one anyway.
    if (value.includes('\0')) throw new TypeError('a bid statement value contains a NUL character');
    return pg.escapeLiteral(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`a bid statement value is not a finite number: ${value}`);
    return `'${String(value)}'`;
  }
  if (typeof value === 'bigint') return `'${value.toString()}'`;
  if (typeof value === 'boolean') return value ? `'true'` : `'false'`;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError('a bid statement value is an invalid date');
    return `'${value.toISOString()}'`;
  }
  throw new TypeError(`a bid statement value of type ${typeof value} cannot be inlined`);
}
