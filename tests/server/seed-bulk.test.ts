// On PostgreSQL the seeder streams through COPY; from 50,000 users it also sets the indexes,
// foreign keys and triggers aside and puts them back (seed.ts). Both ways must give the very same
// database: the same rows in every table, the same kept totals, the same catalog.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { readSchemaCatalog } from '../../server/platform/db/schema-catalog.js';
import { seedMarketplace } from '../../server/seeding/seed.js';
import { finishPutBack, putBackPending, SEEDED_TABLES } from '../../server/seeding/seed-put-back.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { canRun } from '../support/service-skips.js';

const postgresAdminUrl = inject('postgresAdminUrl');
const NOW = new Date('2030-01-01T00:00:00Z');
/** Every table the seeder writes: the ones a bulk load sets aside, and the catalogue and bidders. */
const TABLES = ['categories', 'subcategories', ...SEEDED_TABLES, 'bidders'];

describe.skipIf(!canRun('postgres'))('seeding PostgreSQL', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
  });

  /**
   * A database seeded with `bulkLoad`; `stopAfter` steps into the put-back, the seed stops as a
   * killed one would (its step callback throws), and the next run's `finishPutBack` finishes it.
   */
  async function seeded(bulkLoad: boolean, stopAfter?: number) {
    const name = `seed_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await createDatabase(postgresAdminUrl, name);
    const database = await openDatabase({ databaseUrl: postgresAdminUrl.replace(/\/postgres$/, `/${name}`) });
    opened.push(database);
    await migrate(database);
    const options = { users: 400, seed: 9, now: NOW, bulkLoad };
    let summary: Awaited<ReturnType<typeof seedMarketplace>> | null = null;
    if (stopAfter === undefined) summary = await seedMarketplace(database.db, options);
    else {
      let done = 0;
      const stopped = seedMarketplace(database.db, {
        ...options,
        stepDone: () => {
          if (++done === stopAfter) throw new Error('stopped midway');
        },
      });
      await expect(stopped).rejects.toThrow('stopped midway');
      expect(await putBackPending(database.db)).toBe(true);
      await finishPutBack(database.db, () => undefined);
      expect(await putBackPending(database.db)).toBe(false);
    }
    const digests: Record<string, string> = {};
    for (const table of TABLES) {
      // Every column but updated_at (the database's own now() at load time).
      const [row] = await queryRows<{ digest: string }>(
        database.db,
        sql.raw(`SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
                 FROM (SELECT to_jsonb(x) - 'updated_at' AS t FROM ${table} x) s`),
      );
      digests[table] = row!.digest;
    }
    const totals = await queryRows<{ list: string; total: string }>(
      database.db,
      sql`SELECT list, sum(total)::text AS total FROM list_totals GROUP BY list ORDER BY list`,
    );
    // Rows out of time order in the heaps a live market appends to (seed-put-back.ts, TIME_ORDERED_TABLES).
    const outOfTimeOrder: Record<string, number> = {};
    for (const table of ['users', 'listings', 'orders', 'ratings', 'auction_messages', 'chats', 'chat_messages']) {
      const [layout] = await queryRows<{ outOfOrder: string }>(
        database.db,
        sql`SELECT count(*) FILTER (WHERE created_at < before)::text AS "outOfOrder"
              FROM (SELECT created_at, lag(created_at) OVER (ORDER BY ctid) AS before FROM ${sql.identifier(table)}) s`,
      );
      outOfTimeOrder[table] = Number(layout!.outOfOrder);
    }
    return { summary, digests, totals, outOfTimeOrder, catalog: await readSchemaCatalog(database.db) };
  }

  it('gives the same database streamed row by row or loaded in bulk', async () => {
    const plain = await seeded(false);
    const bulk = await seeded(true);
    expect(plain.summary!.users).toBe(400);
    expect(plain.summary!.chatMessages).toBeGreaterThan(400);
    expect(bulk.summary).toEqual(plain.summary);
    expect(bulk.digests).toEqual(plain.digests);
    expect(bulk.catalog).toEqual(plain.catalog);
    // Kept by the triggers row by row, counted afresh after the bulk load: the same totals.
    expect(bulk.totals).toEqual(plain.totals);
    expect(bulk.totals).toContainEqual({ list: 'users', total: '400' });
    expect(bulk.totals).toContainEqual({ list: 'soldListings', total: String(plain.summary!.orders) });
    // The bulk load lays its tables in time order (seed-put-back.ts, TIME_ORDERED_TABLES); row by
    // row they land in the order drawn, then the totals rewrite moves the users.
    expect(Object.values(bulk.outOfTimeOrder)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(plain.outOfTimeOrder.users).toBeGreaterThan(0);
    expect(plain.outOfTimeOrder.orders).toBeGreaterThan(0);
  }, 60_000);

  // The put-back stopped among the indexes (the 21 steps before them lay 7 tables in time order and
  // put 14 tables' keys back), then finished by the next run: the same database as a whole seed.
  it('finishes a put-back that stopped midway on the next run', async () => {
    const plain = await seeded(false);
    const resumed = await seeded(true, 30);
    expect(resumed.digests).toEqual(plain.digests);
    expect(resumed.catalog).toEqual(plain.catalog);
    expect(resumed.totals).toEqual(plain.totals);
    expect(Object.values(resumed.outOfTimeOrder)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  }, 60_000);
});
