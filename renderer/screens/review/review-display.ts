// How the review queue shows a case: the words for sources, outcomes and priorities, its age, and
// its excerpt cut into plain and matched pieces so the matched spans can be highlighted.
import type {
  ReviewCase,
  ReviewCaseMatch,
  ReviewCaseSource,
  ReviewOutcome,
  ReviewPriority,
  ReviewSubjectType,
} from '../../../shared/contract/review-cases.js';

export const SOURCE_LABELS: Record<ReviewCaseSource, string> = {
  listingReport: 'Listing report',
  orderIssue: 'Order issue',
  supportRequest: 'Support request',
  contactMessage: 'Contact message',
  offPlatformContact: 'Off-platform contact',
  paymentHandle: 'Payment handle',
  auctionIntegrity: 'Auction integrity',
  appeal: 'Appeal',
  block: 'Block',
  rule: 'Policy rule',
  dispute: 'Chargeback dispute',
};

export const SUBJECT_LABELS: Record<ReviewSubjectType, string> = {
  user: 'User',
  listing: 'Listing',
  order: 'Order',
  chatMessage: 'Chat message',
  auctionMessage: 'Auction message',
  none: 'None',
};

export const OUTCOME_LABELS: Record<ReviewOutcome, string> = {
  dismissed: 'Dismiss',
  contentRemoved: 'Remove content',
  userWarned: 'Warn user',
  sellingSuspended: 'Suspend selling',
  accountSuspended: 'Suspend account',
  refunded: 'Refunded',
  answered: 'Answered',
  appealGranted: 'Grant appeal',
  appealDenied: 'Deny appeal',
};

export const PRIORITY_INTENT: Record<ReviewPriority, 'danger' | 'warning' | 'none'> = {
  high: 'danger',
  normal: 'warning',
  low: 'none',
};

/** What a moderator may choose for a case: content removal only where there is content; an appeal is granted or denied. */
export function outcomesFor(
  subjectType: ReviewSubjectType,
  support: boolean,
  source?: ReviewCaseSource,
): ReviewOutcome[] {
  if (source === 'appeal') return ['appealGranted', 'appealDenied'];
  const content = ['chatMessage', 'auctionMessage', 'listing'].includes(subjectType);
  const moderation: ReviewOutcome[] = [
    'dismissed',
    ...(content ? (['contentRemoved'] as const) : []),
    'userWarned',
    'sellingSuspended',
    'accountSuspended',
  ];
  return support ? ['answered', 'refunded', 'dismissed', 'userWarned'] : moderation;
}

/** "42s", "5m", "3h", "2d": how long a case has waited. */
export function ageOf(createdAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

/**
 * The time left until a case is due, "3h 20m", "45m", "2d 4h", or how long it is overdue,
 * "overdue 1h 5m" (never negative).
 */
export function timeLeftOf(dueAt: string, now: number): { text: string; overdue: boolean } {
  const ms = Date.parse(dueAt) - now;
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const span = days > 0 ? `${days}d ${hours}h` : hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
  return ms < 0 ? { text: `overdue ${span}`, overdue: true } : { text: span, overdue: false };
}

export interface Segment {
  text: string;
  kind: ReviewCaseMatch['kind'] | null;
}

/**
 * The excerpt as plain and matched pieces, in order. Each match's text is found in the excerpt
 * (the first place not already taken); overlapping matches keep the earlier, longer one.
 */
export function highlightSegments(excerpt: string, matches: readonly ReviewCaseMatch[]): Segment[] {
  const spans: { start: number; end: number; kind: ReviewCaseMatch['kind'] }[] = [];
  for (const match of matches) {
    if (!match.text) continue;
    let from = 0;
    for (;;) {
      const start = excerpt.indexOf(match.text, from);
      if (start < 0) break;
      const end = start + match.text.length;
      if (!spans.some((s) => start < s.end && end > s.start)) {
        spans.push({ start, end, kind: match.kind });
        break;
      }
      from = start + 1;
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) segments.push({ text: excerpt.slice(at, span.start), kind: null });
    segments.push({ text: excerpt.slice(span.start, span.end), kind: span.kind });
    at = span.end;
  }
  if (at < excerpt.length) segments.push({ text: excerpt.slice(at), kind: null });
  return segments;
}

/**
 * The subject in a few words: "Chat message by jane", "Listing of bob", "Order: ann", and for
 * auction integrity "Auction, suspect: joe" (the user of that case is the top suspect bidder).
 */
export function subjectOf(
  item: Pick<ReviewCase, 'subjectType' | 'subjectUser'> & { source?: ReviewCaseSource },
): string {
  const who = item.subjectUser?.userName ?? item.subjectUser?.email;
  const label = SUBJECT_LABELS[item.subjectType];
  if (item.source === 'auctionIntegrity') return who ? `Auction, suspect: ${who}` : 'Auction';
  if (!who) return label;
  return item.subjectType === 'chatMessage' || item.subjectType === 'auctionMessage'
    ? `${label} by ${who}`
    : item.subjectType === 'listing'
      ? `${label} of ${who}`
      : `${label}: ${who}`;
}

/**
 * The case j (step 1) or k (step -1) opens: the one after or before the open case, else after or
 * before the row that has the focus, else the first; none past either end (the key does nothing).
 */
export function caseToOpen(
  ids: readonly string[],
  openId: string | undefined,
  focusedId: string | undefined,
  step: 1 | -1,
) {
  const from = ids.indexOf(openId ?? focusedId ?? '');
  if (from === -1) return ids[0];
  return ids[from + step];
}
