// The review queue's contract: what a review case is (ARCHITECTURE.md, "Trust and safety: review
// cases"), its list query and the evidence a case shows. The routes are in admin-review-routes.ts.
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedText } from './answer-limits.js';
import { AdminListing, AdminUser, AuctionMessage, ChatMessage, SoldListing, id, isoDate } from './entities.js';
import { SORT_ORDERS } from './enums.js';
import { MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT, intFromQuery, oneOrMore } from './list-query.js';
import { freeText, singleLineText } from './text.js';

export const REVIEW_CASE_SOURCES = [
  'listingReport',
  'orderIssue',
  'supportRequest',
  'contactMessage',
  'offPlatformContact',
  'paymentHandle',
  'auctionIntegrity',
  'appeal',
  // An account matching a block of severity review (ARCHITECTURE.md, "Blocks").
  'block',
  // A policy rule whose action is openCase (ARCHITECTURE.md, "Policy"): the reason names the rule.
  'rule',
  // A chargeback on an order (ARCHITECTURE.md, "Disputes"): due a day before Stripe's evidence deadline.
  'dispute',
] as const;
export type ReviewCaseSource = (typeof REVIEW_CASE_SOURCES)[number];
/** The sources the support queue ('Customer Support') shows; the review queue shows the others. */
export const SUPPORT_SOURCES = ['orderIssue', 'supportRequest', 'contactMessage'] as const satisfies ReviewCaseSource[];
export const MODERATION_SOURCES = [
  'listingReport',
  'offPlatformContact',
  'paymentHandle',
  'auctionIntegrity',
  'appeal',
  'block',
  'rule',
  'dispute',
] as const satisfies ReviewCaseSource[];

export const REVIEW_SUBJECT_TYPES = ['user', 'listing', 'order', 'chatMessage', 'auctionMessage', 'none'] as const;
export type ReviewSubjectType = (typeof REVIEW_SUBJECT_TYPES)[number];
export const REVIEW_CASE_STATUSES = ['open', 'claimed', 'resolved'] as const;
export type ReviewCaseStatus = (typeof REVIEW_CASE_STATUSES)[number];
export const REVIEW_PRIORITIES = ['high', 'normal', 'low'] as const;
export type ReviewPriority = (typeof REVIEW_PRIORITIES)[number];
export const REVIEW_OUTCOMES = [
  'dismissed',
  'contentRemoved',
  'userWarned',
  'sellingSuspended',
  'accountSuspended',
  'refunded',
  'answered',
  'appealGranted',
  'appealDenied',
] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
export const REVIEW_MATCH_KINDS = ['phone', 'email', 'url', 'messenger', 'payment'] as const;
export type ReviewMatchKind = (typeof REVIEW_MATCH_KINDS)[number];

export const ReviewCaseMatch = z.object({ kind: z.enum(REVIEW_MATCH_KINDS), text: storedText() });
export type ReviewCaseMatch = z.infer<typeof ReviewCaseMatch>;

export const ReviewCase = z.object({
  id,
  source: z.enum(REVIEW_CASE_SOURCES),
  subjectType: z.enum(REVIEW_SUBJECT_TYPES),
  subjectId: id,
  status: z.enum(REVIEW_CASE_STATUSES),
  priority: z.enum(REVIEW_PRIORITIES),
  reason: storedLine(),
  excerpt: storedText(),
  matches: z.array(ReviewCaseMatch).max(ANSWER_ITEMS_MAX),
  signalCount: z.number().int().positive(),
  reporter: z.object({ id, userName: storedLine().nullable() }).nullable(),
  subjectUser: z.object({ id, userName: storedLine().nullable(), email: storedLine() }).nullable(),
  assignee: z.object({ uid: storedLine(), email: storedLine().nullable() }).nullable(),
  outcome: z.enum(REVIEW_OUTCOMES).nullable(),
  note: storedText().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  resolvedAt: isoDate.nullable(),
  /** When it must be decided: by priority, and for a running auction at most an hour before its end. */
  dueAt: isoDate,
  overdue: z.boolean(),
  escalated: z.boolean(),
});
export type ReviewCase = z.infer<typeof ReviewCase>;

/**
 * One bid of an auction's ladder as only admins see it: the hidden maximum included, and whether
 * (and why) an admin voided it; voided bids stay in the ladder as evidence.
 */
export const LadderBid = z.object({
  bidderId: id,
  bidderName: storedLine().nullable(),
  amount: z.number(),
  maxBid: z.number().nullable(),
  createdAt: isoDate,
  voidedAt: isoDate.nullable(),
  voidReason: storedLine().nullable(),
});
export type LadderBid = z.infer<typeof LadderBid>;

/** What a case shows beside itself: the subject as its admin list item, and what surrounds it. */
export const ReviewEvidence = z.object({
  chatMessage: ChatMessage.extend({ deleted: z.boolean() }).nullable(),
  /** For a chat message: up to ten messages around it in its chat, oldest first, the message itself included. */
  aroundMessages: z.array(ChatMessage.extend({ deleted: z.boolean() })).max(ANSWER_ITEMS_MAX),
  auctionMessage: AuctionMessage.nullable(),
  listing: AdminListing.nullable(),
  order: SoldListing.nullable(),
  user: AdminUser.nullable(),
  /** The reporting user, as the admin user list shows them. */
  reporter: AdminUser.nullable(),
  /** The auction's bid ladder with hidden maximum bids (admins only), newest first. */
  bidLadder: z.array(LadderBid).max(ANSWER_ITEMS_MAX),
  /** What the source computed (auction integrity: the features and the score). */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type ReviewEvidence = z.infer<typeof ReviewEvidence>;

export const ReviewCaseWithEvidence = ReviewCase.extend({ evidence: ReviewEvidence });
export type ReviewCaseWithEvidence = z.infer<typeof ReviewCaseWithEvidence>;

export const ReviewCaseCounts = z.object({
  open: z.number().int(),
  claimed: z.number().int(),
  /** Unresolved high-priority cases. */
  high: z.number().int(),
  /** Of those, the ones past their due date (the dock badge asks for attention when one becomes so). */
  overdueHigh: z.number().int().min(0).max(1e9),
  /** Unresolved cases of any priority past their due date (the dock badge counts them beside the high ones). */
  overdue: z.number().int().min(0).max(1e9),
});
export type ReviewCaseCounts = z.infer<typeof ReviewCaseCounts>;

export const REVIEW_CASE_SORT_KEYS = ['createdAt', 'updatedAt', 'priority', 'dueAt'] as const;

/** The review-case list query: the list rules plus the filters. */
export const reviewCaseQuery = z.strictObject({
  page: intFromQuery(1, Number.MAX_SAFE_INTEGER, 1),
  limit: intFromQuery(1, MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT),
  sortBy: z.enum(REVIEW_CASE_SORT_KEYS).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  search: singleLineText().max(200).optional(),
  status: oneOrMore(REVIEW_CASE_STATUSES).optional(),
  source: oneOrMore(REVIEW_CASE_SOURCES).optional(),
  subjectType: oneOrMore(REVIEW_SUBJECT_TYPES).optional(),
  priority: oneOrMore(REVIEW_PRIORITIES).optional(),
});
export type ReviewCaseQuery = z.output<typeof reviewCaseQuery>;
export type ReviewCaseQueryInput = z.input<typeof reviewCaseQuery>;

const note = freeText().max(2000);
/** An outcome, or a macro (its outcome, note, message and enforcement); an outcome given beside a macro wins. */
export const ResolveCaseBody = z
  .strictObject({
    outcome: z.enum(REVIEW_OUTCOMES).optional(),
    note: note.optional(),
    notifyReporter: z.boolean().optional(),
    macroId: id.optional(),
  })
  .refine((body) => body.outcome !== undefined || body.macroId !== undefined, {
    message: 'outcome or macroId is required',
    path: ['outcome'],
  });
export type ResolveCaseBody = z.infer<typeof ResolveCaseBody>;
export const BulkResolveBody = z.strictObject({
  ids: z.array(id).min(1).max(100),
  outcome: z.enum(REVIEW_OUTCOMES),
  note: note.optional(),
});
export type BulkResolveBody = z.infer<typeof BulkResolveBody>;
