// A list request nobody will read leaves nothing running (request-reads.ts): on a real
// PostgreSQL, a list whose statement waits behind a lock is aborted by its client, and within a
// second no backend still runs its statement. A statement that reaches the list statement time-out
// answers 422 `searchTooBroad`, never a 500, and the connection it held serves the next request.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { readRows } from '../../server/platform/db/sql-row.js';
import { openTestApp, type TestApp } from '../support/app-fixture.js';
import { canRun } from '../support/service-skips.js';

const postgresAdminUrl = inject('postgresAdminUrl');
const AUTH = { authorization: 'Bearer token-admin' };
/** The users list's statements, told apart from anything else by their search term. */
const TERM = 'slowlist';

describe.skipIf(!canRun('postgres'))('an admin list request on PostgreSQL', () => {
  let testApp: TestApp;
  let apiUrl: string;
  let databaseUrl: string;
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    testApp = await openTestApp({ postgresAdminUrl, poolSize: 4 });
    apiUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const [row] = await readRows(
      testApp.database.db,
      z.object({ name: z.string() }),
      sql`SELECT current_database() AS name`,
    );
    databaseUrl = postgresAdminUrl.replace(/\/postgres$/, `/${row!.name}`);
    locker = new pg.Client({ connectionString: databaseUrl });
    watcher = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
  }, 60_000);
  afterAll(async () => {
    delete process.env.ADMIN_LIST_STATEMENT_TIMEOUT_MS;
    await Promise.allSettled([locker?.end(), watcher?.end()]);
    await testApp?.close();
  });

  /** The backends running the list's statement right now. */
  async function runningListStatements(): Promise<number> {
    const { rows } = await watcher.query<{ running: number }>(
      `SELECT count(*)::int AS running FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
          AND query LIKE '%${TERM}%' AND query NOT LIKE '%pg_stat_activity%'`,
    );
    return rows[0]!.running;
  }

  async function until(condition: () => Promise<boolean>, withinMs: number): Promise<boolean> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      if (await condition()) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Holds the users table locked (the list's statement waits behind it) while `work` runs. */
  async function whileLocked<T>(work: () => Promise<T>): Promise<T> {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    try {
      return await work();
    } finally {
      await locker.query('ROLLBACK');
    }
  }

  it("runs the API's statements without JIT compilation (it cost more than a page's statement at 3M users)", async () => {
    const [row] = await readRows(testApp.database.db, z.object({ jit: z.string() }), sql`SHOW jit`);
    expect(row?.jit).toBe('off');
  });

  it('cancels the running statement when the client aborts', async () => {
    await whileLocked(async () => {
      const client = new AbortController();
      const request = fetch(`${apiUrl}/v1/admin/users?search=${TERM}`, { headers: AUTH, signal: client.signal });
      const settled = request.catch((error: unknown) => error);
      expect(await until(async () => (await runningListStatements()) === 1, 5000)).toBe(true);
      client.abort();
      const aborted = Date.now();
      expect(await until(async () => (await runningListStatements()) === 0, 1000)).toBe(true);
      expect(Date.now() - aborted).toBeLessThan(1000);
      expect(await settled).toBeInstanceOf(Error);
    });
    // The pool is whole again: the next list answers.
    const next = await fetch(`${apiUrl}/v1/admin/users?search=${TERM}`, { headers: AUTH });
    expect(next.status).toBe(200);
  });

  it('answers 422 searchTooBroad at the statement time-out, and the connection serves the next request', async () => {
    process.env.ADMIN_LIST_STATEMENT_TIMEOUT_MS = '300';
    try {
      const response = await whileLocked(() => fetch(`${apiUrl}/v1/admin/users?search=${TERM}`, { headers: AUTH }));
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'Search too broad — add more letters',
        code: 'searchTooBroad',
      });
    } finally {
      delete process.env.ADMIN_LIST_STATEMENT_TIMEOUT_MS;
    }
    for (let i = 0; i < 6; i++) {
      const next = await fetch(`${apiUrl}/v1/admin/users?search=${TERM}`, { headers: AUTH });
      expect(next.status).toBe(200);
    }
    expect(await runningListStatements()).toBe(0);
  });
});
