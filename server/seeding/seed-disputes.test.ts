import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/database.js';
import { seedDemoDispute } from './seed-disputes.js';
import { openMigratedPglite } from '../../tests/support/pglite-template.js';

describe('seedDemoDispute', () => {
  it('opens one dispute on a shipped paid order, with its review case due a day before the deadline and a chat; once', async () => {
    const database = await openMigratedPglite();
    try {
      expect(await seedDemoDispute(database.db)).toEqual({ disputes: 0 });
      const [seller, buyer] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO users (user_name, email) VALUES ('dseller', 'ds@market.test'), ('dbuyer', 'db@market.test')
            RETURNING id`,
      );
      const [listing] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO listings (user_id, title, listing_type, price_cents, status)
            VALUES (${seller!.id}, 'Camera', 'default', 8000, 'sold') RETURNING id`,
      );
      const [order] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, shipped_at, tracking_code)
            VALUES (${listing!.id}, ${seller!.id}, ${buyer!.id}, 8000, 'Shipped', now() - interval '3 days', '1ZDEMO')
            RETURNING id`,
      );
      await database.db.execute(
        sql`INSERT INTO transactions (order_id, type, status, amount_cents) VALUES (${order!.id}, 'order_payment', 'succeeded', 8000)`,
      );
      expect(await seedDemoDispute(database.db)).toEqual({ disputes: 1 });
      const [dispute] = await queryRows<{ order_id: string; status: string; evidence_due_by: Date | string }>(
        database.db,
        sql`SELECT order_id, status, evidence_due_by FROM disputes`,
      );
      expect(dispute).toMatchObject({ order_id: order!.id, status: 'needs_response' });
      const [reviewCase] = await queryRows<{ source: string; subject_id: string; due_by: Date | string }>(
        database.db,
        sql`SELECT source, subject_id, due_by FROM review_cases WHERE source = 'dispute'`,
      );
      expect(reviewCase).toMatchObject({ source: 'dispute', subject_id: order!.id });
      expect(new Date(dispute!.evidence_due_by).getTime() - new Date(reviewCase!.due_by).getTime()).toBe(86_400_000);
      const messages = await queryRows(database.db, sql`SELECT id FROM chat_messages`);
      expect(messages).toHaveLength(3);
      expect(await seedDemoDispute(database.db)).toEqual({ disputes: 0 });
    } finally {
      await database.close();
    }
  });
});
