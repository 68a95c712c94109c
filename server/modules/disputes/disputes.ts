// Chargebacks as Stripe reports them (DECISIONS "Sellers over time", Disputes): each
// charge.dispute.* event, verified and claimed once by the payments webhook, is kept here on its
// order's row of `disputes`. A dispute that needs evidence has a review case due a day before
// Stripe's deadline (trust-safety, through `disputeNeedsReview`); a closed one resolves it
// (`disputeClosed`), and a lost one goes on the order's ledger, lowering the payout like a refund.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CLOSED_DISPUTE_STATUSES,
  DISPUTE_STATUSES,
  type DisputeStatus,
} from '../../../shared/contract/admin-dispute-routes.js';
import type { Executor } from '../../platform/db/database.js';
import { disputes } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { Outbox } from '../../platform/events/unit-of-work.js';
import { orderOfPayment, recordDisputeLoss } from '../orders/index.js';
import type { ChargeDispute, ChargeDisputeOutcome } from '../payments/index.js';
import { disputeClosed, disputeNeedsReview } from './hooks.js';

const DAY_MS = 86_400_000;
const CLOSED_SQL = sql.raw(CLOSED_DISPUTE_STATUSES.map((status) => `'${status}'`).join(', '));

export const isClosedDispute = (status: DisputeStatus): status is (typeof CLOSED_DISPUTE_STATUSES)[number] =>
  (CLOSED_DISPUTE_STATUSES as readonly string[]).includes(status);

const KEPT_ROW = sqlRow(disputes, 'id', 'order_id', 'seller_id', 'amount_cents').extend({
  status: z.enum(DISPUTE_STATUSES),
});

/**
 * Keeps one dispute event. The order is the one the dispute's charge (or payment intent) paid;
 * a dispute we already keep stays on its order. A charge no order knows is noted and left.
 */
export async function recordChargeDispute(
  tx: Executor,
  outbox: Outbox,
  { dispute, noteOutcome }: { dispute: ChargeDispute; noteOutcome(outcome: ChargeDisputeOutcome): void },
): Promise<void> {
  const [known] = await readRows(
    tx,
    sqlRow(disputes, 'order_id', 'seller_id'),
    sql`SELECT order_id, seller_id FROM disputes WHERE id = ${dispute.id}`,
  );
  const order = known
    ? { id: known.order_id, seller_id: known.seller_id }
    : await orderOfPayment(tx, [dispute.chargeId, ...(dispute.paymentIntentId ? [dispute.paymentIntentId] : [])]);
  if (!order) {
    noteOutcome('unknownCharge');
    return;
  }
  // Events may arrive out of order: once closed, a late `updated` does not reopen it.
  const [kept] = await readRows(
    tx,
    KEPT_ROW,
    sql`INSERT INTO disputes (id, order_id, seller_id, charge_id, payment_intent_id, status, reason, amount_cents,
                              evidence_due_by, closed_at)
        VALUES (${dispute.id}, ${order.id}, ${order.seller_id}, ${dispute.chargeId}, ${dispute.paymentIntentId},
                ${dispute.status}, ${dispute.reason}, ${dispute.amountCents}, ${dispute.evidenceDueBy},
                CASE WHEN ${dispute.status} IN (${CLOSED_SQL}) THEN now() END)
        ON CONFLICT (id) DO UPDATE SET
          status = CASE WHEN disputes.closed_at IS NOT NULL AND EXCLUDED.closed_at IS NULL THEN disputes.status
                        ELSE EXCLUDED.status END,
          reason = EXCLUDED.reason,
          amount_cents = EXCLUDED.amount_cents,
          evidence_due_by = EXCLUDED.evidence_due_by,
          closed_at = COALESCE(disputes.closed_at, EXCLUDED.closed_at),
          updated_at = now()
        RETURNING id, order_id, seller_id, amount_cents, status`,
  );
  const row = kept!;
  if (isClosedDispute(row.status)) {
    if (row.status === 'lost') {
      await recordDisputeLoss(tx, { orderId: row.order_id, disputeId: row.id, amountCents: Number(row.amount_cents) });
    }
    await disputeClosed.fire(tx, outbox, { disputeId: row.id, orderId: row.order_id, status: row.status });
  } else {
    await disputeNeedsReview.fire(tx, outbox, {
      disputeId: row.id,
      orderId: row.order_id,
      sellerId: row.seller_id,
      reason: dispute.reason,
      amountCents: Number(row.amount_cents),
      caseDueBy: new Date(dispute.evidenceDueBy.getTime() - DAY_MS),
    });
  }
  noteOutcome('disputeRecorded');
}

/**
 * The disputes a seller lost that Stripe closed within [from, to): each is a seller defect
 * (DECISIONS "Sellers over time"). Seller standing counts them with its other defects; by order,
 * so an order with a lost dispute and another defect counts once.
 */
export async function disputesLostBySeller(
  executor: Executor,
  sellerId: string,
  window: { from: Date; to: Date },
): Promise<{ disputeId: string; orderId: string; closedAt: Date }[]> {
  const rows = await readRows(
    executor,
    sqlRow(disputes, 'id', 'order_id', 'closed_at'),
    sql`SELECT id, order_id, closed_at FROM disputes
        WHERE seller_id = ${sellerId} AND status = 'lost' AND closed_at >= ${window.from} AND closed_at < ${window.to}
        ORDER BY closed_at, id`,
  );
  return rows.map((row) => ({ disputeId: row.id, orderId: row.order_id, closedAt: new Date(row.closed_at!) }));
}
