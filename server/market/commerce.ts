// Buy-now purchases and offers. Both lock the listing row, so stock never goes below zero and
// one unit is never sold twice; the order, its charge and its payout commit with the decrement.
import { sql } from 'drizzle-orm';
import { listingRoom, userRoom } from '../../shared/contract/realtime-events.js';
import type { OrderStatus } from '../../shared/contract/enums.js';
import { centsToUsd } from '../../shared/rules/money.js';
import { buyerStatusLabel, sellerStatusLabel } from '../../shared/rules/order-status.js';
import { queryRows, type Executor } from '../db/database.js';
import { isoOf } from '../db/values.js';
import { conflict, HttpError, notFound } from '../http-errors.js';
import { type MarketDeps, marketEvent, nowOf, type PendingEvent } from './deps.js';
import { createOrder, notify } from './orders.js';

interface StockRow {
  id: string;
  user_id: string;
  listing_type: string;
  status: string;
  in_stock: number;
  price_cents: string | number | null;
  shipping_type: string;
  shipping_price_cents: string | number;
}

async function lockForSale(tx: Executor, listingId: string, buyerId: string, quantity: number): Promise<StockRow> {
  const [row] = await queryRows<StockRow>(
    tx,
    sql`SELECT id, user_id, listing_type, status, in_stock, price_cents, shipping_type, shipping_price_cents
        FROM listings WHERE id = ${listingId} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!row) throw notFound('Listing');
  const refusal = saleRefusal(row, buyerId, quantity);
  if (refusal) throw conflict(refusal);
  return row;
}

/**
 * Why `buyerId` may not buy `quantity` of this listing now, or null when they may: the purchase
 * (under the listing's lock) and the pre-payment stock check (`/payments/stock`) ask the same.
 */
export function saleRefusal(
  row: Pick<StockRow, 'user_id' | 'listing_type' | 'status' | 'in_stock'>,
  buyerId: string,
  quantity: number,
): string | null {
  if (row.listing_type !== 'default') return 'Only buy-now listings can be bought directly';
  if (row.status !== 'active') return 'This listing is not for sale';
  if (row.user_id === buyerId) return 'Sellers cannot buy their own listing';
  if (row.in_stock < quantity)
    return row.in_stock === 0 ? 'This item is out of stock' : `Only ${row.in_stock} left in stock`;
  return null;
}

/** Takes `quantity` units off the stock; answers the stock events. */
async function decrementStock(tx: Executor, row: StockRow, quantity: number): Promise<PendingEvent[]> {
  const inStock = row.in_stock - quantity;
  await tx.execute(
    sql`UPDATE listings SET in_stock = ${inStock}, status = ${inStock === 0 ? 'sold' : 'active'}, updated_at = now()
        WHERE id = ${row.id}`,
  );
  const rooms = [listingRoom(row.id)];
  const events = [marketEvent('stockDecremented', rooms, { listingId: row.id, inStock })];
  if (inStock === 0) {
    events.push(
      marketEvent('itemOutOfStock', rooms, { listingId: row.id, inStock }),
      marketEvent('listingStockEmpty', [listingRoom(row.id), userRoom(row.user_id)], { listingId: row.id, inStock }),
    );
  }
  return events;
}

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
  status: string;
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
  const [row] = await queryRows<OfferRow>(tx, sql`${SELECT_OFFER} WHERE o.id = ${offerId} FOR UPDATE OF o`);
  if (!row) throw notFound('Offer');
  if (row.seller_id !== sellerId) throw new HttpError(403, 'Only the seller may answer this offer');
  if (row.status !== 'PENDING') throw conflict(`This offer is already ${row.status}`);
  if (new Date(row.expires_at).getTime() <= nowMs) throw conflict('This offer has expired');
  return row;
}

/** The seller accepts: the offer becomes ACCEPTED and the buyer gets an order at the offered price. */
export async function acceptOffer(deps: MarketDeps, offerId: string, sellerId: string) {
  const { result, events } = await deps.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, offerId, sellerId, nowOf(deps));
    const row = await lockForSale(tx, offer.listing_id, offer.buyer_id, 1);
    const order = await createOrder(
      tx,
      deps.charges,
      {
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
export async function listOffers(db: Executor, userId: string) {
  const rows = await queryRows<OfferRow>(
    db,
    sql`${SELECT_OFFER} WHERE o.buyer_id = ${userId} OR l.user_id = ${userId} ORDER BY o.created_at DESC LIMIT 100`,
  );
  return { count: rows.length, items: rows.map(offerOf) };
}

/** Orders the user bought (`purchased`) or sold. */
export async function listOrders(db: Executor, userId: string, side: 'purchased' | 'sold') {
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
  }>(
    db,
    sql`SELECT o.id, o.listing_id, l.title, o.seller_id, o.buyer_id, o.price_cents, o.shipping_price_cents, o.status,
               o.tracking_code, o.created_at
        FROM orders o JOIN listings l ON l.id = o.listing_id
        WHERE o.deleted_at IS NULL AND ${side === 'purchased' ? sql`o.buyer_id = ${userId}` : sql`o.seller_id = ${userId}`}
        ORDER BY o.created_at DESC LIMIT 100`,
  );
  return {
    count: rows.length,
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
