// Holds and payouts on PostgreSQL (holds.suite.ts), and a purchase racing a hold on real row locks:
// each purchase either committed before the hold (an order) or is refused with 409 listingOnHold
// (no order), never both and never neither.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';

import { holdsIdentity } from './holds-app.js';
import { holdsSuite } from './holds.suite.js';
import { enableSellers } from './market-db.js';
import { type ReviewApp, startReviewApp } from './review-cases-app.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';

const startOnPostgres = () => appOnPostgres((database) => startReviewApp(database, holdsIdentity));

describe.skipIf(!canRun('postgres'))('holds on PostgreSQL', () => {
  holdsSuite(startOnPostgres);

  describe('a purchase racing a hold', () => {
    let t: ReviewApp;
    beforeAll(async () => {
      t = await startOnPostgres();
      await enableSellers(t.app, 'raceseller');
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('is either before the hold (an order) or refused with 409 listingOnHold (no order)', async () => {
      const buyers = ['racea', 'raceb', 'racec', 'raced', 'racee', 'racef'];
      for (let round = 0; round < 8; round += 1) {
        const created = await t.call('raceseller', 'POST', '/listing', {
          title: `Race lamp ${round}`,
          price: 10,
          inStock: 50,
        });
        expect(created.status).toBe(201);
        const listingId = created.body.id as string;
        // The hold lands somewhere among the purchases: before, between or after them.
        const purchases = buyers.map((buyer) => t.call(buyer, 'POST', '/order', { listingId }));
        const hold = t.call('mod', 'POST', `/admin/listings/active/${listingId}/hold`, { reason: 'Race' });
        const [held, ...bought] = await Promise.all([hold, ...purchases]);
        expect(held!.status, JSON.stringify(held!.body)).toBe(200);
        for (const answer of bought) {
          if (answer.status !== 201) expect(answer).toMatchObject({ status: 409, body: { code: 'listingOnHold' } });
        }
        const orders = await queryRows<{ buyer_id: string; created_at: Date | string }>(
          t.database.db,
          sql`SELECT buyer_id, created_at FROM orders WHERE listing_id = ${listingId}`,
        );
        expect(orders.length).toBe(bought.filter((answer) => answer.status === 201).length);
        // The hold's audit entry saw the stock every order before it took, and none after.
        const [audit] = await queryRows<{ before: { inStock: number } | string }>(
          t.database.db,
          sql`SELECT before FROM admin_actions WHERE action = 'holdListing' AND record_id = ${listingId}`,
        );
        const before = typeof audit!.before === 'string' ? JSON.parse(audit!.before) : audit!.before;
        expect(before.inStock).toBe(50 - orders.length);
        const [listing] = await queryRows<{ in_stock: number }>(
          t.database.db,
          sql`SELECT in_stock FROM listings WHERE id = ${listingId}`,
        );
        expect(listing!.in_stock).toBe(50 - orders.length);
      }
    }, 120_000);
  });
});
