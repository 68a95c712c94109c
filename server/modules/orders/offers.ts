// Offers: a buyer names a price, the seller accepts (the buyer gets an order at that price,
// charged at once, under the listing's lock like a purchase) or declines.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AcceptedOffer, Offer, Offers } from '../../../shared/contract/market/orders.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { callersOr404, conflict } from '../../platform/http/errors.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import type { PaymentPorts } from '../payments/index.js';
import { sellingRefusal } from '../accounts/index.js';
import { decrementStock, lockForSale } from '../listings/index.js';
import { createOrder, orderIdOf } from './orders.js';
import { notify } from '../notifications/index.js';
import { listings, offers } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';

/** The row of SELECT_OFFER. */
const OFFER_ROW = sqlRow(offers, 'id', 'listing_id', 'buyer_id', 'amount_cents', 'status', 'created_at', 'expires_at')
  .extend(sqlRow(listings, 'title').shape)
  .extend({ seller_id: sqlColumn(listings, 'user_id') });
type OfferRow = z.output<typeof OFFER_ROW>;

const offerOf = (row: OfferRow): z.output<typeof Offer> => ({
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

export async function makeOffer(
  deps: ServiceDeps<Pick<PaymentPorts, 'charges'>>,
  listingId: string,
  buyerId: string,
  amountCents: number,
): Promise<z.output<typeof Offer>> {
  if (amountCents <= 0) throw conflict('An offer must be more than $0');
  const offer = await deps.db.transaction(async (tx) => {
    await lockForSale(tx, listingId, buyerId, 1);
    const [created] = await readRows(
      tx,
      sqlRow(offers, 'id'),
      sql`INSERT INTO offers (listing_id, buyer_id, amount_cents) VALUES (${listingId}, ${buyerId}, ${amountCents}) RETURNING id`,
    );
    const [row] = await readRows(tx, OFFER_ROW, sql`${SELECT_OFFER} WHERE o.id = ${created!.id}`);
    await notify(tx, row!.seller_id, 'offerReceived', 'You received an offer', { offerId: row!.id, listingId });
    return offerOf(row!);
  });
  return offer;
}

async function lockOffer(tx: Executor, offerId: string, sellerId: string, nowMs: number): Promise<OfferRow> {
  const [found] = await readRows(tx, OFFER_ROW, sql`${SELECT_OFFER} WHERE o.id = ${offerId} FOR UPDATE OF o`);
  // Only its seller answers an offer; to anyone else (its buyer too) it is not there.
  const row = callersOr404(found, (offer) => offer.seller_id === sellerId, 'Offer');
  if (row.status !== 'PENDING') throw conflict(`This offer is already ${row.status}`);
  if (new Date(row.expires_at).getTime() <= nowMs) throw conflict('This offer has expired');
  return row;
}

/** The seller accepts: the offer becomes ACCEPTED and the buyer gets an order at the offered price. */
export async function acceptOffer(
  deps: ServiceDeps<Pick<PaymentPorts, 'charges'>>,
  offerId: string,
  sellerId: string,
): Promise<z.output<typeof AcceptedOffer>> {
  return inUnitOfWork(deps, async (tx, outbox) => {
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
    if (order.status === 'PAYMENT_CONFIRMED') outbox.add(...(await decrementStock(tx, row, 1)));
    outbox.add(...order.events);
    await tx.execute(sql`UPDATE offers SET status = 'ACCEPTED', updated_at = now() WHERE id = ${offerId}`);
    await notify(tx, offer.buyer_id, 'offerAccepted', 'Your offer was accepted', { offerId, orderId: order.orderId });
    return { ...offerOf({ ...offer, status: 'ACCEPTED' }), orderId: order.orderId, orderStatus: order.status };
  });
}

export async function declineOffer(
  deps: ServiceDeps<Pick<PaymentPorts, 'charges'>>,
  offerId: string,
  sellerId: string,
): Promise<z.output<typeof Offer>> {
  return deps.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, offerId, sellerId, nowOf(deps));
    await tx.execute(sql`UPDATE offers SET status = 'DECLINED', updated_at = now() WHERE id = ${offerId}`);
    await notify(tx, offer.buyer_id, 'offerDeclined', 'Your offer was declined', { offerId });
    return offerOf({ ...offer, status: 'DECLINED' });
  });
}

/** Offers the user made or received, newest first. */
const offersOfUser: AdminList<ListQueryBase & { userId: string }, OfferRow, z.output<typeof Offer>> = {
  table: 'offers',
  alias: 'o',
  from: () => sql`offers o JOIN listings l ON l.id = o.listing_id`,
  filters: ({ userId }) => [sql`(o.buyer_id = ${userId} OR l.user_id = ${userId})`],
  sortKeys: { createdAt: { column: sql`o.created_at` } },
  defaultSort: 'createdAt',
  total: 'exact',
  select: (rows, tail) => sql`${SELECT_OFFER} ${rows} ${tail}`,
  row: OFFER_ROW,
  items: (_db, rows) => rows.map(offerOf),
};

export async function listOffers(
  db: Executor,
  userId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof Offers>> {
  return marketListPage(db, offersOfUser, { userId, page, limit });
}

/** PENDING offers past their expiry become EXPIRED (the auction closer's tick runs it). */
export async function expireOffers(deps: ServiceDeps<Pick<PaymentPorts, 'charges'>>): Promise<number> {
  const rows = await readRows(
    deps.db,
    sqlRow(offers, 'id'),
    sql`UPDATE offers SET status = 'EXPIRED', updated_at = now()
        WHERE status = 'PENDING' AND expires_at <= ${new Date(nowOf(deps))} RETURNING id`,
  );
  return rows.length;
}
