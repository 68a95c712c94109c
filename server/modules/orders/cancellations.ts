// Cancelling an order (an admin's move of the order transition table, worded by
// rules/order-cancellation.ts): both sides of the sale are notified in the same transaction, and
// the back-office hears of it once it has committed.
import { sql } from 'drizzle-orm';
import type { SoldListing } from '../../../shared/contract/entities.js';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../../shared/contract/enums.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db } from '../../platform/db/database.js';
import { listings, orders } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { AdminEvents } from '../../platform/events/admin-events.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { loadSoldListing } from './order-admin.js';
import { notify } from '../notifications/index.js';
import { cancellationRefusal } from './rules/order-cancellation.js';

/** The order to cancel, with its listing's title for the notifications. */
const CANCELLED_ORDER_ROW = sqlRow(orders, 'buyer_id', 'seller_id')
  .extend(sqlRow(listings, 'title').shape)
  /** orders.status is text with no CHECK; the order flow writes only OrderStatus values. */
  .extend({ status: z.enum(ORDER_STATUSES) });

export async function cancelOrder(
  deps: { db: Db; events: AdminEvents },
  orderId: string,
  admin: VerifiedIdentity,
): Promise<SoldListing> {
  const { after, cancelled } = await deps.db.transaction(async (tx) => {
    const [order] = await readRows(
      tx,
      CANCELLED_ORDER_ROW,
      sql`SELECT o.status, o.buyer_id, o.seller_id, l.title
          FROM orders o JOIN listings l ON l.id = o.listing_id
          WHERE o.id = ${orderId} AND o.deleted_at IS NULL FOR UPDATE OF o`,
    );
    if (!order) throw notFound('Order');
    const refusal = cancellationRefusal(order.status);
    if (refusal) throw conflict(refusal);
    const before = await loadSoldListing(tx, orderId);
    await tx.execute(sql`UPDATE orders SET status = 'cancelled', updated_at = now() WHERE id = ${orderId}`);
    const after = await loadSoldListing(tx, orderId);
    await recordAdminAction(tx, {
      admin,
      action: 'cancelOrder',
      recordType: 'order',
      recordId: orderId,
      before,
      after,
    });
    // Both sides of the sale learn of it (the orderCancelled notification), in the
    // same transaction: a cancel nobody hears of leaves a seller shipping a cancelled order.
    const data = { orderId, listingId: after.listing.id };
    await notify(tx, order.buyer_id, 'orderCancelled', `${order.title}: your order was cancelled`, data);
    await notify(tx, order.seller_id, 'orderCancelled', `${order.title}: the order was cancelled`, data);
    return {
      after,
      cancelled: { ...data, buyerId: order.buyer_id, sellerId: order.seller_id, trackingCode: after.trackingCode },
    };
  });
  deps.events.emit('orderCancelled', cancelled);
  return after;
}
