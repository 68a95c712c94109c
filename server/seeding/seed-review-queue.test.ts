import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/database.js';
import { openMigratedPglite } from '../../tests/support/pglite-template.js';
import { seedMarketplace } from './seed.js';
import { seedReviewQueue } from './seed-review-queue.js';
import { ringOf } from '../modules/trust-safety/ring.js';

describe('seedReviewQueue', () => {
  it('fills both queues from every source, with one shill ring', async () => {
    const database = await openMigratedPglite();
    try {
      await seedMarketplace(database.db, { users: 120, seed: 1 });
      const summary = await seedReviewQueue(database.db);
      const rows = await queryRows<{ source: string; count: string | number; signals: string | number }>(
        database.db,
        sql`SELECT source, count(*) AS count, sum(signal_count) AS signals FROM review_cases GROUP BY source ORDER BY source`,
      );
      const bySource = Object.fromEntries(rows.map((row) => [row.source, Number(row.count)]));
      expect(bySource).toMatchObject({
        auctionIntegrity: 1,
        contactMessage: 2,
        listingReport: 3,
        orderIssue: 3,
        supportRequest: 2,
      });
      expect((bySource.offPlatformContact ?? 0) + (bySource.paymentHandle ?? 0)).toBe(9);
      expect(summary.cases).toBe(rows.reduce((sum, row) => sum + Number(row.count), 0));
      const [ring] = await queryRows<{ excerpt: string; priority: string }>(
        database.db,
        sql`SELECT excerpt, priority FROM review_cases WHERE source = 'auctionIntegrity'`,
      );
      expect(ring!.priority).toBe('high');
      expect(ring!.excerpt).toMatch(/ring_\w+ [\d.]+ \(linked: [a-z, A-Z]+\)/);
      // The ring is reachable whole from any of its accounts, with the IP they share.
      const [ava] = await queryRows<{ id: string }>(
        database.db,
        sql`SELECT id FROM users WHERE user_name = 'ring_ava'`,
      );
      const whole = await ringOf(database.db, ava!.id);
      expect(whole.members.map((member) => member.userName)).toEqual(
        expect.arrayContaining(['ring_ava', 'ring_leo', 'ring_ivy']),
      );
      expect(whole.members.length).toBeGreaterThanOrEqual(4);
      expect(whole.links.map((link) => link.kind)).toEqual(expect.arrayContaining(['phone', 'address']));
      expect(whole.sharedIps).toEqual([expect.objectContaining({ ip: '203.0.113.77' })]);
      expect(whole.sharedIps[0]!.userIds.length).toBeGreaterThanOrEqual(4);
    } finally {
      await database.close();
    }
  }, 60_000);
});
