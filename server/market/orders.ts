// Creating an order: the order row, the buyer's charge (order_payment), and on success the
// seller's payout net of the seller fee (order_payout). Runs inside the caller's transaction,
// which holds the listing's lock, so a listing never sells the same unit twice.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { NotificationType } from '../../shared/contract/enums.js';
import { userRoom } from '../../shared/contract/realtime-events.js';
import { payoutCents } from '../../shared/rules/money.js';
import { queryRows, type Executor } from '../db/database.js';
import { conflict, HttpError, notFound } from '../http-errors.js';
import { type Charges, type MarketDeps, marketEvent, type PendingEvent } from './deps.js';

export interface NewOrder {
  listingId: string;
  sellerId: string;
  buyerId: string;
  priceCents: number;
  shippingPriceCents: number;
}

export interface CreatedOrder {
  orderId: string;
  status: 'PAYMENT_CONFIRMED' | 'PAYMENT_FAILED';
  events: PendingEvent[];
}

export async function createOrder(tx: Executor, charges: Charges, order: NewOrder): Promise<CreatedOrder> {
  const orderId = randomUUID();
  await tx.execute(
    sql`INSERT INTO orders (id, listing_id, seller_id, buyer_id, price_cents, shipping_price_cents, status)
        VALUES (${orderId}, ${order.listingId}, ${order.sellerId}, ${order.buyerId}, ${order.priceCents},
                ${order.shippingPriceCents}, 'Pending')`,
  );
  return chargeOrder(tx, charges, { ...order, orderId }, { attempt: 1, strikeOnFailure: true });
}

/**
 * Charges the buyer for an existing order and records the outcome: on success the payment, the
 * seller's payout and PAYMENT_CONFIRMED; on failure a failed payment, PAYMENT_FAILED and (for
 * the first attempt) a strike on the buyer.
 */
export async function chargeOrder(
  tx: Executor,
  charges: Charges,
  order: NewOrder & { orderId: string },
  options: { attempt: number; strikeOnFailure: boolean },
): Promise<CreatedOrder> {
  const { orderId } = order;
  const totalCents = order.priceCents + order.shippingPriceCents;
  const charge =
    totalCents === 0
      ? { status: 'succeeded' as const, externalId: null }
      : await charges.charge({
          orderId,
          buyerId: order.buyerId,
          amountCents: totalCents,
          idempotencyKey: `order:${orderId}:${options.attempt}`,
        });
  const paid = charge.status === 'succeeded';
  const status = paid ? 'PAYMENT_CONFIRMED' : 'PAYMENT_FAILED';
  const events: PendingEvent[] = [];
  if (paid) {
    // Lock both users in id order: two orders whose buyer and seller are swapped must not deadlock.
    const parties = await queryRows<{ id: string; seller_fee: number }>(
      tx,
      sql`SELECT id, seller_fee FROM users WHERE id IN (${order.buyerId}, ${order.sellerId}) ORDER BY id FOR NO KEY UPDATE`,
    );
    const seller = parties.find((party) => party.id === order.sellerId);
    const payout = payoutCents(order.priceCents, seller?.seller_fee ?? 7) + order.shippingPriceCents;
    await tx.execute(sql`
      WITH payment AS (
        INSERT INTO transactions (order_id, type, status, amount_cents, external_id)
        VALUES (${orderId}, 'order_payment', 'succeeded', ${totalCents}, ${charge.externalId})
      ), payout AS (
        INSERT INTO transactions (order_id, type, status, amount_cents)
        VALUES (${orderId}, 'order_payout', 'succeeded', ${payout})
      ), buyer AS (
        UPDATE users SET amount_spent_cents = amount_spent_cents + ${totalCents} WHERE id = ${order.buyerId}
      ), seller AS (
        UPDATE users SET amount_sold_cents = amount_sold_cents + ${order.priceCents} WHERE id = ${order.sellerId}
      )
      UPDATE orders SET status = ${status}, updated_at = now() WHERE id = ${orderId}`);
    events.push(marketEvent('paymentSuccess', [userRoom(order.buyerId)], { orderId, listingId: order.listingId }));
  } else {
    await tx.execute(sql`
      WITH payment AS (
        INSERT INTO transactions (order_id, type, status, amount_cents, external_id)
        VALUES (${orderId}, 'order_payment', 'failed', ${totalCents}, ${charge.externalId})
      ), strike AS (
        UPDATE users SET payment_failed_strikes = payment_failed_strikes + 1, updated_at = now()
        WHERE id = ${order.buyerId} AND ${options.strikeOnFailure}
      )
      UPDATE orders SET status = ${status}, updated_at = now() WHERE id = ${orderId}`);
    events.push(
      marketEvent('paymentFailed', [userRoom(order.buyerId)], {
        orderId,
        listingId: order.listingId,
        message: charge.message ?? 'Payment failed',
      }),
    );
  }
  return { orderId, status, events };
}

/** The buyer pays a PAYMENT_FAILED order again (`/payments/retry`). */
export async function retryPayment(deps: MarketDeps, orderId: string, buyerId: string) {
  const { result, events } = await deps.db.transaction(async (tx) => {
    const [order] = await queryRows<{
      listing_id: string;
      seller_id: string;
      buyer_id: string;
      price_cents: string | number;
      shipping_price_cents: string | number;
      status: string;
      attempts: string | number;
    }>(
      tx,
      sql`SELECT o.listing_id, o.seller_id, o.buyer_id, o.price_cents, o.shipping_price_cents, o.status,
                 (SELECT count(*) FROM transactions t WHERE t.order_id = o.id AND t.type = 'order_payment') AS attempts
          FROM orders o WHERE o.id = ${orderId} AND o.deleted_at IS NULL FOR UPDATE OF o`,
    );
    if (!order) throw notFound('Order');
    if (order.buyer_id !== buyerId) throw new HttpError(403, 'Only the buyer may pay this order');
    if (order.status !== 'PAYMENT_FAILED') throw conflict('This order does not await payment');
    const charged = await chargeOrder(
      tx,
      deps.charges,
      {
        orderId,
        listingId: order.listing_id,
        sellerId: order.seller_id,
        buyerId,
        priceCents: Number(order.price_cents),
        shippingPriceCents: Number(order.shipping_price_cents),
      },
      { attempt: Number(order.attempts) + 1, strikeOnFailure: false },
    );
    if (charged.status === 'PAYMENT_CONFIRMED') {
      await notify(tx, buyerId, 'retryPaymentSuccess', 'Your payment went through', { orderId });
    }
    return { result: { orderId, status: charged.status }, events: charged.events };
  });
  deps.events.publish(events);
  return result;
}

/** A notification row for a user (the types of section 3's enumeration). */
export async function notify(
  tx: Executor,
  userId: string,
  type: NotificationType,
  title: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO notifications (user_id, type, title, data) VALUES (${userId}, ${type}, ${title}, ${JSON.stringify(data)}::jsonb)`,
  );
}
