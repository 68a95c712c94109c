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
});
export type CaseRow = z.output<typeof CASE_ROW>;

/** Review cases as `rc`, with the reporter `r` and the user the case is about `su`. */
export const CASE_SELECT = sql`SELECT rc.id, rc.source, rc.subject_type, rc.subject_id, rc.status, rc.priority,
           rc.reason, rc.excerpt, rc.matches, rc.signal_count, rc.reporter_id, r.user_name AS reporter_name,
           rc.subject_user_id, su.user_name AS subject_user_name, su.email AS subject_user_email,
           rc.assignee_uid, rc.assignee_email, rc.outcome, rc.note, rc.details,
           rc.created_at, rc.updated_at, rc.resolved_at
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
