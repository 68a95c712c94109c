// Opens the marketplace database: PostgreSQL through `pg` when DATABASE_URL is set, else the
// embedded PGlite. Both give the same Drizzle API, so nothing above this file knows which, but
// for the one path that asks for a raw pooled client (`pooledPgClient`).
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Anything that runs SQL: the database or an open transaction. */
export type Executor = Pick<Db, 'execute'>;

export interface Database {
  db: Db;
  /**
   * Where the admin lists and statistics read: the streaming replica of `replicaUrl` when one is
   * configured, else `db` itself. Only for reads outside a transaction that may lag a moment
   * behind the primary; anything read in a transaction, or to answer a write, stays on `db`.
   */
  reads: Db;
  driver: 'postgres' | 'pglite';
  /** Runs a script of several statements (migrations); no parameters. */
  runScript(text: string): Promise<void>;
  close(): Promise<void>;
}

/** The `pg` pool behind each PostgreSQL `Db` (see `pooledPgClient`). */
const pgPools = new WeakMap<object, pg.Pool>();

/**
 * A pool's siblings whose connections start with settings of their own (the admin lists' time-out,
 * `sessionPool`), made on first use with the pool's own connection string and limits, and closed
 * with it. Settings given at a connection's start cost no round trip, where a `SET` before a
 * request's statements and a `RESET` after them cost two.
 */
interface PoolSiblings {
  bySettings: Map<string, pg.Pool>;
  make(settings: SessionSettings): pg.Pool;
}
const poolSiblings = new WeakMap<pg.Pool, PoolSiblings>();

/** Settings a session's connection starts with: its statement time-out and any others, by name. */
export interface SessionSettings {
  statementTimeoutMs: number;
  others: Readonly<Record<string, string | number>>;
}

const settingsKey = (settings: SessionSettings): string =>
  JSON.stringify([settings.statementTimeoutMs, Object.entries(settings.others).sort()]);

/** The pool behind `pool` whose connections start with `settings`, made once. */
function sessionPool(pool: pg.Pool, settings: SessionSettings | undefined): pg.Pool {
  const siblings = settings ? poolSiblings.get(pool) : undefined;
  if (!settings || !siblings) return pool;
  const key = settingsKey(settings);
  let sibling = siblings.bySettings.get(key);
  if (!sibling) {
    sibling = siblings.make(settings);
    siblings.bySettings.set(key, sibling);
  }
  return sibling;
}

/** Every pool made beside `pool` (closed with it, emptied with it when a connection is lost). */
const siblingsOf = (pool: pg.Pool): pg.Pool[] => [...(poolSiblings.get(pool)?.bySettings.values() ?? [])];

/** What a bounded pool adds to `pg`'s: its resting clients, and how long a request may wait on it. */
interface PoolWatch {
  idle: Set<pg.PoolClient>;
  answerWithinMs: number | null;
}
const poolWatches = new WeakMap<pg.Pool, PoolWatch>();

/**
 * How long a request may wait on the database behind `db` in all (its statement time-out: the
 * API's 8 s) before it answers 503, or null when nothing bounds it (PGlite, seeders, benchmarks).
 * For a path that waits on its own besides its statements (the bid queue).
 */
export function answerWithinMs(db: Executor): number | null {
  const pool = pgPools.get(db);
  return pool ? (poolWatches.get(pool)?.answerWithinMs ?? null) : null;
}

/**
 * Closes every connection resting in the pool behind `db`: call it when one connection was
 * found lost or unanswering (see `boundedPool`).
 */
export function connectionLost(db: Executor): void {
  const pool = pgPools.get(db);
  if (!pool) return;
  dropIdleClients(pool);
  for (const sibling of siblingsOf(pool)) dropIdleClients(sibling);
}

function dropIdleClients(pool: pg.Pool): void {
  const watch = poolWatches.get(pool);
  if (!watch) return;
  for (const client of [...watch.idle]) {
    watch.idle.delete(client);
    // An error on a resting client is how `pg`'s pool learns it is gone: its listener takes the
    // client out of the pool there and then, so the very next request cannot take it.
    client.emit('error', new Error('Connection terminated: another connection of its pool was lost'));
    // And its socket goes now: the pool's polite end waits for an answer a lost peer never sends.
    closeSocketOf(client);
  }
}

/**
 * A raw client from the pool behind `db` on PostgreSQL (release it when done), or null on
 * PGlite. Only for the few paths that must choose how their statements are grouped into round
 * trips (`modules/auctions/bid-transaction.ts`); everything else goes through `db`.
 */
export function pooledPgClient(db: Executor): Promise<pg.PoolClient> | null {
  return pgPools.get(db)?.connect() ?? null;
}

/** One pooled connection of a PostgreSQL `Db`, as its own `Db`, that can be cancelled from outside. */
export interface PgSession {
  /** Every statement through it runs on this one connection. */
  db: Db;
  /**
   * Cancels the statement the connection is running (`pg_cancel_backend`), over a connection of
   * its own: never waiting for a pooled one, which a pile-up of requests may have taken.
   */
  cancel(): Promise<void>;
  /** Back to the pool; `destroy` closes the connection instead (a cancel may still land on it). */
  release(destroy: boolean): void;
}

/** Each pooled connection's `Db` and backend pid, made once per connection. */
const sessionsOf = new WeakMap<pg.PoolClient, { db: Db; pid: number }>();

/**
 * A `PgSession` on the pool behind `db`, or null on PGlite (one process: nothing to cancel). With
 * `settings`, on a sibling pool whose connections start with them: nothing to set or reset.
 */
export async function pgSession(db: Executor, settings?: SessionSettings): Promise<PgSession | null> {
  const base = pgPools.get(db);
  if (!base) return null;
  const pool = sessionPool(base, settings);
  const client = await pool.connect();
  let session = sessionsOf.get(client);
  if (!session) {
    try {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      session = { db: drizzlePg({ client, schema }) as unknown as Db, pid: rows[0]!.pid };
    } catch (error) {
      client.release(true);
      throw error;
    }
    sessionsOf.set(client, session);
  }
  const { pid } = session;
  return {
    db: session.db,
    cancel: async () => {
      const canceller = new pg.Client(pool.options);
      await canceller.connect();
      try {
        await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
      } finally {
        await canceller.end();
      }
    },
    release: (destroy) => client.release(destroy),
  };
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** A streaming replica of `databaseUrl` (DATABASE_REPLICA_URL), for `reads`. */
  replicaUrl?: string | undefined;
  /**
   * PostgreSQL only: how long a request waits for a connection, and the longest a statement may
   * run (the API's: DATABASE_CONNECT_TIMEOUT_MS 3 s, DATABASE_STATEMENT_TIMEOUT_MS 8 s), so a
   * database that does not answer is a 503 within 10 s, never a hang. Absent: no limit (the
   * seeders and benchmarks). Migrations always run on a connection of their own, unlimited.
   */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
}

export const CONNECT_TIMEOUT_MS_DEFAULT = 3_000;
export const STATEMENT_TIMEOUT_MS_DEFAULT = 8_000;

/**
 * A pg pool with the time-outs; a broken idle client is dropped, the next query reconnects.
 * `settings`: what its connections start with besides (a sibling pool's, `sessionPool`).
 */
function boundedPool(connectionString: string, options: DatabaseOptions, settings?: SessionSettings): pg.Pool {
  const statementTimeout = settings?.statementTimeoutMs ?? options.statementTimeoutMs;
  // A sibling's shorter time-out is PostgreSQL's to enforce (its cancel is the answer, 57014); the
  // client waits as long as for any statement of the database before it gives the connection up.
  const readTimeout = Math.max(statementTimeout ?? 0, options.statementTimeoutMs ?? 0) + 1_000;
  const others = Object.entries(settings?.others ?? {}).map(([name, value]) => ` -c ${name}=${value}`);
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    keepAlive: true,
    // No JIT compilation: the API's statements are bounded lookups and pages, but at a few million
    // rows the planner's estimate for a rare term's bitmap passes jit_above_cost, and compiling
    // took 24 ms of a statement that ran in 0.05 ms (chat messages `search=qz` at 3M users).
    options: `-c jit=off${others.join('')}`,
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    ...(statementTimeout
      ? {
          // Server side: the statement is cancelled and its locks released.
          statement_timeout: statementTimeout,
          // Client side, a little later: a database that stopped answering altogether (a frozen
          // host, a half-open socket) cannot cancel anything.
          query_timeout: readTimeout,
        }
      : {}),
  });
  // The clients resting in the pool. When one connection is found lost (its socket ended, or a
  // statement went unanswered past its time-out), those that rested meanwhile were most likely
  // lost with it, and silently: a crashed host or a dropped network path sends nothing, so each
  // would hang the next request that took it until its time-out, one after another, long after
  // the database is back. They are closed at once instead, and requests open new connections.
  const idle = new Set<pg.PoolClient>();
  poolWatches.set(pool, { idle, answerWithinMs: statementTimeout ?? null });
  pool.on('release', (error: Error | undefined, client: pg.PoolClient) => {
    if (!error) idle.add(client);
  });
  pool.on('acquire', (client) => idle.delete(client));
  pool.on('remove', (client) => idle.delete(client as pg.PoolClient));
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => dropIdleClients(pool));
  // Nor a checked-out one between two statements of a transaction (the bid's raw client): its
  // next statement fails instead (503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => dropIdleClients(pool)));
  if (statementTimeout) pool.on('connect', closedWhenUnanswered);
  return pool;
}

/**
 * A statement unanswered past its read time-out (`query_timeout`) stays the connection's running
 * one: whatever is sent next waits behind it, above all the ROLLBACK drizzle's `db.transaction`
 * sends after the failed statement, for a read time-out of its own (a request answered 503 twice
 * as late as the contract allows). So the connection is closed there and then: what was sent
 * after fails at once (a lost connection, 503), and the pool discards it on release instead of
 * handing it to the next request. The bid path closes its own the same way (bid-transaction.ts).
 */
function closedWhenUnanswered(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const watched = (...args: unknown[]): unknown => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') closeSocketOf(client);
      });
    }
    return result;
  };
  (client as unknown as { query: typeof watched }).query = watched;
}

/** Ends a connection without the polite end, which waits for an answer a lost peer never sends. */
function closeSocketOf(client: pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = boundedPool(options.databaseUrl, options);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    pgPools.set(db, pool);
    const replica = options.replicaUrl ? boundedPool(options.replicaUrl, options) : null;
    const reads = replica ? (drizzlePg({ client: replica, schema }) as unknown as Db) : db;
    if (replica) pgPools.set(reads, replica);
    for (const [owner, url] of [
      [pool, options.databaseUrl],
      [replica, options.replicaUrl],
    ] as const) {
      if (owner && url) {
        poolSiblings.set(owner, { bySettings: new Map(), make: (settings) => boundedPool(url, options, settings) });
      }
    }
    return {
      db,
      reads,
      driver: 'postgres',
      runScript: async (text) => {
        // Migrations may rewrite big tables: a connection of their own, without the time-outs.
        const client = new pg.Client({ connectionString: options.databaseUrl });
        await client.connect();
        try {
          await client.query(text);
        } finally {
          await client.end();
        }
      },
      close: async () => {
        const siblings = [pool, replica].flatMap((owner) => (owner ? siblingsOf(owner) : []));
        await Promise.all([pool.end(), replica?.end(), ...siblings.map((sibling) => sibling.end())]);
      },
    };
  }
  const dir = options.pgliteDir ?? '.data/pglite';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    reads: db,
    driver: 'pglite',
    runScript: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}

/**
 * The rows of a raw statement as `T`, checked by nothing: a cast. Read through `readRows` with a
 * schema (sql-row.ts) instead; this is its untyped core. Both drivers answer with `{rows}`.
 */
export async function uncheckedRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * The names given to prepared statements, by their text. Bounded: a statement's text must be the
 * same every time (its values parameters, `$1`), and should one ever carry a value inline, the
 * texts past this many run unnamed instead of piling up in every connection.
 */
const preparedNames = new Map<string, string>();
const PREPARED_STATEMENTS_MAX = 500;

function preparedName(text: string): string | undefined {
  const known = preparedNames.get(text);
  if (known || preparedNames.size >= PREPARED_STATEMENTS_MAX) return known;
  const name = `prepared_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  preparedNames.set(text, name);
  return name;
}

/**
 * `uncheckedRows` for a statement whose text is the same every time, run as a named prepared
 * statement: PostgreSQL parses and plans it once per connection and then reuses its plan (a
 * generic one, once it prices no worse than planning anew), where an unnamed statement is planned
 * on every run. A list's rows by the page's ids join three or four tables with a dozen indexes
 * each: planning them took 1.5 ms at a million users, running them 0.1 ms. PGlite runs it unnamed.
 * PostgreSQL plans such a statement again when a table it reads changes; its SELECT must name its
 * columns (no `t.*` of a table), or a column a migration adds would change the result of a
 * statement prepared before it, which PostgreSQL refuses to run.
 */
export async function preparedRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const session = (executor as Partial<Pick<Db, '_'>>)._?.session;
  if (!session) return uncheckedRows(executor, query);
  const built = dialect.sqlToQuery(query);
  const result = (await session.prepareQuery(built, undefined, preparedName(built.sql), false).execute()) as {
    rows: T[];
  };
  return result.rows;
}

/**
 * @deprecated An unchecked cast of raw rows: new code reads through `readRows(executor, schema,
 * query)` (sql-row.ts), whose rows are parsed in development and tests. The call sites left are
 * counted by tests/architecture/unchecked-rows.test.ts, which lets the number only go down.
 */
export const queryRows: <T>(executor: Executor, query: SQL) => Promise<T[]> = uncheckedRows;
