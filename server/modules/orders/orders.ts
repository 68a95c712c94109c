// Creating an order: the order row, the buyer's charge (order_payment), and on success the
// seller's payout net of the seller fee, pending (orders.payout_cents) until payouts.ts releases
// it as an order_payout. Runs inside the caller's transaction,
// which holds the listing's lock, so a listing never sells the same unit twice. The status a new
// order starts in, and every move its payment makes, are the transition table's
// (shared/rules/order-transitions.ts).
import { addPaymentFailedStrike, addSales, addSpend } from '../accounts/index.js';
import { notify } from '../notifications/index.js';
import { createHash, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/contract/enums.js';
import type { PlacedOrder } from '../../../shared/contract/market/orders.js';
import { userRoom } from '../../../shared/contract/realtime-events.js';
import { payoutCents } from '../../../shared/rules/money.js';
import { creationRefusal, type OrderKind, transitionRefusal } from '../../../shared/rules/order-transitions.js';
import type { Executor } from '../../platform/db/database.js';
import { callersOr404, conflict, HttpError, notFound } from '../../platform/http/errors.js';
import { accountSuspended } from '../../platform/auth/market-users.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import type { Charges, PaymentPorts } from '../payments/index.js';
import { marketEvent, type PendingEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { decrementStock, lockListingForRetry, refuseIfOnHold, saleRefusal } from '../listings/index.js';
import { orders, users } from '../../platform/db/schema/index.js';
import { countValue, leftJoined, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';

/** A buyer about to order: deleted or suspended now (null when never suspended). */
const BUYER_ROW = sqlRow(users, 'deleted_at').extend({ suspended: z.boolean().nullable() });

/** The seller's fee and who pays at the provider: scalar subqueries, null when no user matched. */
const PARTIES_ROW = leftJoined({
  seller_fee: sqlColumn(users, 'seller_fee'),
  customer_id: sqlColumn(users, 'stripe_customer_id'),
});

/** The order a retried payment locks, with its payment attempts so far. */
const RETRY_ORDER_ROW = sqlRow(
  orders,
  'listing_id',
  'seller_id',
  'buyer_id',
  'price_cents',
  'shipping_price_cents',
  'quantity',
)
  /** orders.status is text with no CHECK; the order flow writes only OrderStatus values. */
  .extend({ status: z.enum(ORDER_STATUSES), attempts: countValue });

export interface NewOrder {
  listingId: string;
  sellerId: string;
  buyerId: string;
  priceCents: number;
  shippingPriceCents: number;
  /** Units bought (buy-now); 1 for everything else. */
  quantity?: number;
  /**
   * The order's id when the sale has one of its own (`orderIdOf`): a sale retried after its
   * transaction rolled back then makes the same order, so its charge has the same idempotency key
   * and the provider answers the first charge again instead of charging twice. Random otherwise.
   */
  orderId?: string;
}

/**
 * The one order a sale that can happen only once makes (an auction's close, an offer's
 * acceptance), as a UUID derived from what identifies that sale (`auction:<listingId>`,
 * `offer:<offerId>`).
 */
export function orderIdOf(sale: string): string {
  const hex = createHash('sha256').update(`order:${sale}`).digest('hex');
  // Shaped as a version 8 (custom) RFC 9562 UUID, so it reads like every other order id.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface CreatedOrder {
  orderId: string;
  status: 'PAYMENT_CONFIRMED' | 'PAYMENT_FAILED';
  events: PendingEvent[];
}

/** The order a sale of `kind` makes, charged at once (the sale's `payment` move). */
export async function createOrder(
  tx: Executor,
  charges: Charges,
  order: NewOrder,
  kind: OrderKind,
): Promise<CreatedOrder> {
  const orderId = order.orderId ?? randomUUID();
  const initial: OrderStatus = 'Pending';
  const refusal = creationRefusal(initial, kind);
  if (refusal) throw conflict(refusal);
  if (kind === 'buyNow' || kind === 'offer') {
    // The buyer's row under KEY SHARE (the lock the order's foreign key check takes anyway, taken
    // first): a purchase racing the buyer's own account closing waits for it, then is refused,
    // instead of leaving an order on a closed account. A close is the winner's sale and goes on.
    // The same lock waits for an enforcement (FOR UPDATE) and reads what it committed: a buyer
    // suspended before this purchase reached their row is refused.
    const [buyer] = await readRows(
      tx,
      BUYER_ROW,
      sql`SELECT deleted_at, suspended_until > now() AS suspended FROM users WHERE id = ${order.buyerId} FOR KEY SHARE`,
    );
    if (!buyer || buyer.deleted_at !== null) throw new HttpError(403, 'This account was deleted');
    if (buyer.suspended) throw accountSuspended();
  }
  await tx.execute(
    sql`INSERT INTO orders (id, listing_id, seller_id, buyer_id, price_cents, shipping_price_cents, status, quantity)
        VALUES (${orderId}, ${order.listingId}, ${order.sellerId}, ${order.buyerId}, ${order.priceCents},
                ${order.shippingPriceCents}, ${initial}, ${order.quantity ?? 1})`,
  );
  return chargeOrder(
    tx,
    charges,
    { ...order, orderId, status: initial },
    { attempt: 1, actor: 'payment', strikeOnFailure: true },
  );
}

function refuseUnless(from: OrderStatus, to: OrderStatus, actor: 'payment' | 'buyer'): void {
  const refusal = transitionRefusal(from, to, actor);
  if (refusal) throw conflict(refusal);
}

/** Runs a payment's writes, which end with the order's conditional update; 409 if it matched nothing. */
async function settlePayment(tx: Executor, from: OrderStatus, statement: SQL): Promise<void> {
  const settled = await readRows(tx, sqlRow(orders, 'id'), statement);
  if (settled.length === 0) throw conflict(`Order is no longer ${from}: its payment was not recorded`);
}

/**
 * Charges the buyer for an existing order (in `order.status`, locked or just made by the caller)
 * and records the outcome: on success the payment, the seller's pending payout and PAYMENT_CONFIRMED; on
 * failure a failed payment, PAYMENT_FAILED and (for the first attempt) a strike on the buyer.
 * `actor` is who pays: the sale itself, or the buyer paying a failed order again.
 */
export async function chargeOrder(
  tx: Executor,
  charges: Charges,
  order: NewOrder & { orderId: string; status: OrderStatus },
  options: { attempt: number; actor: 'payment' | 'buyer'; strikeOnFailure: boolean },
): Promise<CreatedOrder> {
  const { orderId, status: from } = order;
  // Before the charge: a card is never charged for an order the table would not let it confirm.
  refuseUnless(from, 'PAYMENT_CONFIRMED', options.actor);
  const totalCents = order.priceCents + order.shippingPriceCents;
  // Who pays at the provider, and the fee, read before the charge: the payout recorded below is
  // what the seller is transferred when it is released (payouts.ts).
  const [parties] = await readRows(
    tx,
    PARTIES_ROW,
    sql`SELECT (SELECT seller_fee FROM users WHERE id = ${order.sellerId}) AS seller_fee,
               (SELECT stripe_customer_id FROM users WHERE id = ${order.buyerId}) AS customer_id`,
  );
  // Shipping passes through to the seller; the fee is on the price only.
  const sellerFeeCents = order.priceCents - payoutCents(order.priceCents, parties?.seller_fee ?? 7);
  const charge =
    totalCents === 0
      ? { status: 'succeeded' as const, externalId: null }
      : await charges.charge(
          {
            orderId,
            buyerId: order.buyerId,
            sellerId: order.sellerId,
            amountCents: totalCents,
            customerId: parties?.customer_id ?? null,
            idempotencyKey: `order:${orderId}:${options.attempt}`,
          },
          tx,
        );
  const paid = charge.status === 'succeeded';
  const status = paid ? 'PAYMENT_CONFIRMED' : 'PAYMENT_FAILED';
  // A failed retry is no move (the table's PAYMENT_FAILED row): the order stays where it is and
  // only the failed payment is recorded.
  const stays = !paid && from === 'PAYMENT_FAILED';
  if (!stays) refuseUnless(from, status, options.actor);
  // Only while the order is still in the status the move was checked from, so a writer that got
  // there first is never overwritten (the callers hold the row, so this answers 409 only if one
  // did not): no row back rolls the whole payment back.
  // A confirmed payment records what it owes the seller: the payout waits (payouts.ts) until the
  // order is delivered or 7 days after it shipped, and refunds before then lower it.
  const payoutCentsOwed = totalCents - sellerFeeCents;
  const settle = sql`UPDATE orders SET ${stays ? sql`` : sql`status = ${status}, `}${
    paid ? sql`payout_cents = ${payoutCentsOwed}, ` : sql``
  }updated_at = now()
    WHERE id = ${orderId} AND status = ${from} RETURNING id`;
  const events: PendingEvent[] = [];
  if (paid) {
    // Lock both users in id order: two orders whose buyer and seller are swapped must not deadlock.
    await tx.execute(
      sql`SELECT id FROM users WHERE id IN (${order.buyerId}, ${order.sellerId}) ORDER BY id FOR NO KEY UPDATE`,
    );
    await settlePayment(
      tx,
      from,
      sql`
      WITH payment AS (
        INSERT INTO transactions (order_id, type, status, amount_cents, external_id)
        VALUES (${orderId}, 'order_payment', 'succeeded', ${totalCents}, ${charge.externalId})
      ), buyer AS (
        ${addSpend(order.buyerId, totalCents)}
      ), seller AS (
        ${addSales(order.sellerId, order.priceCents)}
      )
      ${settle}`,
    );
    events.push(marketEvent('paymentSuccess', [userRoom(order.buyerId)], { orderId, listingId: order.listingId }));
  } else {
    await settlePayment(
      tx,
      from,
      sql`
      WITH payment AS (
        INSERT INTO transactions (order_id, type, status, amount_cents, external_id)
        VALUES (${orderId}, 'order_payment', 'failed', ${totalCents}, ${charge.externalId})
      ), strike AS (
        ${addPaymentFailedStrike(order.buyerId, options.strikeOnFailure)}
      )
      ${settle}`,
    );
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

/**
 * The buyer pays a PAYMENT_FAILED order again (`/payments/retry`). A declined buy-now purchase
 * or accepted offer took no stock, so paying it now takes its units, under the listing's lock
 * (taken before the order's, the order every sale locks in), or is refused while they are gone.
 */
export async function retryPayment(
  deps: ServiceDeps<Pick<PaymentPorts, 'charges'>>,
  orderId: string,
  buyerId: string,
): Promise<z.output<typeof PlacedOrder>> {
  return inUnitOfWork(deps, async (tx, outbox) => {
    const [placed] = await readRows(
      tx,
      sqlRow(orders, 'listing_id'),
      sql`SELECT listing_id FROM orders WHERE id = ${orderId} AND deleted_at IS NULL`,
    );
    if (!placed) throw notFound('Order');
    const listing = await lockListingForRetry(tx, placed.listing_id);
    const [found] = await readRows(
      tx,
      RETRY_ORDER_ROW,
      sql`SELECT o.listing_id, o.seller_id, o.buyer_id, o.price_cents, o.shipping_price_cents, o.status, o.quantity,
                 (SELECT count(*) FROM transactions t WHERE t.order_id = o.id AND t.type = 'order_payment') AS attempts
          FROM orders o WHERE o.id = ${orderId} AND o.deleted_at IS NULL FOR UPDATE OF o`,
    );
    if (!listing) throw notFound('Order');
    const order = callersOr404(found, (row) => row.buyer_id === buyerId, 'Order');
    // Asked of the table for the buyer before anything is charged: only a PAYMENT_FAILED order
    // is theirs to pay again.
    const refusal = transitionRefusal(order.status, 'PAYMENT_CONFIRMED', 'buyer');
    if (refusal) throw conflict(`This order does not await payment: ${refusal}`);
    // An auction's or giveaway's unit was the winner's when it closed; a buy-now unit is not
    // until it is paid for.
    const takesStock = listing.listing_type === 'default';
    if (takesStock) {
      // Paying now is the purchase: it waits for an admin's hold like a new one.
      refuseIfOnHold(listing);
      const gone = saleRefusal(listing, buyerId, order.quantity);
      if (gone) throw conflict(`This order can no longer be paid: ${gone}`);
    }
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
        status: order.status,
      },
      { attempt: Number(order.attempts) + 1, actor: 'buyer', strikeOnFailure: false },
    );
    if (charged.status === 'PAYMENT_CONFIRMED') {
      if (takesStock) outbox.add(...(await decrementStock(tx, listing, order.quantity)));
      await notify(tx, buyerId, 'retryPaymentSuccess', 'Your payment went through', { orderId });
    }
    outbox.add(...charged.events);
    return { orderId, status: charged.status };
  });
}
