// Buy-now purchases and offers. Both lock the listing row, so stock never goes below zero and
// one unit is never sold twice; the order, its charge and its payout commit with the decrement.
import { sql } from 'drizzle-orm';
import type { OfferStatus, OrderStatus } from '../../../shared/contract/enums.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import { buyerStatusLabel, sellerStatusLabel } from '../../../shared/rules/order-status.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import { callersOr404, conflict, HttpError } from '../../platform/http/errors.js';
import { type MarketDeps, nowOf } from '../../market-deps.js';
import { type Counted, pageSlice, TOTAL_COUNT, totalOf } from '../../platform/db/list-total.js';
import { createOrder, notify, orderIdOf } from './orders.js';
import { sellingRefusal } from '../accounts/selling.js';
import { decrementStock, lockForSale } from '../listings/stock.js';

export async function buyNow(deps: MarketDeps, listingId: string, buyerId: string, quantity = 1) {
  const { result, events } = await deps.db.transaction(async (tx) => {
    const row = await lockForSale(tx, listingId, buyerId, quantity);
    const unitCents = Number(row.price_cents ?? 0);
    const order = await createOrder(
      tx,
      deps.charges,
      {
        listingId,
        sellerId: row.user_id,
        buyerId,
        priceCents: unitCents * quantity,
        shippingPriceCents: row.shipping_type === 'buyer_pays' ? Number(row.shipping_price_cents) : 0,
        quantity,
      },
      'buyNow',
    );
    // A declined card buys nothing: the failed order stays on record, the stock does not move.
    const stockEvents = order.status === 'PAYMENT_CONFIRMED' ? await decrementStock(tx, row, quantity) : [];
    return { result: { orderId: order.orderId, status: order.status }, events: [...stockEvents, ...order.events] };
  });
  deps.events.publish(events);
  if (result.status === 'PAYMENT_FAILED') throw new HttpError(402, 'Payment failed');
  return result;
}

interface OfferRow {
  id: string;
  listing_id: string;
  buyer_id: string;
  seller_id: string;
  title: string;
  amount_cents: string | number;
  status: OfferStatus;
  created_at: Date | string;
  expires_at: Date | string;
}

const offerOf = (row: OfferRow) => ({
  id: row.id,
  listingId: row.listing_id,
  listingTitle: row.title,
  buyerId: row.buyer_id,
  sellerId: row.seller_id,
  amount: centsToUsd(Number(row.amount_cents)),
  status: row.status,
  createdAt: isoOf(row.created_at),
  expiresAt: isoOf(row.expires_at),
});

const SELECT_OFFER = sql`SELECT o.id, o.listing_id, o.buyer_id, l.user_id AS seller_id, l.title, o.amount_cents,
       o.status, o.created_at, o.expires_at
  FROM offers o JOIN listings l ON l.id = o.listing_id`;

export async function makeOffer(deps: MarketDeps, listingId: string, buyerId: string, amountCents: number) {
  if (amountCents <= 0) throw conflict('An offer must be more than $0');
  const offer = await deps.db.transaction(async (tx) => {
    await lockForSale(tx, listingId, buyerId, 1);
    const [created] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO offers (listing_id, buyer_id, amount_cents) VALUES (${listingId}, ${buyerId}, ${amountCents}) RETURNING id`,
    );
    const [row] = await queryRows<OfferRow>(tx, sql`${SELECT_OFFER} WHERE o.id = ${created!.id}`);
    await notify(tx, row!.seller_id, 'offerReceived', 'You received an offer', { offerId: row!.id, listingId });
    return offerOf(row!);
  });
  return offer;
}

async function lockOffer(tx: Executor, offerId: string, sellerId: string, nowMs: number): Promise<OfferRow> {
  const [found] = await queryRows<OfferRow>(tx, sql`${SELECT_OFFER} WHERE o.id = ${offerId} FOR UPDATE OF o`);
  // Only its seller answers an offer; to anyone else (its buyer too) it is not there.
  const row = callersOr404(found, (offer) => offer.seller_id === sellerId, 'Offer');
  if (row.status !== 'PENDING') throw conflict(`This offer is already ${row.status}`);
  if (new Date(row.expires_at).getTime() <= nowMs) throw conflict('This offer has expired');
  return row;
}

/** The seller accepts: the offer becomes ACCEPTED and the buyer gets an order at the offered price. */
export async function acceptOffer(deps: MarketDeps, offerId: string, sellerId: string) {
  const { result, events } = await deps.db.transaction(async (tx) => {
    // Accepting is selling: the seller's row before the offer's and the listing's; another's
    // offer still answers 404.
    const refusal = await sellingRefusal(tx, sellerId);
    const offer = await lockOffer(tx, offerId, sellerId, nowOf(deps));
    if (refusal) throw refusal;
    const row = await lockForSale(tx, offer.listing_id, offer.buyer_id, 1);
    const order = await createOrder(
      tx,
      deps.charges,
      {
        // An offer is accepted once: a retry after a rollback makes the same order and charge.
        orderId: orderIdOf(`offer:${offerId}`),
        listingId: offer.listing_id,
        sellerId,
        buyerId: offer.buyer_id,
        priceCents: Number(offer.amount_cents),
        shippingPriceCents: row.shipping_type === 'buyer_pays' ? Number(row.shipping_price_cents) : 0,
      },
      'offer',
    );
    const stockEvents = order.status === 'PAYMENT_CONFIRMED' ? await decrementStock(tx, row, 1) : [];
    await tx.execute(sql`UPDATE offers SET status = 'ACCEPTED', updated_at = now() WHERE id = ${offerId}`);
    await notify(tx, offer.buyer_id, 'offerAccepted', 'Your offer was accepted', { offerId, orderId: order.orderId });
    return {
      result: { ...offerOf({ ...offer, status: 'ACCEPTED' }), orderId: order.orderId, orderStatus: order.status },
      events: [...stockEvents, ...order.events],
    };
  });
  deps.events.publish(events);
  return result;
}

export async function declineOffer(deps: MarketDeps, offerId: string, sellerId: string) {
  return deps.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, offerId, sellerId, nowOf(deps));
    await tx.execute(sql`UPDATE offers SET status = 'DECLINED', updated_at = now() WHERE id = ${offerId}`);
    await notify(tx, offer.buyer_id, 'offerDeclined', 'Your offer was declined', { offerId });
    return offerOf({ ...offer, status: 'DECLINED' });
  });
}

/** Offers the user made or received, newest first. */
export async function listOffers(db: Executor, userId: string, page: number, limit: number) {
  const where = sql`WHERE o.buyer_id = ${userId} OR l.user_id = ${userId}`;
  const rows = await queryRows<OfferRow & Counted>(
    db,
    sql`SELECT offer.*, ${TOTAL_COUNT} FROM (${SELECT_OFFER} ${where}) offer
        ORDER BY offer.created_at DESC, offer.id DESC ${pageSlice(page, limit)}`,
  );
  const total = await totalOf(
    db,
    rows,
    page,
    sql`SELECT count(*) AS count FROM offers o JOIN listings l ON l.id = o.listing_id ${where}`,
  );
  return { count: total, items: rows.map(offerOf) };
}

/** Orders the user bought (`purchased`) or sold. */
export async function listOrders(
  db: Executor,
  userId: string,
  side: 'purchased' | 'sold',
  page: number,
  limit: number,
) {
  const from = sql`FROM orders o JOIN listings l ON l.id = o.listing_id
        WHERE o.deleted_at IS NULL AND ${side === 'purchased' ? sql`o.buyer_id = ${userId}` : sql`o.seller_id = ${userId}`}`;
  const rows = await queryRows<{
    id: string;
    listing_id: string;
    title: string;
    seller_id: string;
    buyer_id: string;
    price_cents: string | number;
    shipping_price_cents: string | number;
    status: OrderStatus;
    tracking_code: string | null;
    created_at: Date | string;
    total_count: string | number;
  }>(
    db,
    sql`SELECT o.id, o.listing_id, l.title, o.seller_id, o.buyer_id, o.price_cents, o.shipping_price_cents, o.status,
               o.tracking_code, o.created_at, ${TOTAL_COUNT}
        ${from}
        ORDER BY o.created_at DESC, o.id DESC ${pageSlice(page, limit)}`,
  );
  return {
    count: await totalOf(db, rows, page, sql`SELECT count(*) AS count ${from}`),
    items: rows.map((row) => ({
      id: row.id,
      listing: { id: row.listing_id, title: row.title },
      sellerId: row.seller_id,
      buyerId: row.buyer_id,
      price: centsToUsd(Number(row.price_cents)),
      shippingPrice: centsToUsd(Number(row.shipping_price_cents)),
      status: row.status,
      // The buyer and the seller read the same status differently (section 4).
      statusLabel: side === 'purchased' ? buyerStatusLabel(row.status) : sellerStatusLabel(row.status),
      trackingCode: row.tracking_code,
      createdAt: isoOf(row.created_at),
    })),
  };
}
