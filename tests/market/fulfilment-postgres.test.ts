// Fulfilment on real PostgreSQL: label requests for one order that arrive together print
// exactly one label (the order's row lock), the others get the 409 a second request gets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { generateShippingLabel, localLabels, type ShippingLabels } from '../../server/modules/fulfilment/index.js';

import { createUsers, depsFor, type MarketTestDb, type RecordedEvent, startMarketDb } from './market-db.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('postgres');
if (!available) console.warn('SKIPPED: PostgreSQL 15 binaries not found, the fulfilment PostgreSQL test cannot run');

describe.skipIf(!available)('order fulfilment on PostgreSQL', () => {
  let pg: MarketTestDb;
  let database: Database;

  beforeAll(async () => {
    pg = await startMarketDb();
    database = await pg.open(10);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  const addAddress = (userId: string, type: 'DEFAULT' | 'RETURN_ADDRESS') =>
    database.db.execute(
      sql`INSERT INTO addresses (user_id, first_name, last_name, address_line_one, city, state, zip_code, country, type)
          VALUES (${userId}, 'Pat', 'Doe', '1 Main St', 'Denver', 'CO', '80202', 'United States', ${type})`,
    );

  it('five label requests on one order at once: one label, four 409s', async () => {
    const [sellerId, buyerId] = await createUsers(database, 2, 'ship');
    await addAddress(sellerId!, 'RETURN_ADDRESS');
    await addAddress(buyerId!, 'DEFAULT');
    const [listing] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents, status) VALUES (${sellerId}, 'Lamp', 'default', 4000, 'sold')
          RETURNING id`,
    );
    const [order] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status)
          VALUES (${listing!.id}, ${sellerId}, ${buyerId}, 4000, 'PAYMENT_CONFIRMED') RETURNING id`,
    );
    const log: RecordedEvent[] = [];
    // A provider that takes a while, so the requests really overlap on the lock.
    const local = localLabels();
    let calls = 0;
    const slow: ShippingLabels = {
      createLabel: async (request) => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return local.createLabel(request);
      },
    };
    const deps = { ...depsFor(database, log), labels: slow };

    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, () => generateShippingLabel(deps, order!.id, sellerId!, '4x6')),
    );
    const printed = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const refused = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
    expect(printed).toHaveLength(1);
    expect(refused.map((error) => [(error as { statusCode?: number }).statusCode, error.message])).toEqual(
      Array.from({ length: 4 }, () => [409, 'A shipping label was already printed for this order']),
    );
    expect(calls).toBe(1);
    const [row] = await queryRows<{ status: string; tracking_code: string }>(
      database.db,
      sql`SELECT status, tracking_code FROM orders WHERE id = ${order!.id}`,
    );
    expect(row).toEqual({ status: 'SHIPPING_LABEL_PRINTED', tracking_code: printed[0]!.trackingCode });
    expect(log.filter((event) => event.name === 'shippingLabelGenerated')).toHaveLength(1);
    const [notes] = await queryRows<{ count: string }>(
      database.db,
      sql`SELECT count(*) AS count FROM notifications WHERE user_id = ${buyerId} AND type = 'orderStatusUpdate'`,
    );
    expect(Number(notes!.count)).toBe(1);
  });
});
