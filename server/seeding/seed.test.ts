// The demo data obeys the market's rules: only an enabled seller sells (server/modules/accounts/selling.ts),
// so every seeded listing, and every seeded order's seller, is a user with sellerEnabled.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { seedMarketplace } from './seed.js';

describe('seedMarketplace', () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it.each([1, 5, 7])('lists and sells only through enabled sellers (seed %i)', async (seed) => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    const summary = await seedMarketplace(database.db, { users: 60, seed, now: new Date('2030-01-01T00:00:00Z') });
    expect(summary.listings).toBeGreaterThan(0);
    const [counts] = await queryRows<Record<string, string | number>>(
      database.db,
      sql`SELECT
            (SELECT count(*) FROM listings l JOIN users u ON u.id = l.user_id WHERE NOT u.seller_enabled)
              AS "listingsOfDisabled",
            (SELECT count(*) FROM orders o JOIN users u ON u.id = o.seller_id WHERE NOT u.seller_enabled)
              AS "ordersOfDisabled",
            (SELECT count(*) FROM users WHERE stripe_user_id IS NOT NULL AND NOT seller_enabled)
              AS "disabledSellers"`,
    );
    expect({ listings: Number(counts!.listingsOfDisabled), orders: Number(counts!.ordersOfDisabled) }).toEqual({
      listings: 0,
      orders: 0,
    });
    // Disabled sellers are still in the data (the admin's "Disabled seller" status), selling nothing.
    if (seed === 7) expect(Number(counts!.disabledSellers)).toBeGreaterThan(0);
  });
});
