// One review case in the contract's ReviewCase shape: the SELECT every read and every `/admin`
// event uses, so a table inserts a pushed case exactly as a listed one.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ReviewCase, ReviewCaseMatch } from '../../../shared/contract/review-cases.js';
import type { Executor } from '../../platform/db/database.js';
import { reviewCases, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf, isoOrNull } from '../../platform/db/values.js';
import { notFound } from '../../platform/http/errors.js';

/**
 * A case row: the table's columns, the enums the contract narrows its text columns to, and the
 * names of the reporter and the subject user. A jsonb value may come back as its text (jsonOf).
 */
export const CASE_ROW = sqlRow(
  reviewCases,
  'id',
  'subject_id',
  'reason',
  'excerpt',
  'signal_count',
  'reporter_id',
  'subject_user_id',
  'assignee_uid',
  'assignee_email',
  'note',
  'created_at',
  'updated_at',
  'resolved_at',
  'escalated',
).extend({
  source: ReviewCase.shape.source,
  subject_type: ReviewCase.shape.subjectType,
  status: ReviewCase.shape.status,
  priority: ReviewCase.shape.priority,
  outcome: ReviewCase.shape.outcome,
  matches: z.union([z.array(ReviewCaseMatch), z.string()]),
  details: z.union([z.record(z.string(), z.unknown()), z.string()]).nullable(),
  reporter_name: sqlColumn(users, 'user_name').nullable(),
  subject_user_name: sqlColumn(users, 'user_name').nullable(),
  subject_user_email: sqlColumn(users, 'email').nullable(),
  due_at: z.union([z.date(), z.string()]),
  overdue: z.boolean(),
});
export type CaseRow = z.output<typeof CASE_ROW>;

/**
 * When a case (`rc`) is due: created + 4 h (high), 24 h (normal) or 72 h (low), but for a case about
 * an auction that was running when it opened, no later than one hour before the auction ends. The
 * end is read from the listing each time, so when it moves (an anti-sniping extension, a hold
 * released, the seller's own extension) the due date follows. The queue's `dueAt` sort key too.
 */
export const DUE_AT = sql`COALESCE(rc.due_by, LEAST(
    rc.created_at + CASE rc.priority WHEN 'high' THEN interval '4 hours' WHEN 'normal' THEN interval '24 hours'
                                      ELSE interval '72 hours' END,
    (SELECT l.end_time - interval '1 hour' FROM listings l
      WHERE l.id = rc.auction_listing_id AND l.listing_type = 'auction' AND l.end_time > rc.created_at)))`;

/** Review cases as `rc`, with the reporter `r` and the user the case is about `su`. */
export const CASE_SELECT = sql`SELECT rc.id, rc.source, rc.subject_type, rc.subject_id, rc.status, rc.priority,
           rc.reason, rc.excerpt, rc.matches, rc.signal_count, rc.reporter_id, r.user_name AS reporter_name,
           rc.subject_user_id, su.user_name AS subject_user_name, su.email AS subject_user_email,
           rc.assignee_uid, rc.assignee_email, rc.outcome, rc.note, rc.details,
           rc.created_at, rc.updated_at, rc.resolved_at, rc.escalated, ${DUE_AT} AS due_at,
           (rc.status <> 'resolved' AND ${DUE_AT} < now()) AS overdue
    FROM review_cases rc
    LEFT JOIN users r ON r.id = rc.reporter_id
    LEFT JOIN users su ON su.id = rc.subject_user_id`;

const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function caseOf(row: CaseRow): ReviewCase {
  return {
    id: row.id,
    source: row.source,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    status: row.status,
    priority: row.priority,
    reason: row.reason,
    excerpt: row.excerpt,
    matches: jsonOf(row.matches).map(({ kind, text }) => ({ kind, text })),
    signalCount: Number(row.signal_count),
    reporter: row.reporter_id === null ? null : { id: row.reporter_id, userName: row.reporter_name },
    subjectUser:
      row.subject_user_id === null || row.subject_user_email === null
        ? null
        : { id: row.subject_user_id, userName: row.subject_user_name, email: row.subject_user_email },
    assignee: row.assignee_uid === null ? null : { uid: row.assignee_uid, email: row.assignee_email },
    outcome: row.outcome,
    note: row.note,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
    resolvedAt: isoOrNull(row.resolved_at),
    dueAt: isoOf(row.due_at),
    overdue: row.overdue,
    escalated: row.escalated,
  };
}

export async function caseRow(db: Executor, id: string): Promise<CaseRow> {
  const [row] = await readRows(db, CASE_ROW, sql`${CASE_SELECT} WHERE rc.id = ${id}`);
  if (!row) throw notFound('Review case');
  return row;
}

export async function caseItem(db: Executor, id: string): Promise<ReviewCase> {
  return caseOf(await caseRow(db, id));
}

export const detailsOf = (row: CaseRow): Record<string, unknown> | null =>
  row.details === null ? null : jsonOf(row.details);
