// Chargebacks (migration 0106): the disputes area's table, one row per Stripe dispute.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { DISPUTE_STATUSES } from '../../../../shared/contract/admin-dispute-routes.js';
import { at, cents, columnCheck, createdAt, fkey, updatedAt } from './columns.js';
import { orders } from './orders.js';
import { users } from './users.js';

export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    sellerId: text('seller_id').notNull(),
    chargeId: text('charge_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull(),
    reason: text('reason').notNull(),
    amountCents: cents('amount_cents').notNull(),
    evidenceDueBy: at('evidence_due_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: at('closed_at'),
    submittedAt: at('submitted_at'),
    submittedByUid: text('submitted_by_uid'),
    submittedByEmail: text('submitted_by_email'),
    submissionNote: text('submission_note'),
    submittedEvidence: jsonb('submitted_evidence'),
  },
  (t) => [
    fkey('disputes', t.orderId, orders.id),
    fkey('disputes', t.sellerId, users.id),
    columnCheck(
      'disputes',
      'status',
      sql`status IN ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost')`,
    ),
    columnCheck('disputes', 'amount_cents', sql`amount_cents >= 0`),
    index('disputes_order_idx').on(t.orderId),
    index('disputes_seller_lost_idx')
      .on(t.sellerId, t.closedAt)
      .where(sql`status = 'lost'`),
  ],
);
