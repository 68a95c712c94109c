// The API's PostgreSQL pool after its connections were lost silently (platform/db/database.ts,
// `connectionLost`): a database whose host died, or a network path that forgot the connections,
// closes none of them, so each connection resting in the pool would hang the next request that
// took it until the statement time-out, one after another, long after the database is back. Once
// one request has found its connection unanswering (the app's 503 handler then calls
// `connectionLost`), the resting ones are closed and the next requests open new connections.
// And a transaction whose statement goes unanswered fails within that statement's read time-out:
// its ROLLBACK does not wait behind the unanswered statement for a time-out of its own.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { answerWithinMs, connectionLost, openDatabase, type Database } from '../../server/platform/db/database.js';
import { isDatabaseUnavailable } from '../../server/platform/db/database-unavailable.js';
import { startBlackHoleProxy, type BlackHoleProxy } from '../support/tcp-proxy.js';

const postgresAdminUrl = inject('postgresAdminUrl');
const POOL = 4;
const STATEMENT_TIMEOUT_MS = 1_000;

describe.skipIf(!postgresAdminUrl)('connections lost silently', () => {
  let proxy: BlackHoleProxy;
  let database: Database;
  const timed = async (query: Promise<unknown>) => {
    const startedAt = performance.now();
    const outcome = await query.then(
      () => 'ok',
      (error: unknown) =>
        isDatabaseUnavailable(error)
          ? `unavailable ${String((error as { cause?: unknown }).cause ?? error)}`
          : String(error),
    );
    return { outcome, ms: performance.now() - startedAt };
  };

  beforeAll(async () => {
    const target = new URL(postgresAdminUrl);
    proxy = await startBlackHoleProxy(`${target.hostname}:${target.port}`);
    target.host = proxy.host;
    database = await openDatabase({
      databaseUrl: target.toString(),
      poolSize: POOL,
      connectTimeoutMs: 1_000,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
  });

  it('are all closed once one is found unanswering, and the next requests are answered at once', async () => {
    expect(answerWithinMs(database.db)).toBe(STATEMENT_TIMEOUT_MS);
    // Every connection of the pool opened, then resting.
    await Promise.all(Array.from({ length: POOL }, () => database.db.execute(sql`SELECT pg_sleep(0.05)`)));

    proxy.blackHole();
    const lost = await timed(database.db.execute(sql`SELECT 1`));
    expect(lost.outcome).toMatch(/^unavailable/);
    connectionLost(database.db);
    proxy.restore();

    // Without the clean-up, each of these took a resting lost connection and waited for its
    // time-out (2 s each) before failing.
    const after = [];
    for (let index = 0; index < POOL; index += 1) after.push(await timed(database.db.execute(sql`SELECT 1`)));
    expect(after.map((answer) => answer.outcome)).toEqual(Array.from({ length: POOL }, () => 'ok'));
    expect(Math.max(...after.map((answer) => answer.ms))).toBeLessThan(STATEMENT_TIMEOUT_MS);
  });

  it('fail a transaction within one read time-out: its ROLLBACK does not wait behind the unanswered statement', async () => {
    proxy.restore();
    connectionLost(database.db);
    let holed = 0;
    const failed = await timed(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        proxy.blackHole();
        holed = performance.now();
        await tx.execute(sql`SELECT 2`);
      }),
    );
    const ms = performance.now() - holed;
    expect(failed.outcome).toMatch(/^unavailable/);
    // The read time-out is the statement time-out and a second (2 s); a ROLLBACK queued behind the
    // unanswered statement used to add its own (4 s in all).
    expect(ms).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS + 1_000 - 50);
    expect(ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000 + 800);

    proxy.restore();
    connectionLost(database.db);
    // The lost connection went out of the pool with its failure, not back into it.
    const next = [];
    for (let index = 0; index < POOL; index += 1) next.push(await timed(database.db.execute(sql`SELECT 1`)));
    expect(next.map((answer) => answer.outcome)).toEqual(Array.from({ length: POOL }, () => 'ok'));
    expect(Math.max(...next.map((answer) => answer.ms))).toBeLessThan(STATEMENT_TIMEOUT_MS);
  });
});
