// The back office's disputes: an order's dispute with its evidence packet, and sending that packet
// with the moderator's note. Sending is idempotent: the dispute's row is locked, and once sent it
// answers as sent without sending again (the provider call also carries the dispute's idempotency
// key, so a send retried after a rollback reaches Stripe once).
import { sql } from 'drizzle-orm';
import type { DisputeStatus } from '../../../shared/contract/admin-dispute-routes.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { HttpError } from '../../platform/http/errors.js';
import type { PaymentPorts } from '../payments/index.js';
import { isClosedDispute } from './disputes.js';
import { disputeRowOf, orderDisputeOf } from './packet.js';
import { evidenceSubmissionOf } from './rules/evidence-packet.js';

/** Where a dispute stands once its evidence is in: Stripe's own next status. */
const UNDER_REVIEW: Partial<Record<DisputeStatus, DisputeStatus>> = {
  needs_response: 'under_review',
  warning_needs_response: 'warning_under_review',
};

export function disputeHandlers({ db, reads, payments }: AdminDeps & Pick<PaymentPorts, 'payments'>) {
  return {
    'orders.dispute': async ({ params }) => orderDisputeOf(reads, await disputeRowOf(reads, params.id)),
    'orders.submitDispute': async ({ params, body, admin }) =>
      db.transaction(async (tx) => {
        const row = await disputeRowOf(tx, params.id, true);
        if (row.submitted_at !== null) return orderDisputeOf(tx, row);
        if (isClosedDispute(row.status)) {
          throw new HttpError(409, `This dispute is closed (${row.status}): no evidence can be sent`);
        }
        const dispute = await orderDisputeOf(tx, row);
        const evidence = evidenceSubmissionOf(dispute.evidence, body.note);
        const receipt = await payments.submitDisputeEvidence({ disputeId: row.id, orderId: row.order_id, evidence });
        const status = UNDER_REVIEW[row.status] ?? row.status;
        await tx.execute(
          sql`UPDATE disputes SET submitted_at = now(), submitted_by_uid = ${admin.uid},
                     submitted_by_email = ${admin.email}, submission_note = ${body.note},
                     submitted_evidence = ${JSON.stringify({ packet: dispute.evidence, sent: evidence })}::jsonb,
                     status = ${status}, updated_at = now()
              WHERE id = ${row.id}`,
        );
        await recordAdminAction(tx, {
          admin,
          action: 'submitDisputeEvidence',
          recordType: 'order',
          recordId: row.order_id,
          before: { disputeId: row.id, status: row.status },
          after: { disputeId: row.id, status, note: body.note, sentToProvider: receipt.sent },
        });
        return orderDisputeOf(tx, await disputeRowOf(tx, params.id));
      }),
  } satisfies Partial<AdminHandlers>;
}
