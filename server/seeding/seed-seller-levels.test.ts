import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/database.js';
import { seedDemoSellerLevels } from './seed-seller-levels.js';
import { openMigratedPglite } from '../../tests/support/pglite-template.js';

describe('seedDemoSellerLevels', () => {
  it('makes a seller at each level (the below-standard one late), settled and stored; once', async () => {
    const database = await openMigratedPglite();
    try {
      expect(await seedDemoSellerLevels(database.db)).toEqual({ demoSellers: 0 });
      await database.db.execute(sql`INSERT INTO users (user_name, email) VALUES ('dbuyer', 'db@market.test')`);
      expect(await seedDemoSellerLevels(database.db)).toEqual({ demoSellers: 4 });
      const levels = await queryRows<{ user_name: string; seller_level: string }>(
        database.db,
        sql`SELECT user_name, seller_level FROM users WHERE user_name LIKE 'demo\\_%' ORDER BY user_name`,
      );
      expect(levels).toEqual([
        { user_name: 'demo_late_seller', seller_level: 'belowStandard' },
        { user_name: 'demo_new_seller', seller_level: 'new' },
        { user_name: 'demo_steady_seller', seller_level: 'standard' },
        { user_name: 'demo_top_seller', seller_level: 'top' },
      ]);
      const [told] = await queryRows<{ count: number | string }>(
        database.db,
        sql`SELECT count(*) AS count FROM notifications WHERE type = 'sellerLevelChanged'`,
      );
      expect(Number(told!.count)).toBe(3);
      expect(await seedDemoSellerLevels(database.db)).toEqual({ demoSellers: 0 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
