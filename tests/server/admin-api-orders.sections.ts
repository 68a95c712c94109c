// The admin API suite: orders, refunds, subcategories, soft deletes and statistics.
// Declared inside adminApiSuite's describe (admin-api.suite.ts), which builds the app once per driver.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../../shared/contract/admin-api.js';
import { queryRows } from '../../server/platform/db/database.js';
import type { AdminApiSuiteContext } from './admin-api.suite.js';

export function orderSections(suite: AdminApiSuiteContext): void {
  const { driver, call, ok, fails, one, db } = suite;
  describe('orders', () => {
    it('shows a sold listing, its order and transactions with the payout status', async () => {
      const order = await one<{ id: string }>(
        sql`SELECT order_id AS id FROM transactions WHERE type = 'order_payout' AND status = 'succeeded' LIMIT 1`,
      );
      for (const [name, url] of [
        ['listings.soldGet', `/admin/listings/sold/${order.id}`],
        ['orders.get', `/admin/listings/order/${order.id}`],
        ['transactions.orderTransactions', `/admin/transactions/order-transactions/${order.id}`],
      ] as const) {
        const sold = await ok(name, url);
        expect(sold.payoutStatus).toBe('succeeded');
        expect(sold.transactions.some((tx) => tx.type === 'order_payment')).toBe(true);
      }
      await fails('GET', '/admin/listings/order/unknown-order', 404, undefined, 'Order not found');
    });

    it('cancels only orders that have not shipped', async () => {
      const delivered = await one<{ id: string }>(
        sql`SELECT id FROM orders WHERE status = 'SHIPPING_DELIVERED' AND deleted_at IS NULL LIMIT 1`,
      );
      await fails(
        'PATCH',
        `/admin/listings/cancel-order/${delivered.id}`,
        409,
        undefined,
        'Order cannot be cancelled: it has been delivered',
      );
      const pending = await one<{ id: string }>(
        sql`SELECT id FROM orders WHERE status IN ('Pending', 'PAYMENT_CONFIRMED') AND deleted_at IS NULL LIMIT 1`,
      );
      expect((await ok('orders.cancel', `/admin/listings/cancel-order/${pending.id}`)).status).toBe('cancelled');
      await fails('PATCH', `/admin/listings/cancel-order/${pending.id}`, 409, undefined, 'Order is already cancelled');
      await fails('PATCH', '/admin/listings/cancel-order/unknown-order', 404);
    });

    it('deletes an order softly', async () => {
      const order = await one<{ id: string }>(
        sql`SELECT id FROM orders WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
      );
      await ok('orders.delete', `/admin/listings/order/${order.id}`);
      await fails('GET', `/admin/listings/sold/${order.id}`, 404);
      await fails('DELETE', `/admin/listings/order/${order.id}`, 404);
    });
  });

  describe('refunds', () => {
    /** A fresh paid order, so each test knows the exact amount. */
    async function paidOrder(paidCents: number): Promise<string> {
      const base = await one<{ listing_id: string; seller_id: string; buyer_id: string }>(
        sql`SELECT listing_id, seller_id, buyer_id FROM orders LIMIT 1`,
      );
      const [order] = await queryRows<{ id: string }>(
        db(),
        sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, shipping_price_cents, status)
              VALUES (${base.listing_id}, ${base.seller_id}, ${base.buyer_id}, ${paidCents}, 0, 'PAYMENT_CONFIRMED') RETURNING id`,
      );
      await db().execute(
        sql`INSERT INTO transactions (order_id, type, status, amount_cents) VALUES (${order!.id}, 'order_payment', 'succeeded', ${paidCents})`,
      );
      return order!.id;
    }
    const remaining = (id: string) =>
      ok('transactions.refundRemaining', `/admin/transactions/order-refund-remaining/${id}`);

    it('refunds in cents up to the remaining amount', async () => {
      const id = await paidOrder(5000);
      expect(await remaining(id)).toBe(50);
      const after = await ok('transactions.refund', `/admin/transactions/order-refund/${id}`, {
        amount: 12.34,
        refundReason: 'damaged_in_shipping',
      });
      expect(after.transactions.find((tx) => tx.type === 'admin_refund')).toMatchObject({
        amount: 12.34,
        refundReason: 'damaged_in_shipping',
        status: 'succeeded',
      });
      expect(await remaining(id)).toBe(37.66);
      await fails(
        'POST',
        `/admin/transactions/order-refund/${id}`,
        409,
        { amount: 37.67, refundReason: 'other' },
        /remaining refundable amount of 37.66/,
      );
      await ok('transactions.refund', `/admin/transactions/order-refund/${id}`, {
        amount: 37.66,
        refundReason: 'other',
      });
      expect(await remaining(id)).toBe(0);
      await fails('POST', `/admin/transactions/order-refund/${id}`, 409, { amount: 0.01, refundReason: 'other' });
    });

    it.each([
      ['three decimals', { amount: 1.005, refundReason: 'other' }],
      ['zero', { amount: 0, refundReason: 'other' }],
      ['a negative amount', { amount: -1, refundReason: 'other' }],
      ['an amount as text', { amount: '5', refundReason: 'other' }],
      ['an unknown reason', { amount: 1, refundReason: 'because' }],
      ['no reason', { amount: 1 }],
      ['an unknown field', { amount: 1, refundReason: 'other', note: 'x' }],
    ])('rejects %s with 400', async (_, body) => {
      const id = await paidOrder(1000);
      await fails('POST', `/admin/transactions/order-refund/${id}`, 400, body);
      expect(await remaining(id)).toBe(10);
    });

    it('answers 404 for an unknown order', async () => {
      await fails('GET', '/admin/transactions/order-refund-remaining/unknown-order', 404);
      await fails('POST', '/admin/transactions/order-refund/unknown-order', 404, {
        amount: 1,
        refundReason: 'other',
      });
    });

    it('gives the same answer for a repeated Idempotency-Key and refunds once', async () => {
      const id = await paidOrder(3000);
      const headers = { 'idempotency-key': `key-${driver}` };
      const first = await ok(
        'transactions.refund',
        `/admin/transactions/order-refund/${id}`,
        { amount: 10, refundReason: 'courtesy_refund' },
        headers,
      );
      const again = await ok(
        'transactions.refund',
        `/admin/transactions/order-refund/${id}`,
        { amount: 10, refundReason: 'courtesy_refund' },
        headers,
      );
      expect(again).toEqual(first);
      expect(await remaining(id)).toBe(20);
    });

    it('refunds once when the same Idempotency-Key arrives twice at the same time', async () => {
      const id = await paidOrder(3000);
      const send = () =>
        call('POST', `/admin/transactions/order-refund/${id}`, {
          body: { amount: 7.5, refundReason: 'other' },
          headers: { 'idempotency-key': `concurrent-${driver}` },
        });
      const [a, b] = await Promise.all([send(), send()]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json()).toEqual(b.json());
      expect(await remaining(id)).toBe(22.5);
    });

    it('never lets concurrent refunds exceed the payment', async () => {
      const id = await paidOrder(10000);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          call('POST', `/admin/transactions/order-refund/${id}`, { body: { amount: 30, refundReason: 'other' } }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
      expect(await remaining(id)).toBe(10);
      const [sum] = await queryRows<{ cents: string }>(
        db(),
        sql`SELECT sum(amount_cents) AS cents FROM transactions WHERE order_id = ${id} AND type = 'admin_refund'`,
      );
      expect(Number(sum!.cents)).toBe(9000);
    });
  });

  describe('subcategories', () => {
    it('edits the minimum package weight', async () => {
      const { items } = await ok('subcategories.list', '/admin/subCategory');
      const edited = await ok('subcategories.update', `/admin/subCategory/${items[0]!.id}`, {
        minPackageWeightInOz: 7.5,
      });
      expect(edited).toEqual({ ...items[0], minPackageWeightInOz: 7.5 });
      for (const minPackageWeightInOz of [0, -3, '12'])
        await fails('PATCH', `/admin/subCategory/${items[0]!.id}`, 400, { minPackageWeightInOz });
      await fails('PATCH', '/admin/subCategory/unknown', 404, { minPackageWeightInOz: 3 });
    });
  });

  describe.each([
    ['ratings', 'ratings.list', 'ratings.delete', '/admin/ratings/soft-delete/', 'ratings'],
    [
      'auction messages',
      'auctionMessages.list',
      'auctionMessages.delete',
      '/admin/auction-messages/soft-delete/',
      'auction_messages',
    ],
    ['chats', 'chats.list', 'chats.delete', '/admin/chat/soft-delete-chat/', 'chats'],
    ['chat messages', 'messages.list', 'messages.delete', '/admin/chat/soft-delete-message/', 'chat_messages'],
  ] as const)('soft delete of %s', (_, list, remove, deletePath, table) => {
    it('answers 204, leaves the list, keeps the row, and 404s the second time', async () => {
      const listPath = adminRoutes[list].path;
      const before = await ok(list, listPath);
      const victim = before.items[0]!;
      await ok(remove, `${deletePath}${victim.id}`);
      const after = await ok(list, listPath);
      expect(after.count).toBe(before.count - 1);
      expect(after.items.some((item) => item.id === victim.id)).toBe(false);
      const [row] = await queryRows<{ deleted: boolean }>(
        db(),
        sql`SELECT deleted_at IS NOT NULL AS deleted FROM ${sql.identifier(table)} WHERE id = ${victim.id}`,
      );
      expect(row?.deleted).toBe(true);
      await fails('DELETE', `${deletePath}${victim.id}`, 404);
    });
  });

  describe('statistics', () => {
    it('counts users and bidders and lists the past 24 hours', async () => {
      const stats = await ok('statistics.get', '/admin/statistics');
      const users = await one<{ n: string }>(sql`SELECT count(*) AS n FROM users WHERE deleted_at IS NULL`);
      expect(stats.numberOfUsers).toBe(Number(users.n));
      expect(stats.numberOfUniqueBidders).toBeGreaterThan(0);
      expect(stats.newSignUpsPast24Hours.length).toBeGreaterThan(0);
      for (const user of stats.newSignUpsPast24Hours)
        expect(Date.now() - Date.parse(user.createdAt)).toBeLessThan(86_400_000);
    });
  });
}
