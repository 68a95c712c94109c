// The shapes of accountability (ARCHITECTURE.md, "Accountability and enforcement"): audit-log
// entries, record timelines, internal notes, enforcement and its impact, and a user's whole
// picture. The routes that answer with them are in admin-accountability-routes.ts.
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedText } from './answer-limits.js';
import { id, isoDate, ProfileRef, Rating, UserRef, usd } from './entities.js';
import {
  ENFORCEMENT_ACTIONS,
  LISTING_STATUSES,
  LISTING_TYPES,
  ORDER_STATUSES,
  REPORT_TYPES,
  type EnforcementAction,
} from './enums.js';

export { ActiveEnforcement } from './entities.js';
export { ENFORCEMENT_ACTIONS, LASTING_ENFORCEMENTS, type EnforcementAction, type LastingEnforcement } from './enums.js';
import { freeText, singleLineText } from './text.js';

/** Reason presets the enforcement dialog offers; the admin adds free text to one. */
export const ENFORCEMENT_REASON_PRESETS = [
  'Scam or fraud',
  'Off-platform payment or contact',
  'Prohibited item',
  'Shill bidding',
  'Unpaid wins',
  'Items not shipped',
  'Harassment or abuse',
  'Spam',
  'Other',
] as const;

/** A suspension needs its end date; only suspensions take one (a user's and a ring's enforcement alike). */
export function checkEnforcementUntil(
  body: { action: EnforcementAction; until?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (body.action === 'suspend' && body.until === undefined) {
    context.addIssue({ code: 'custom', path: ['until'], message: 'a suspension needs an end date (until)' });
  }
  if (body.until !== undefined && body.action !== 'suspend' && body.action !== 'suspendSelling') {
    context.addIssue({ code: 'custom', path: ['until'], message: `until does not apply to ${body.action}` });
  }
}

/** What every enforcement says besides its action: why, the message to the user, and until when. */
export const ENFORCEMENT_DETAILS = {
  reason: singleLineText().trim().min(1).max(500),
  message: freeText().trim().max(2000).optional(),
  until: isoDate.optional(),
};

export const EnforcementBody = z
  .strictObject({ action: z.enum(ENFORCEMENT_ACTIONS), ...ENFORCEMENT_DETAILS })
  .superRefine(checkEnforcementUntil);
export type EnforcementBody = z.infer<typeof EnforcementBody>;

/** What an enforcement would touch now (`enforcement-impact`). */
export const EnforcementImpact = z.object({
  activeListings: z.number().int().nonnegative(),
  liveAuctions: z.number().int().nonnegative(),
  leadingBids: z.number().int().nonnegative(),
  unpaidWins: z.number().int().nonnegative(),
  openOrdersAsBuyer: z.number().int().nonnegative(),
  openOrdersAsSeller: z.number().int().nonnegative(),
  pendingPayoutCents: z.number().int().nonnegative(),
});
export type EnforcementImpact = z.infer<typeof EnforcementImpact>;

/** The admin who acted, as the audit log, notes and enforcement history name them. */
const AdminRef = z.object({ uid: storedLine(), email: storedLine().nullable() });

/** One enforcement in a user's history. */
export const EnforcementRecord = z.object({
  id,
  action: z.enum(ENFORCEMENT_ACTIONS),
  reason: storedLine(),
  message: storedText().nullable(),
  until: isoDate.nullable(),
  admin: AdminRef,
  createdAt: isoDate,
});
export type EnforcementRecord = z.infer<typeof EnforcementRecord>;

/** The record types the audit log names (admin-log.ts writes them). */
export const AUDIT_RECORD_TYPES = [
  'user',
  'seller_request',
  'listing',
  'order',
  'subcategory',
  'rating',
  'auction_message',
  'chat',
  'chat_message',
  'note',
  'review_case',
  'macro',
  'review_queue',
  // A team member's admin rights (the record id is their Firebase uid).
  'admin',
  'block',
  // Policy (ARCHITECTURE.md, "Policy"): a rule and a named list rules read.
  'rule',
  'policyList',
  // What seller levels do (the record id is `seller-levels`).
  'seller_levels',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export const AuditEntry = z.object({
  id,
  admin: AdminRef,
  /**
   * Beside DECISIONS' fields: the rule whose action this is, when the admin is `rule:<id>`, with
   * its name as the log shows it (absent on an entry pushed live, which the app names by its id).
   */
  byRule: z.object({ id, name: storedLine() }).optional(),
  action: storedText(),
  recordType: storedText(),
  recordId: storedLine(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The records that have a timeline and take notes. */
export const NOTE_RECORD_TYPES = ['user', 'listing', 'order'] as const;
export type NoteRecordType = (typeof NOTE_RECORD_TYPES)[number];

export const NoteBody = z.strictObject({
  recordType: z.enum(NOTE_RECORD_TYPES),
  recordId: id,
  text: freeText().trim().min(1).max(2000),
});

export const Note = z.object({
  id,
  recordType: z.enum(NOTE_RECORD_TYPES),
  recordId: id,
  text: storedText(),
  admin: AdminRef,
  createdAt: isoDate,
});
export type Note = z.infer<typeof Note>;

export const TIMELINE_KINDS = [
  'adminAction',
  'note',
  'enforcement',
  'reviewCase',
  'signUp',
  'sellerRequest',
  'order',
  'strike',
  'listingPublished',
  'listingEdited',
  'bid',
  'listingEnded',
  'statusChange',
  'transaction',
  'label',
  'refund',
  // An admin's hold on a listing or an order's payout, placed or lifted.
  'hold',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** A record a timeline entry or a picture row opens. */
export const RecordRef = z.object({ type: z.enum(['user', 'listing', 'order']), id });
export type RecordRef = z.infer<typeof RecordRef>;

export const TimelineItem = z.object({
  at: isoDate,
  kind: z.enum(TIMELINE_KINDS),
  /** Free text: a note's whole text (up to 2,000 characters), an enforcement with its reason. */
  summary: storedText(),
  /** Who did it: an admin's email, a user's name, or null for the system. */
  actor: storedLine().nullable(),
  ref: RecordRef.nullable(),
});
export type TimelineItem = z.infer<typeof TimelineItem>;

export const PictureOrder = z.object({
  id,
  listingTitle: storedLine(),
  /** The other side: the seller of a purchase, the buyer of a sale. */
  counterpart: UserRef,
  price: usd,
  status: z.enum(ORDER_STATUSES),
  createdAt: isoDate,
});
export const PictureListing = z.object({
  id,
  title: storedLine(),
  listingType: z.enum(LISTING_TYPES),
  status: z.enum(LISTING_STATUSES),
  deleted: z.boolean(),
  createdAt: isoDate,
});
export const PictureReport = z.object({
  id,
  listing: z.object({ id, title: storedLine() }),
  reportType: z.enum(REPORT_TYPES),
  text: storedText().nullable(),
  reporter: ProfileRef,
  createdAt: isoDate,
  resolvedAt: isoDate.nullable(),
});
/** What ties two accounts (a shared hard identifier); `email` is the same canonical email (`canonicalEmail`). */
export const LINK_KINDS = ['address', 'phone', 'cardFingerprint', 'payoutAccount', 'deviceToken', 'email'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LinkedAccount = z.object({ user: UserRef, via: z.array(z.enum(LINK_KINDS)).max(ANSWER_ITEMS_MAX).min(1) });

const section = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int().nonnegative(), items: z.array(item).max(ANSWER_ITEMS_MAX) });

/** Everything about one user a support agent or moderator needs, each row a link. */
export const UserPicture = z.object({
  ordersAsBuyer: section(PictureOrder),
  ordersAsSeller: section(PictureOrder),
  listings: section(PictureListing),
  ratingsReceived: section(Rating),
  ratingsGiven: section(Rating),
  reports: section(PictureReport),
  strikes: z.object({ paymentFailed: z.number().int().nonnegative(), warnings: z.number().int().nonnegative() }),
  enforcements: z.array(EnforcementRecord).max(ANSWER_ITEMS_MAX),
  linkedAccounts: z.array(LinkedAccount).max(ANSWER_ITEMS_MAX),
});
export type UserPicture = z.infer<typeof UserPicture>;
/** Rows each section of the picture lists (its `count` is the whole number). */
export const PICTURE_SECTION_LIMIT = 20;
