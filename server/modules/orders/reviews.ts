// Reviews still owed: the buyer's delivered orders that were neither rated (`POST /rate`,
// ratings.ts) nor skipped (`POST /order/skip-reviews`), which the app prompts for.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PendingReviews, SkippedReviews } from '../../../shared/contract/market/orders.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { listings, orders, users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf, isoOrNull } from '../../platform/db/values.js';
import { callersOr404, conflict } from '../../platform/http/errors.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';

/**
 * Delivered, not skipped, and never rated: a rating an admin later deleted still counts as the
 * buyer's review, so a moderator's removal does not ask the buyer again.
 */
const AWAITS_REVIEW = sql`o.status = 'SHIPPING_DELIVERED' AND o.deleted_at IS NULL AND o.review_skipped_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.order_id = o.id)`;

const PENDING_REVIEW_ROW = sqlRow(orders, 'id', 'listing_id', 'seller_id', 'price_cents', 'delivered_at', 'created_at')
  .extend(sqlRow(listings, 'title').shape)
  .extend(sqlRow(users, 'user_name', 'avatar').shape);
type PendingReviewRow = z.output<typeof PENDING_REVIEW_ROW>;

const pendingReviewOf = (row: PendingReviewRow) => ({
  id: row.id,
  listing: { id: row.listing_id, title: row.title },
  seller: { id: row.seller_id, userName: row.user_name, avatar: row.avatar },
  price: centsToUsd(Number(row.price_cents)),
  deliveredAt: isoOrNull(row.delivered_at),
  createdAt: isoOf(row.created_at),
});

/** The buyer's orders awaiting a review, most recently delivered first. */
const reviewsOwed: AdminList<
  ListQueryBase & { buyerId: string },
  PendingReviewRow,
  z.output<typeof PendingReviews>['items'][number]
> = {
  table: 'orders',
  alias: 'o',
  condition: AWAITS_REVIEW,
  filters: ({ buyerId }) => [sql`o.buyer_id = ${buyerId}`],
  sortKeys: { deliveredAt: { column: sql`o.delivered_at`, nullable: true } },
  defaultSort: 'deliveredAt',
  total: 'exact',
  select: (rows, tail) =>
    sql`SELECT o.id, o.listing_id, l.title, o.seller_id, s.user_name, s.avatar, o.price_cents, o.delivered_at,
               o.created_at
        FROM orders o JOIN listings l ON l.id = o.listing_id JOIN users s ON s.id = o.seller_id
        ${rows} ${tail}`,
  row: PENDING_REVIEW_ROW,
  items: (_db, rows) => rows.map(pendingReviewOf),
};

export async function pendingReviews(
  db: Executor,
  buyerId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof PendingReviews>> {
  return marketListPage(db, reviewsOwed, { buyerId, page, limit });
}

/**
 * The buyer skips the review of some delivered orders: all of them or none (one transaction,
 * the orders locked), so a refused order never leaves the others half-skipped. Skipping an order
 * already skipped changes nothing.
 */
export async function skipReviews(
  deps: ServiceDeps,
  buyerId: string,
  orderIds: readonly string[],
): Promise<z.output<typeof SkippedReviews>> {
  return deps.db.transaction(async (tx) => {
    const rows = await readRows(
      tx,
      sqlRow(orders, 'id', 'buyer_id', 'status').extend({ rated: z.boolean() }),
      sql`SELECT o.id, o.buyer_id, o.status, EXISTS (SELECT 1 FROM ratings r WHERE r.order_id = o.id) AS rated
          FROM orders o
          WHERE o.id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) AND o.deleted_at IS NULL
          ORDER BY o.id FOR UPDATE OF o`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const orderId of orderIds) {
      const order = callersOr404(byId.get(orderId), (row) => row.buyer_id === buyerId, `Order ${orderId}`);
      if (order.status !== 'SHIPPING_DELIVERED') throw conflict(`Order ${orderId} was not delivered yet`);
      if (order.rated) throw conflict(`Order ${orderId} was already rated`);
    }
    const skipped = await readRows(
      tx,
      sqlRow(orders, 'id'),
      sql`UPDATE orders SET review_skipped_at = now()
          WHERE id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) AND review_skipped_at IS NULL RETURNING id`,
    );
    return { orderIds: [...orderIds], newlySkipped: skipped.length };
  });
}
