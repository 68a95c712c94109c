// The review queue's cases (migration 0020): what a moderator must look at, from every source;
// its macros, appeals and settings, and the back office's saved views (migration 0045); every
// reporter of a case (0090); the enforcements a case's resolution made (0114).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userEnforcements } from './accountability.js';
import { at, columnCheck, createdAt, fkey, uniqueKey, updatedAt, uuidId } from './columns.js';
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
    /** The auction the case is about (its listing, or the listing of its auction message): the due date's clock. */
    auctionListingId: text('auction_listing_id'),
    escalated: boolean('escalated').notNull().default(false),
    /** A deadline the source set (0104: a chargeback's, a day before Stripe's): the case is due then. */
    dueBy: at('due_by'),
  },
  (t) => [
    fkey('review_cases', t.reporterId, users.id),
    fkey('review_cases', t.subjectUserId, users.id),
    uniqueIndex('review_cases_unresolved_subject_key')
      .on(t.source, t.subjectType, t.subjectId)
      .where(sql`status <> 'resolved' AND source <> 'appeal'`),
    index('review_cases_status_idx').on(t.status, t.createdAt),
    index('review_cases_subject_user_idx').on(t.subjectUserId, t.createdAt),
    index('review_cases_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
  ],
);

export type ReviewCaseRecord = typeof reviewCases.$inferSelect;

/** Every reporter whose report opened or joined a case, once each (migration 0090): all are told of its outcome. */
export const reviewCaseReporters = pgTable(
  'review_case_reporters',
  {
    caseId: text('case_id').notNull(),
    reporterId: text('reporter_id').notNull(),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'review_case_reporters_pkey', columns: [t.caseId, t.reporterId] }),
    fkey('review_case_reporters', t.caseId, reviewCases.id),
    fkey('review_case_reporters', t.reporterId, users.id),
  ],
);

/** The enforcements a case's resolution made: an appeal granted against one overturns the case. */
export const reviewCaseEnforcements = pgTable(
  'review_case_enforcements',
  {
    caseId: text('case_id').notNull(),
    enforcementId: text('enforcement_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'review_case_enforcements_pkey', columns: [t.caseId, t.enforcementId] }),
    fkey('review_case_enforcements', t.caseId, reviewCases.id),
    fkey('review_case_enforcements', t.enforcementId, userEnforcements.id),
  ],
);

export const reviewMacros = pgTable('review_macros', {
  id: uuidId(),
  title: text('title').notNull(),
  outcome: text('outcome').notNull(),
  note: text('note').notNull().default(''),
  userMessage: text('user_message'),
  enforcementAction: text('enforcement_action'),
  enforcementUntil: at('enforcement_until'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const appeals = pgTable(
  'appeals',
  {
    id: uuidId(),
    userId: text('user_id').notNull(),
    enforcementId: text('enforcement_id').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'granted', 'denied'] })
      .notNull()
      .default('open'),
    caseId: text('case_id'),
    createdAt: createdAt(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    fkey('appeals', t.userId, users.id),
    fkey('appeals', t.enforcementId, userEnforcements.id),
    fkey('appeals', t.caseId, reviewCases.id),
    uniqueKey('appeals', t.enforcementId),
    columnCheck('appeals', 'status', sql`status IN ('open', 'granted', 'denied')`),
    index('appeals_user_idx').on(t.userId, t.createdAt),
  ],
);

export const reviewQueueSettings = pgTable(
  'review_queue_settings',
  {
    id: integer('id').primaryKey(),
    autoAssign: boolean('auto_assign').notNull().default(false),
    updatedAt: updatedAt(),
  },
  () => [columnCheck('review_queue_settings', 'id', sql`id = 1`)],
);

export const savedViews = pgTable(
  'saved_views',
  {
    id: uuidId(),
    list: text('list').notNull(),
    name: text('name').notNull(),
    query: jsonb('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    ownerUid: text('owner_uid').notNull(),
    ownerEmail: text('owner_email'),
    createdAt: createdAt(),
  },
  (t) => [index('saved_views_owner_idx').on(t.ownerUid, t.createdAt)],
);
