// `GET /admin/users/{id}/enforcement-impact`: what an enforcement would touch now, so the dialog
// can say what happens to each before the admin applies it; and the same summed over a ring's
// members. One statement however many accounts: each figure is counted over all of them at once
// (`= ANY`, an index lookup per account), which is the sum of their own figures, since every
// listing and order counted has one owner, leader, buyer or seller.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EnforcementImpact } from '../../../shared/contract/accountability.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../shared/contract/enums.js';
import { statusesOfFamily } from '../../../shared/rules/order-status-family.js';
import { pendingPayoutCents } from '../../../shared/rules/payout-release.js';
import type { Executor } from '../../platform/db/database.js';
import { idArray, inList } from '../../platform/db/list-sql.js';
import { countValue, readPreparedRows } from '../../platform/db/sql-row.js';
import { notFound } from '../../platform/http/errors.js';

const UNPAID = statusesOfFamily('awaitingPayment');
/** Paid and not delivered yet: what is still moving between buyer and seller. */
const OPEN = [...statusesOfFamily('preparing'), ...statusesOfFamily('shipped')];

/** A payout not released yet (pending or held, orders/payouts.ts): what it owes and its order's ledger. */
const PendingPayout = z.object({
  payoutCents: z.number().int().nonnegative(),
  ledger: z.array(
    z.object({ type: z.enum(TRANSACTION_TYPES), status: z.enum(TRANSACTION_STATUSES), amountCents: z.number().int() }),
  ),
});

/** A count as a number (the drivers hand bigint back as text or number). */
const count = countValue.transform(Number);

const ImpactRow = z.object({
  /** How many of the accounts asked about are live: the others touch nothing. */
  accounts: count,
  activeListings: count,
  liveAuctions: count,
  leadingBids: count,
  unpaidWins: count,
  openOrdersAsBuyer: count,
  openOrdersAsSeller: count,
  pendingPayouts: z.array(PendingPayout),
});

/**
 * The impact of `userIds` summed, and how many of them are live. The pending payout is not
 * summed here: the statement reads each pending payout's facts, and the release rule
 * (`pendingPayoutCents`, shared/rules/payout-release.ts) says what each is worth, so what the
 * impact shows is what a release would pay, by one definition.
 */
async function impactOf(db: Executor, userIds: readonly string[]) {
  // Prepared (the ids are one array parameter, so its text never changes): planned once per
  // connection, where planning six lateral counts took longer than running them.
  const [row] = await readPreparedRows(
    db,
    ImpactRow,
    sql`WITH live AS MATERIALIZED (
          SELECT ARRAY(SELECT id FROM users WHERE id = ANY(${idArray(userIds)}) AND deleted_at IS NULL) AS ids)
        SELECT cardinality(live.ids) AS accounts, mine."activeListings", mine."liveAuctions", led."leadingBids",
               bought."unpaidWins", bought."openOrdersAsBuyer", sold."openOrdersAsSeller", owed."pendingPayouts"
        FROM live
        CROSS JOIN LATERAL (
          SELECT count(*) AS "activeListings", count(*) FILTER (WHERE listing_type = 'auction') AS "liveAuctions"
          FROM listings WHERE user_id = ANY(live.ids) AND status = 'active' AND deleted_at IS NULL) mine
        CROSS JOIN LATERAL (
          SELECT count(*) AS "leadingBids" FROM listings
          WHERE leader_id = ANY(live.ids) AND status = 'active' AND deleted_at IS NULL AND listing_type = 'auction') led
        CROSS JOIN LATERAL (
          SELECT count(*) FILTER (WHERE status IN ${inList(UNPAID)}) AS "unpaidWins",
                 count(*) FILTER (WHERE status IN ${inList(OPEN)}) AS "openOrdersAsBuyer"
          FROM orders WHERE buyer_id = ANY(live.ids) AND deleted_at IS NULL) bought
        CROSS JOIN LATERAL (
          SELECT count(*) AS "openOrdersAsSeller" FROM orders
          WHERE seller_id = ANY(live.ids) AND deleted_at IS NULL AND status IN ${inList(OPEN)}) sold
        CROSS JOIN LATERAL (
          SELECT coalesce(json_agg(json_build_object(
                   'payoutCents', o.payout_cents,
                   'ledger', (SELECT coalesce(json_agg(json_build_object(
                                       'type', t.type, 'status', t.status, 'amountCents', t.amount_cents)), '[]')
                              FROM transactions t WHERE t.order_id = o.id))), '[]') AS "pendingPayouts"
          FROM orders o
          WHERE o.seller_id = ANY(live.ids) AND o.deleted_at IS NULL AND o.status <> 'cancelled'
            AND o.payout_cents IS NOT NULL AND o.payout_released_at IS NULL) owed`,
  );
  const { accounts, pendingPayouts, ...counts } = row!;
  const pending = pendingPayouts.reduce(
    (sum, payout) => sum + pendingPayoutCents(payout.payoutCents, payout.ledger),
    0,
  );
  return { accounts, impact: { ...counts, pendingPayoutCents: pending } satisfies EnforcementImpact };
}

/** One account's impact; an unknown or deleted account is 404. */
export async function enforcementImpact(db: Executor, userId: string): Promise<EnforcementImpact> {
  const { accounts, impact } = await impactOf(db, [userId]);
  if (accounts === 0) throw notFound('User');
  return impact;
}

/** The impact of several accounts (a ring's members), summed; an unknown or deleted one touches nothing. */
export async function summedEnforcementImpact(db: Executor, userIds: readonly string[]): Promise<EnforcementImpact> {
  return (await impactOf(db, userIds)).impact;
}
