// A chargeback's review case (source `dispute`, subject the order, about its seller): opened when
// Stripe reports a dispute that needs our evidence, due a day before Stripe's deadline (`due_by`,
// which wins over the priority's clock: case-items.ts); a later event that moves the deadline moves
// the case's without counting as a new signal; Stripe's close resolves it (won: dismissed, the
// charge stands; lost: refunded, the bank took the money back). Runs in the webhook's transaction.
import { sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Executor } from '../../platform/db/database.js';
import { reviewCases } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { adminEvent } from '../../platform/events/pending-events.js';
import type { Outbox } from '../../platform/events/unit-of-work.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import { caseItem } from './case-items.js';
import { openReviewCase } from './open-case.js';

/** The audit log's admin for what Stripe's events did to a case. */
const STRIPE: VerifiedIdentity = { uid: 'stripe', email: null, emailVerified: false, admin: false, adminRole: null };

const unresolvedDisputeCase = (orderId: string) =>
  sql`source = 'dispute' AND subject_type = 'order' AND subject_id = ${orderId} AND status <> 'resolved'`;

export async function reviewDispute(
  tx: Executor,
  outbox: Outbox,
  dispute: {
    disputeId: string;
    orderId: string;
    sellerId: string;
    reason: string;
    amountCents: number;
    caseDueBy: Date;
  },
): Promise<void> {
  const [moved] = await readRows(
    tx,
    sqlRow(reviewCases, 'id'),
    sql`UPDATE review_cases SET due_by = ${dispute.caseDueBy}, updated_at = now()
        WHERE ${unresolvedDisputeCase(dispute.orderId)} RETURNING id`,
  );
  if (moved) {
    outbox.add(adminEvent('reviewCaseUpdated', await caseItem(tx, moved.id)));
    return;
  }
  const amount = `$${centsToUsd(dispute.amountCents).toFixed(2)}`;
  await openReviewCase(tx, outbox, {
    source: 'dispute',
    subjectType: 'order',
    subjectId: dispute.orderId,
    subjectUserId: dispute.sellerId,
    reason: `Chargeback of ${amount}: ${dispute.reason.replaceAll('_', ' ')}`,
    excerpt: `The buyer's bank disputes ${amount} (${dispute.reason.replaceAll('_', ' ')}). Review the evidence packet and submit it before the deadline.`,
    details: { disputeId: dispute.disputeId },
    dueBy: dispute.caseDueBy,
  });
}

export async function closeDisputeCase(
  tx: Executor,
  outbox: Outbox,
  dispute: { disputeId: string; orderId: string; status: 'won' | 'lost' | 'warning_closed' },
): Promise<void> {
  const outcome = dispute.status === 'lost' ? 'refunded' : 'dismissed';
  const note =
    dispute.status === 'won'
      ? 'Stripe closed the dispute: won, the charge stands.'
      : dispute.status === 'lost'
        ? "Stripe closed the dispute: lost, the buyer's bank took the money back (a seller defect)."
        : 'Stripe closed the inquiry without a chargeback.';
  const closed = await readRows(
    tx,
    sqlRow(reviewCases, 'id'),
    sql`UPDATE review_cases SET status = 'resolved', outcome = ${outcome}, note = ${note}, resolved_at = now(),
               updated_at = now()
        WHERE ${unresolvedDisputeCase(dispute.orderId)} RETURNING id`,
  );
  for (const { id } of closed) {
    await recordAdminAction(tx, {
      admin: STRIPE,
      action: 'resolveReviewCase',
      recordType: 'review_case',
      recordId: id,
      before: null,
      after: { outcome, note, disputeId: dispute.disputeId },
    });
    outbox.add(adminEvent('reviewCaseUpdated', await caseItem(tx, id)));
  }
}
