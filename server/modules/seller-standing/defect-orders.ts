// The orders behind a seller's defects (the user drawer's standing lists them): the paid orders of
// the standing's window that are defects by the same rule the buckets count with
// (seller_standing_defect(), migrations 0101 and 0111), each with every reason that applies.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  SELLER_DEFECT_ORDERS_MAX,
  type SellerDefectOrders,
} from '../../../shared/contract/admin-seller-standing-routes.js';
import type { Executor } from '../../platform/db/database.js';
import { listings, orders } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { sellerStandingOf } from './standing.js';

/** Enough for any window a drawer is read for: a seller with more defects is below standard many times over. */
const MOST_LISTED = SELLER_DEFECT_ORDERS_MAX;

const DEFECT_ROW = sqlRow(orders, 'id', 'created_at').extend({
  title: sqlColumn(listings, 'title'),
  cancelled: z.boolean(),
  issue_upheld: z.boolean(),
  dispute_lost: z.boolean(),
  total: countValue,
});

export async function sellerDefectOrdersOf(db: Executor, userId: string, nowMs: number): Promise<SellerDefectOrders> {
  // The window as the standing judges it now (404 for an unknown user there).
  const { window } = await sellerStandingOf(db, userId, nowMs);
  const rows = await readRows(
    db,
    DEFECT_ROW,
    sql`SELECT d.id, d.created_at, d.title, d.cancelled, d.issue_upheld, d.dispute_lost, count(*) OVER () AS total
          FROM (
            SELECT o.id, o.created_at, l.title, o.status = 'cancelled' AS cancelled,
                   EXISTS (SELECT 1 FROM review_cases c
                            WHERE c.source = 'orderIssue' AND c.subject_type = 'order' AND c.subject_id = o.id
                              AND c.status = 'resolved' AND c.outcome IS DISTINCT FROM 'dismissed') AS issue_upheld,
                   EXISTS (SELECT 1 FROM disputes dp WHERE dp.order_id = o.id AND dp.status = 'lost') AS dispute_lost
              FROM orders o JOIN listings l ON l.id = o.listing_id
             WHERE o.seller_id = ${userId} AND o.deleted_at IS NULL
               AND o.created_at > ${new Date(window.from)} AND o.created_at <= ${new Date(window.to)}
               AND EXISTS (SELECT 1 FROM transactions t
                            WHERE t.order_id = o.id AND t.type = 'order_payment' AND t.status = 'succeeded')
          ) d
         WHERE d.cancelled OR d.issue_upheld OR d.dispute_lost
         ORDER BY d.created_at DESC, d.id
         LIMIT ${MOST_LISTED}`,
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      orderId: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      listingTitle: row.title,
      reasons: [
        ...(row.cancelled ? (['cancelled'] as const) : []),
        ...(row.issue_upheld ? (['orderIssueUpheld'] as const) : []),
        ...(row.dispute_lost ? (['disputeLost'] as const) : []),
      ],
    })),
  };
}
