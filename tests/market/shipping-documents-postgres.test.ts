// Bulk shipping documents on real PostgreSQL (PGlite runs one statement at a time, so it cannot
// show these races): two nodes sweeping the same unfinished jobs run each job once and print each
// label once; two requests for the same orders at once both get their document with one label per
// order; orders cancelled or shipped while their job runs are never labelled over.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import {
  type LabelRequest,
  localLabels,
  markShipped,
  requestShippingDocuments,
  runShippingDocument,
  runUnfinishedShippingDocuments,
  type ShippingLabels,
  shippingDocumentsSettled,
} from '../../server/modules/fulfilment/index.js';

import { createUsers, depsFor, type MarketTestDb, type RecordedEvent, startMarketDb } from './market-db.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('postgres');
if (!available)
  console.warn('SKIPPED: PostgreSQL 15 binaries not found, the shipping documents PostgreSQL test cannot run');

/** The local label provider, slowed down so runs overlap, counting the labels it prints per order. */
function countingLabels(options: { delayMs?: number; gate?: (request: LabelRequest) => Promise<void> } = {}) {
  const local = localLabels();
  const printed = new Map<string, number>();
  const labels: ShippingLabels = {
    createLabel: async (request) => {
      printed.set(request.orderId, (printed.get(request.orderId) ?? 0) + 1);
      await options.gate?.(request);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 20));
      return local.createLabel(request);
    },
  };
  return { labels, printed };
}

const named = (log: RecordedEvent[], name: string) =>
  log.filter((event) => event.name === name).map((event) => (event.payload as { id: string }).id);

describe.skipIf(!available)('bulk shipping documents on PostgreSQL', () => {
  let pg: MarketTestDb;
  let nodeA: Database;
  let nodeB: Database;

  beforeAll(async () => {
    pg = await startMarketDb();
    nodeA = await pg.open(6);
    nodeB = await pg.open(6);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  const addAddress = (userId: string, type: 'DEFAULT' | 'RETURN_ADDRESS') =>
    nodeA.db.execute(
      sql`INSERT INTO addresses (user_id, first_name, last_name, address_line_one, city, state, zip_code, country, type)
          VALUES (${userId}, 'Pat', 'Doe', '1 Main St', 'Denver', 'CO', '80202', 'United States', ${type})`,
    );

  /** A seller with a return address and `count` paid orders, each to its own buyer with an address. */
  async function paidOrders(count: number): Promise<{ sellerId: string; orderIds: string[] }> {
    const [sellerId, ...buyerIds] = await createUsers(nodeA, count + 1, 'docs');
    await addAddress(sellerId!, 'RETURN_ADDRESS');
    const orderIds: string[] = [];
    for (const buyerId of buyerIds) {
      await addAddress(buyerId, 'DEFAULT');
      const [listing] = await queryRows<{ id: string }>(
        nodeA.db,
        sql`INSERT INTO listings (user_id, title, listing_type, price_cents, status)
            VALUES (${sellerId}, 'Lamp', 'default', 4000, 'sold') RETURNING id`,
      );
      const [order] = await queryRows<{ id: string }>(
        nodeA.db,
        sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status)
            VALUES (${listing!.id}, ${sellerId}, ${buyerId}, 4000, 'PAYMENT_CONFIRMED') RETURNING id`,
      );
      orderIds.push(order!.id);
    }
    return { sellerId: sellerId!, orderIds };
  }

  /** A job as a node that stopped leaves it: recorded, never run (or `status` long untouched). */
  async function leftJob(sellerId: string, orderIds: string[], status: 'Pending' | 'Generating' = 'Pending') {
    const [job] = await queryRows<{ id: string }>(
      nodeA.db,
      sql`INSERT INTO shipping_documents (seller_id, label_size, file_status, created_at, updated_at)
          VALUES (${sellerId}, '4x6', ${status}, now() - interval '10 minutes', now() - interval '10 minutes')
          RETURNING id`,
    );
    for (const [index, orderId] of orderIds.entries()) {
      await nodeA.db.execute(
        sql`INSERT INTO shipping_document_orders (document_id, order_id, position) VALUES (${job!.id}, ${orderId}, ${index + 1})`,
      );
    }
    return job!.id;
  }

  const jobStatuses = (ids: string[]) =>
    queryRows<{ id: string; file_status: string; failure_reason: string | null }>(
      nodeA.db,
      sql`SELECT id, file_status, failure_reason FROM shipping_documents
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY id`,
    );

  const orderRows = (ids: string[]) =>
    queryRows<{ id: string; status: string; tracking_code: string | null }>(
      nodeA.db,
      sql`SELECT id, status, tracking_code FROM orders WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY id`,
    );

  it('two nodes sweeping the same unfinished jobs at once: each job runs once, each label is printed once', async () => {
    const { sellerId, orderIds } = await paidOrders(12);
    const jobIds: string[] = [];
    for (let index = 0; index < 5; index += 1)
      jobIds.push(await leftJob(sellerId, orderIds.slice(index * 2, index * 2 + 2)));
    // A node that stopped mid-job long ago: stale Generating is taken up again, also only once.
    jobIds.push(await leftJob(sellerId, orderIds.slice(10), 'Generating'));
    const { labels, printed } = countingLabels();
    const logA: RecordedEvent[] = [];
    const logB: RecordedEvent[] = [];
    const depsA = { ...depsFor(nodeA, logA), labels };
    const depsB = { ...depsFor(nodeB, logB), labels };

    // Both sweeps, and on top each node asked directly to run every job, all at once.
    await Promise.all([
      runUnfinishedShippingDocuments(depsA),
      runUnfinishedShippingDocuments(depsB),
      ...jobIds.flatMap((id) => [runShippingDocument(depsA, id), runShippingDocument(depsB, id)]),
    ]);

    expect((await jobStatuses(jobIds)).map((job) => job.file_status)).toEqual(jobIds.map(() => 'Generated'));
    expect([...printed.keys()].sort()).toEqual([...orderIds].sort());
    expect([...printed.values()]).toEqual(orderIds.map(() => 1));
    const generated = [
      ...named(logA, 'bulkShippingDocumentsGenerated'),
      ...named(logB, 'bulkShippingDocumentsGenerated'),
    ];
    expect(generated.sort()).toEqual([...jobIds].sort());
    expect([...named(logA, 'bulkShippingDocumentsFailed'), ...named(logB, 'bulkShippingDocumentsFailed')]).toEqual([]);
    // Both nodes did some of the work (the sweep is spread, not one node doing everything twice).
    expect(generated).toHaveLength(6);
    // A second pass finds nothing left.
    expect(await runUnfinishedShippingDocuments(depsB)).toBe(0);
  });

  it('two requests for the same orders at once: both documents come out, each order gets one label', async () => {
    const { sellerId, orderIds } = await paidOrders(3);
    const { labels, printed } = countingLabels({ delayMs: 50 });
    const logA: RecordedEvent[] = [];
    const logB: RecordedEvent[] = [];
    const depsA = { ...depsFor(nodeA, logA), labels };
    const depsB = { ...depsFor(nodeB, logB), labels };

    const requested = await Promise.all([
      requestShippingDocuments(depsA, sellerId, { orderIds, labelSize: '4x6' }),
      requestShippingDocuments(depsB, sellerId, { orderIds, labelSize: '4x6' }),
    ]);
    await Promise.all(requested.map(({ done }) => done));
    await Promise.all([shippingDocumentsSettled(depsA), shippingDocumentsSettled(depsB)]);

    const jobIds = requested.map(({ job }) => job.id);
    expect(await jobStatuses(jobIds)).toEqual(
      [...jobIds].sort().map((id) => ({ id, file_status: 'Generated', failure_reason: null })),
    );
    expect([...printed.values()]).toEqual([1, 1, 1]);
    const orders = await orderRows(orderIds);
    expect(orders.map((order) => order.status)).toEqual([
      'SHIPPING_LABEL_PRINTED',
      'SHIPPING_LABEL_PRINTED',
      'SHIPPING_LABEL_PRINTED',
    ]);
    // Both PDFs print the one tracking code each order has.
    const files = await queryRows<{ document: Uint8Array }>(
      nodeA.db,
      sql`SELECT document FROM shipping_documents WHERE id IN (${jobIds[0]}, ${jobIds[1]})`,
    );
    for (const file of files) {
      const text = Buffer.from(file.document).toString('latin1');
      for (const order of orders) expect(text).toContain(order.tracking_code!);
    }
    expect([...logA, ...logB].filter((event) => event.name === 'shippingLabelGenerated')).toHaveLength(3);
    expect([...named(logA, 'orderDocumentsFailed'), ...named(logB, 'orderDocumentsFailed')]).toEqual([]);
  });

  it('orders cancelled or shipped while their job prints: the job stops there, nothing is labelled over them', async () => {
    const { sellerId, orderIds } = await paidOrders(3);
    const [first, second, third] = orderIds as [string, string, string];
    // The provider holds the first order's label (and so its row lock) until the other two moved.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let printing!: () => void;
    const printingFirst = new Promise<void>((resolve) => (printing = resolve));
    const { labels, printed } = countingLabels({
      gate: async (request) => {
        if (request.orderId !== first) return;
        printing();
        await released;
      },
    });
    const log: RecordedEvent[] = [];
    const deps = { ...depsFor(nodeA, log), labels };
    const { job, done } = await requestShippingDocuments(deps, sellerId, { orderIds, labelSize: '8.5x11' });
    await printingFirst;

    // An admin cancels the second (under its row lock, as the admin route does); the seller ships
    // the third with a label of their own — on the other node.
    const cancelled = await queryRows(
      nodeB.db,
      sql`UPDATE orders SET status = 'cancelled', updated_at = now()
          WHERE id = ${second} AND status IN ('Pending', 'PAYMENT_FAILED', 'PAYMENT_CONFIRMED', 'SHIPPING_LABEL_FAILED',
                                             'SHIPPING_LABEL_PRINTED') RETURNING id`,
    );
    expect(cancelled).toHaveLength(1);
    await markShipped(depsFor(nodeB, []), third, sellerId);
    // The first order's lock is held by the job: an admin cancelling it now waits for the label.
    const cancelFirst = queryRows<{ id: string }>(
      nodeB.db,
      sql`UPDATE orders SET status = 'cancelled', updated_at = now()
          WHERE id = ${first} AND status IN ('PAYMENT_CONFIRMED', 'SHIPPING_LABEL_FAILED', 'SHIPPING_LABEL_PRINTED')
          RETURNING status`,
    );
    release();
    await done;
    await cancelFirst;

    const [row] = await jobStatuses([job.id]);
    expect(row).toMatchObject({ file_status: 'Failed' });
    expect(row!.failure_reason).toMatch(new RegExp(`^Order ${second}: The order is no longer waiting to ship`));
    // Only the first order was labelled; the moved ones kept the status they were moved to.
    expect([...printed.keys()]).toEqual([first]);
    const orders = new Map((await orderRows(orderIds)).map((order) => [order.id, order]));
    expect(orders.get(first)).toMatchObject({ status: 'cancelled' });
    expect(orders.get(first)!.tracking_code).not.toBeNull();
    expect(orders.get(second)).toMatchObject({ status: 'cancelled', tracking_code: null });
    expect(orders.get(third)).toMatchObject({ status: 'SHIPPING_MARKED_SHIPPED', tracking_code: null });
    expect(named(log, 'orderDocumentsFailed')).toEqual([second]);
    expect(named(log, 'bulkShippingDocumentsFailed')).toEqual([job.id]);
  });
});
