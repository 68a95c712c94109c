// Releasing sellers' payouts (payout-release.ts is the rule): an order's payout is pending from
// its payment until it is delivered (released in the delivery's transaction) or 7 days after it
// shipped (released by the workers' periodic pass), plus the hold days of the seller's level
// (level-effects.ts; then the pass releases it), unless an admin holds it; lifting the hold
// releases it at once when it is due. Releasing writes the order_payout transaction: what the
// payment confirmed for the seller, less every refund made before, never below zero; the payments
// port transfers that amount to the seller's payout account (with Stripe: a Transfer in the
// order's transfer_group, its id the order_payout's external_id; the ledger moves no money).
import { sql } from 'drizzle-orm';
import type { SoldListing } from '../../../shared/contract/entities.js';
import {
  PAYOUT_RELEASE_AFTER_SHIPPING_MS,
  payoutReleaseDue,
  pendingPayoutCents,
} from '../../../shared/rules/payout-release.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { inList } from '../../platform/db/list-sql.js';
import { orders, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import type { PaymentPorts, PayoutTransfers } from '../payments/index.js';
import { levelHoldDaysOf, loadSoldListing, PAYOUT_COLUMNS, payoutFactsOf, transactionsOf } from './order-admin.js';

const PAYOUT_ROW = sqlRow(orders, 'id', 'status')
  .extend(PAYOUT_COLUMNS.shape)
  // The seller's payout (connected) account, where a released payout is transferred.
  .extend({ payout_account_id: sqlColumn(users, 'stripe_user_id') });
const PAYOUT_SELECT = sql`SELECT id, status, payout_cents, payout_released_at, payout_held_at, payout_hold_reason,
                                 payout_hold_admin_uid, payout_hold_admin_email, shipped_at, delivered_at,
                                 ${levelHoldDaysOf(sql`orders.seller_id`)} AS hold_days,
                                 (SELECT stripe_user_id FROM users WHERE id = orders.seller_id) AS payout_account_id
                          FROM orders`;

/** What a release did: how many payouts it released, and the transfers the provider refused. */
interface Released {
  released: number;
  /** Each refused payout stays pending (nothing was written for it) and is tried again by the pass. */
  refused: unknown[];
}

/**
 * Releases, of these locked orders, the payouts the rule says are due at `nowMs`: one
 * order_payout each, read after the locks so every refund committed before counts, and its
 * transfer to the seller (none for nothing left to pay). A transfer the provider refuses (a
 * seller's account that cannot take transfers yet) leaves that payout pending, so a delivery or a
 * lifted hold still goes through.
 */
async function releaseLocked(
  tx: Executor,
  ids: string[],
  nowMs: number,
  transfers: PayoutTransfers,
): Promise<Released> {
  const outcome: Released = { released: 0, refused: [] };
  if (ids.length === 0) return outcome;
  const rows = await readRows(tx, PAYOUT_ROW, sql`${PAYOUT_SELECT} WHERE id IN ${inList(ids)}`);
  const ledgers = await transactionsOf(tx, ids);
  const at = new Date(nowMs);
  for (const row of rows) {
    const facts = payoutFactsOf(row, ledgers.get(row.id) ?? []);
    if (!payoutReleaseDue(facts, nowMs)) continue;
    const amountCents = pendingPayoutCents(facts.payoutCents!, facts.ledger);
    const payment = ledgers.get(row.id)?.find((entry) => entry.type === 'order_payment' && entry.status !== 'failed');
    let transfer: { externalId: string | null } = { externalId: null };
    if (amountCents > 0) {
      try {
        transfer = await transfers.transferPayout({
          orderId: row.id,
          amountCents,
          payoutAccountId: row.payout_account_id,
          paymentReference: payment?.external_id ?? null,
        });
      } catch (error) {
        outcome.refused.push(error);
        continue;
      }
    }
    await tx.execute(sql`
      WITH payout AS (
        INSERT INTO transactions (order_id, type, status, amount_cents, external_id, created_at)
        VALUES (${row.id}, 'order_payout', 'succeeded', ${amountCents}, ${transfer.externalId}, ${at})
      )
      UPDATE orders SET payout_released_at = ${at} WHERE id = ${row.id}`);
    outcome.released += 1;
  }
  return outcome;
}

/** Releases one order's payout if it is due now (a delivery, a lifted hold); the caller's transaction. */
export async function releasePayoutIfDue(
  tx: Executor,
  orderId: string,
  nowMs: number,
  transfers: PayoutTransfers,
): Promise<boolean> {
  const locked = await readRows(
    tx,
    sqlRow(orders, 'id'),
    sql`SELECT id FROM orders WHERE id = ${orderId} AND payout_cents IS NOT NULL AND payout_released_at IS NULL
        FOR UPDATE`,
  );
  const { released } = await releaseLocked(
    tx,
    locked.map((row) => row.id),
    nowMs,
    transfers,
  );
  return released > 0;
}

/**
 * The periodic pass (run with the auction closer's): releases up to `limit` payouts that came
 * due, a batch per transaction. Claimed with SKIP LOCKED, so two nodes, or a refund holding an
 * order, never wait on each other; what is skipped is released on a later pass.
 */
export async function releaseDuePayouts(
  deps: Pick<ServiceDeps<Pick<PaymentPorts, 'payments'>>, 'db' | 'now' | 'payments'>,
  limit = 100,
): Promise<number> {
  const nowMs = nowOf(deps);
  const shippedBefore = new Date(nowMs - PAYOUT_RELEASE_AFTER_SHIPPING_MS);
  const { released, refused } = await deps.db.transaction(async (tx) => {
    const due = await readRows(
      tx,
      sqlRow(orders, 'id'),
      // The level's hold days are read per order (a few rows: the pending index's), so an order
      // still held by its level is never claimed and cannot crowd the batch out.
      sql`SELECT id FROM orders
          WHERE payout_cents IS NOT NULL AND payout_released_at IS NULL AND payout_held_at IS NULL
            AND deleted_at IS NULL AND status <> 'cancelled'
            AND (delivered_at IS NOT NULL OR shipped_at <= ${shippedBefore})
            AND (SELECT CASE WHEN h.days = 0 THEN TRUE
                             ELSE least(delivered_at, shipped_at + ${`${PAYOUT_RELEASE_AFTER_SHIPPING_MS} milliseconds`}::interval)
                                  + make_interval(days => h.days) <= ${new Date(nowMs)} END
                   FROM (SELECT ${levelHoldDaysOf(sql`orders.seller_id`)} AS days) h)
          ORDER BY shipped_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED`,
    );
    return releaseLocked(
      tx,
      due.map((row) => row.id),
      nowMs,
      deps.payments,
    );
  });
  // After the commit, so what was released stays released: the caller (the closer) reports it.
  if (refused.length > 0) {
    throw new AggregateError(
      refused,
      `${refused.length} payout transfer(s) refused; they stay pending until a later pass`,
    );
  }
  return released;
}

async function lockPayout(tx: Executor, orderId: string) {
  const [row] = await readRows(
    tx,
    PAYOUT_ROW,
    sql`${PAYOUT_SELECT} WHERE id = ${orderId} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!row) throw notFound('Order');
  return row;
}

/** `POST /admin/listings/order/{id}/payout-hold`: holds a payout not yet released. */
export async function holdPayout(
  db: Db,
  orderId: string,
  reason: string,
  admin: VerifiedIdentity,
): Promise<SoldListing> {
  return db.transaction(async (tx) => {
    const row = await lockPayout(tx, orderId);
    if (row.payout_held_at !== null) throw conflict("This order's payout is already on hold");
    if (row.payout_cents === null || row.payout_released_at !== null) {
      throw conflict('This order has no pending payout to hold');
    }
    const before = await loadSoldListing(tx, orderId);
    await tx.execute(
      sql`UPDATE orders SET payout_held_at = now(), payout_hold_reason = ${reason},
                            payout_hold_admin_uid = ${admin.uid}, payout_hold_admin_email = ${admin.email ?? ''}
          WHERE id = ${orderId}`,
    );
    const after = await loadSoldListing(tx, orderId);
    await recordAdminAction(tx, { admin, action: 'holdPayout', recordType: 'order', recordId: orderId, before, after });
    return after;
  });
}

/** `DELETE /admin/listings/order/{id}/payout-hold`: lifts the hold; a payout already due is released at once. */
export async function releasePayoutHold(
  deps: { db: Db; payments: PayoutTransfers; now?: () => number },
  orderId: string,
  admin: VerifiedIdentity,
): Promise<SoldListing> {
  return deps.db.transaction(async (tx) => {
    const row = await lockPayout(tx, orderId);
    if (row.payout_held_at === null) throw conflict("This order's payout is not on hold");
    const before = await loadSoldListing(tx, orderId);
    await tx.execute(
      sql`UPDATE orders SET payout_held_at = NULL, payout_hold_reason = NULL, payout_hold_admin_uid = NULL,
                            payout_hold_admin_email = NULL
          WHERE id = ${orderId}`,
    );
    await releaseLocked(tx, [orderId], nowOf(deps), deps.payments);
    const after = await loadSoldListing(tx, orderId);
    await recordAdminAction(tx, {
      admin,
      action: 'releasePayoutHold',
      recordType: 'order',
      recordId: orderId,
      before,
      after,
    });
    return after;
  });
}
