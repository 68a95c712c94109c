// A chargeback the seller lost (ARCHITECTURE.md, "Disputes"), on the order's ledger: the buyer's
// bank took the money back, so it is written as a `dispute_loss` entry that the refund and payout
// rules count like a refund (shared/rules/refund.ts): a payout not yet released is lowered by it,
// one already released stays as it was (as after a refund). The disputes area calls it in the
// transaction that applies Stripe's `charge.dispute.closed`.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { orders, transactions } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

/** The order a payment's provider id (a PaymentIntent, a charge) paid, with its seller; null when none. */
export async function orderOfPayment(
  tx: Executor,
  providerIds: readonly string[],
): Promise<{ id: string; seller_id: string } | null> {
  if (providerIds.length === 0) return null;
  const [row] = await readRows(
    tx,
    sqlRow(orders, 'id', 'seller_id'),
    sql`SELECT o.id, o.seller_id FROM transactions t JOIN orders o ON o.id = t.order_id
        WHERE t.type = 'order_payment' AND t.status <> 'failed'
          AND t.external_id IN (${sql.join(
            providerIds.map((value) => sql`${value}`),
            sql`, `,
          )})
        ORDER BY t.created_at LIMIT 1`,
  );
  return row ?? null;
}

/**
 * Writes the lost dispute's amount on the order's ledger, once per dispute (its id is the entry's
 * external id, under the order's row lock, so a redelivered close adds nothing).
 */
export async function recordDisputeLoss(
  tx: Executor,
  loss: { orderId: string; disputeId: string; amountCents: number },
): Promise<void> {
  await tx.execute(sql`SELECT id FROM orders WHERE id = ${loss.orderId} FOR UPDATE`);
  const [already] = await readRows(
    tx,
    sqlRow(transactions, 'id'),
    sql`SELECT id FROM transactions WHERE order_id = ${loss.orderId} AND type = 'dispute_loss'
          AND external_id = ${loss.disputeId}`,
  );
  if (already) return;
  await tx.execute(
    sql`INSERT INTO transactions (order_id, type, status, amount_cents, external_id)
        VALUES (${loss.orderId}, 'dispute_loss', 'succeeded', ${loss.amountCents}, ${loss.disputeId})`,
  );
}
