// Opening a review case, or joining the unresolved one: while a case is unresolved, a new signal for
// the same source and subject adds to it (signal_count + 1, the higher priority) instead of opening
// another. One INSERT … ON CONFLICT on the partial unique index, so two signals racing still end up
// in one case. Runs inside the caller's transaction; the `/admin` event leaves with its commit.
import { sql } from 'drizzle-orm';
import type {
  ReviewCase,
  ReviewCaseMatch,
  ReviewCaseSource,
  ReviewSubjectType,
} from '../../../shared/contract/review-cases.js';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { reviewCases, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { adminEvent } from '../../platform/events/pending-events.js';
import type { Outbox } from '../../platform/events/unit-of-work.js';
import { caseItem } from './case-items.js';
import { casePriority, type PriorityContext } from './rules/case-priority.js';

/** What a source reports; the priority comes from `context` and the subject user's strikes. */
export interface ReviewSignal {
  source: ReviewCaseSource;
  subjectType: ReviewSubjectType;
  subjectId: string;
  reason: string;
  excerpt: string;
  matches?: readonly ReviewCaseMatch[];
  reporterId?: string | null;
  subjectUserId?: string | null;
  details?: Record<string, unknown> | null;
  /** A deadline of the source's own (a chargeback's): the case is due then, whatever its priority. */
  dueBy?: Date | null;
  context?: Omit<PriorityContext, 'source' | 'subjectUserStrikes'>;
}

/** Long texts keep their start in the case; the evidence shows the whole subject. */
export const EXCERPT_LENGTH = 1000;

export async function openReviewCase(tx: Executor, outbox: Outbox, signal: ReviewSignal): Promise<ReviewCase> {
  let strikes = 0;
  if (signal.subjectUserId) {
    const [user] = await readRows(
      tx,
      z.object({ strikes: sqlColumn(users, 'payment_failed_strikes') }),
      sql`SELECT payment_failed_strikes AS strikes FROM users WHERE id = ${signal.subjectUserId}`,
    );
    strikes = Number(user?.strikes ?? 0);
  }
  const priority = casePriority({ ...signal.context, source: signal.source, subjectUserStrikes: strikes });
  const matches = JSON.stringify((signal.matches ?? []).map(({ kind, text }) => ({ kind, text })));
  const details = signal.details ? JSON.stringify(signal.details) : null;
  // The auction the case is about, if any: its end bounds the case's due date (case-items.ts).
  const auctionListing =
    signal.subjectType === 'listing'
      ? sql`${signal.subjectId}`
      : signal.subjectType === 'auctionMessage'
        ? sql`(SELECT listing_id FROM auction_messages WHERE id = ${signal.subjectId})`
        : sql`NULL`;
  const [row] = await readRows(
    tx,
    sqlRow(reviewCases, 'id').extend({ opened: z.boolean() }),
    sql`INSERT INTO review_cases (source, subject_type, subject_id, priority, reason, excerpt, matches, reporter_id,
                                  subject_user_id, details, auction_listing_id, due_by)
        VALUES (${signal.source}, ${signal.subjectType}, ${signal.subjectId}, ${priority}, ${signal.reason},
                ${signal.excerpt.slice(0, EXCERPT_LENGTH)}, ${matches}::jsonb, ${signal.reporterId ?? null},
                ${signal.subjectUserId ?? null}, ${details}::jsonb, ${auctionListing}, ${signal.dueBy ?? null})
        ON CONFLICT (source, subject_type, subject_id) WHERE status <> 'resolved' AND source <> 'appeal' DO UPDATE SET
          signal_count = review_cases.signal_count + 1,
          priority = CASE
            WHEN review_cases.priority = 'high' OR EXCLUDED.priority = 'high' THEN 'high'
            WHEN review_cases.priority = 'normal' OR EXCLUDED.priority = 'normal' THEN 'normal'
            ELSE 'low' END,
          details = COALESCE(EXCLUDED.details, review_cases.details),
          due_by = COALESCE(EXCLUDED.due_by, review_cases.due_by),
          updated_at = now()
        RETURNING id, (xmax = 0) AS opened`,
  );
  // Every reporter is kept, once each: resolving with notifyReporter thanks them all.
  if (signal.reporterId) {
    await tx.execute(
      sql`INSERT INTO review_case_reporters (case_id, reporter_id) VALUES (${row!.id}, ${signal.reporterId})
          ON CONFLICT DO NOTHING`,
    );
  }
  const item = await caseItem(tx, row!.id);
  outbox.add(adminEvent(row!.opened ? 'reviewCaseOpened' : 'reviewCaseUpdated', item));
  return item;
}
