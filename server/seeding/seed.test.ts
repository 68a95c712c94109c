// The demo data obeys the market's rules: only an enabled seller sells (server/modules/accounts/selling.ts),
// so every seeded listing, and every seeded order's seller, is a user with sellerEnabled.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../platform/db/database.js';
import { openMigratedPglite } from '../../tests/support/pglite-template.js';
import { releaseDuePayouts } from '../modules/orders/index.js';
import { ledgerPayments } from '../modules/payments/index.js';
import { seedMarketplace } from './seed.js';

describe('seedMarketplace', () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it.each([1, 5, 7])(
    'lists and sells only through enabled sellers, payouts as the release rule leaves them (seed %i)',
    async (seed) => {
      database = await openMigratedPglite();
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

      // Payouts are seeded as the release rule leaves them (payout-release.ts): delivered ones
      // released, one order_payout per release, and nothing left that the periodic pass would release.
      const [payouts] = await queryRows<Record<string, string | number>>(
        database.db,
        sql`SELECT
            (SELECT count(*) FROM orders WHERE status = 'SHIPPING_DELIVERED' AND payout_released_at IS NULL) AS "deliveredPending",
            (SELECT count(*) FROM orders o WHERE (o.payout_released_at IS NOT NULL) <>
               EXISTS (SELECT 1 FROM transactions t WHERE t.order_id = o.id AND t.type = 'order_payout')) AS "mismatched",
            (SELECT count(*) FROM orders WHERE payout_cents IS NOT NULL AND payout_released_at IS NULL) AS "pending"`,
      );
      expect({ deliveredPending: Number(payouts!.deliveredPending), mismatched: Number(payouts!.mismatched) }).toEqual({
        deliveredPending: 0,
        mismatched: 0,
      });
      expect(Number(payouts!.pending)).toBeGreaterThan(0);
      expect(
        await releaseDuePayouts({
          db: database.db,
          now: () => Date.parse('2030-01-01T00:00:00Z'),
          payments: ledgerPayments(),
        }),
      ).toBe(0);
    },
  );
});
