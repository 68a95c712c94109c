// The review queue's cases (migration 0020): what a moderator must look at, from every source.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, fkey, updatedAt, uuidId } from './columns.js';
import { users } from './users.js';

export const reviewCases = pgTable(
  'review_cases',
  {
    id: uuidId(),
    source: text('source').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    status: text('status').notNull().default('open'),
    priority: text('priority').notNull(),
    reason: text('reason').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    matches: jsonb('matches')
      .notNull()
      .default(sql`'[]'::jsonb`),
    signalCount: integer('signal_count').notNull().default(1),
    reporterId: text('reporter_id'),
    subjectUserId: text('subject_user_id'),
    assigneeUid: text('assignee_uid'),
    assigneeEmail: text('assignee_email'),
    outcome: text('outcome'),
    note: text('note'),
    /** Evidence a source computes when it opens the case (auction integrity: features and the bid ladder). */
    details: jsonb('details'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    fkey('review_cases', t.reporterId, users.id),
    fkey('review_cases', t.subjectUserId, users.id),
    uniqueIndex('review_cases_unresolved_subject_key')
      .on(t.source, t.subjectType, t.subjectId)
      .where(sql`status <> 'resolved'`),
    index('review_cases_status_idx').on(t.status, t.createdAt),
    index('review_cases_subject_user_idx').on(t.subjectUserId, t.createdAt),
    index('review_cases_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
  ],
);

export type ReviewCaseRecord = typeof reviewCases.$inferSelect;
