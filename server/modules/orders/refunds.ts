// Refunds: what is left to refund of an order, and an admin's refund through the payments port.
// The rule (what counts as paid and refunded, and whether a refund fits) is shared/rules/refund.ts.
import { sql } from 'drizzle-orm';
import type { SoldListing } from '../../../shared/contract/entities.js';
import type { RefundReason } from '../../../shared/contract/enums.js';
import { centsToUsd, usdToCents } from '../../../shared/rules/money.js';
import { type LedgerEntry, refundableCents, refundRefusal } from '../../../shared/rules/refund.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { orders, transactions } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { Payments } from '../payments/index.js';
import { loadSoldListing, type TransactionRow, transactionsOf } from './order-admin.js';

export interface RefundInput {
  orderId: string;
  /** USD, at most two decimals. */
  amount: number;
  refundReason: RefundReason;
  idempotencyKey: string | null;
  admin: VerifiedIdentity;
}

function ledgerOf(rows: TransactionRow[]): LedgerEntry[] {
  return rows.map((row) => ({ type: row.type, status: row.status, amountCents: Number(row.amount_cents) }));
}

async function ledgerOfOrder(executor: Executor, orderId: string): Promise<TransactionRow[]> {
  return (await transactionsOf(executor, [orderId])).get(orderId) ?? [];
}

/** What can still be refunded of an order, in USD; 404 for an unknown or deleted order. */
export async function refundRemaining(db: Executor, orderId: string): Promise<number> {
  const exists = await readRows(
    db,
    sqlRow(orders, 'id'),
    sql`SELECT id FROM orders WHERE id = ${orderId} AND deleted_at IS NULL`,
  );
  if (!exists[0]) throw notFound('Order');
  return centsToUsd(refundableCents(ledgerOf(await ledgerOfOrder(db, orderId))));
}

/**
 * Refunds part or all of what is left of an order. The order row is locked first, so refunds of
 * one order run one after another and each sees every earlier refund: together they can never
 * exceed the payment. A repeated idempotency key answers the order as it is, refunding nothing.
 */
export async function refundOrder(deps: { db: Db; payments: Payments }, input: RefundInput): Promise<SoldListing> {
  return deps.db.transaction(async (tx) => {
    const locked = await readRows(
      tx,
      sqlRow(orders, 'id'),
      sql`SELECT id FROM orders WHERE id = ${input.orderId} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!locked[0]) throw notFound('Order');
    const ledger = await ledgerOfOrder(tx, input.orderId);
    if (input.idempotencyKey !== null) {
      const replay = await readRows(
        tx,
        sqlRow(transactions, 'id'),
        sql`SELECT id FROM transactions WHERE order_id = ${input.orderId} AND idempotency_key = ${input.idempotencyKey}`,
      );
      if (replay[0]) return loadSoldListing(tx, input.orderId);
    }
    const before = await loadSoldListing(tx, input.orderId);
    const amountCents = usdToCents(input.amount);
    const refusal = refundRefusal(amountCents, refundableCents(ledgerOf(ledger)));
    if (refusal) throw conflict(refusal);
    const payment = ledger.find((row) => row.type === 'order_payment' && row.status !== 'failed');
    const result = await deps.payments.refund({
      orderId: input.orderId,
      amountCents,
      reason: input.refundReason,
      paymentReference: payment?.external_id ?? null,
      idempotencyKey: input.idempotencyKey,
    });
    await tx.execute(sql`
      INSERT INTO transactions (order_id, type, status, amount_cents, refund_reason, refund_date, external_id,
                                idempotency_key, admin_uid)
      VALUES (${input.orderId}, 'admin_refund', ${result.status}, ${amountCents}, ${input.refundReason}, now(),
              ${result.externalId}, ${input.idempotencyKey}, ${input.admin.uid})`);
    const after = await loadSoldListing(tx, input.orderId);
    await recordAdminAction(tx, {
      admin: input.admin,
      action: 'refundOrder',
      recordType: 'order',
      recordId: input.orderId,
      before,
      after,
    });
    return after;
  });
}
