// `GET /admin/users/{id}/enforcement-impact`: what an enforcement would touch now, counted in one
// statement, so the dialog can say what happens to each before the admin applies it.
import { sql } from 'drizzle-orm';
import type { EnforcementImpact } from '../../../shared/contract/accountability.js';
import { statusesOfFamily } from '../../../shared/rules/order-status-family.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { inList } from '../../platform/db/list-sql.js';
import { notFound } from '../../platform/http/errors.js';

const UNPAID = statusesOfFamily('awaitingPayment');
/** Paid and not delivered yet: what is still moving between buyer and seller. */
const OPEN = [...statusesOfFamily('preparing'), ...statusesOfFamily('shipped')];

export async function enforcementImpact(db: Executor, userId: string): Promise<EnforcementImpact> {
  const [row] = await queryRows<Record<keyof EnforcementImpact, string | number>>(
    db,
    sql`SELECT
          (SELECT count(*) FROM listings WHERE user_id = u.id AND status = 'active' AND deleted_at IS NULL)
            AS "activeListings",
          (SELECT count(*) FROM listings WHERE user_id = u.id AND status = 'active' AND deleted_at IS NULL
              AND listing_type = 'auction') AS "liveAuctions",
          (SELECT count(*) FROM listings WHERE leader_id = u.id AND status = 'active' AND deleted_at IS NULL
              AND listing_type = 'auction') AS "leadingBids",
          (SELECT count(*) FROM orders WHERE buyer_id = u.id AND deleted_at IS NULL AND status IN ${inList(UNPAID)})
            AS "unpaidWins",
          (SELECT count(*) FROM orders WHERE buyer_id = u.id AND deleted_at IS NULL AND status IN ${inList(OPEN)})
            AS "openOrdersAsBuyer",
          (SELECT count(*) FROM orders WHERE seller_id = u.id AND deleted_at IS NULL AND status IN ${inList(OPEN)})
            AS "openOrdersAsSeller",
          /* Payouts not released yet (pending or held, orders/payouts.ts): what is left after refunds. */
          (SELECT coalesce(sum(greatest(0, o.payout_cents - (
                    SELECT coalesce(sum(t.amount_cents), 0) FROM transactions t
                    WHERE t.order_id = o.id AND t.type IN ('admin_refund', 'bundled_shipping_refund')
                      AND t.status <> 'failed'))), 0)
            FROM orders o
            WHERE o.seller_id = u.id AND o.deleted_at IS NULL AND o.status <> 'cancelled'
              AND o.payout_cents IS NOT NULL AND o.payout_released_at IS NULL) AS "pendingPayoutCents"
        FROM users u WHERE u.id = ${userId} AND u.deleted_at IS NULL`,
  );
  if (!row) throw notFound('User');
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as EnforcementImpact;
}
