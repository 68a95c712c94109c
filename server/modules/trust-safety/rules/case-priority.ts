// How urgent a review case is, from its signal and the context around it. High: a scam report, a
// payment handle in a chat tied to an unpaid or open order (the deal is about to leave the
// platform), an auction-integrity score over the threshold, or any case on a user who already has
// payment-failed strikes. Low: what rarely needs a moderator quickly (an "other" report, a
// contact-us message). Everything else is normal.
import type { ReviewCaseSource, ReviewPriority } from '../../../../shared/contract/review-cases.js';

export interface PriorityContext {
  source: ReviewCaseSource;
  /** A listing report's type (`nudity`, `harmful`, `scam`, `other`). */
  reportType?: string | undefined;
  /** The chat of a flagged message has an order between its two users that is unpaid or not yet delivered. */
  chatHasOpenOrder?: boolean | undefined;
  /** Payment-failed strikes of the user the case is about. */
  subjectUserStrikes?: number | undefined;
  /** A policy rule's case: the priority its author gave the rule. */
  rulePriority?: ReviewPriority | undefined;
}

export function casePriority(context: PriorityContext): ReviewPriority {
  if ((context.subjectUserStrikes ?? 0) > 0) return 'high';
  switch (context.source) {
    case 'listingReport':
      return context.reportType === 'scam' ? 'high' : context.reportType === 'other' ? 'low' : 'normal';
    case 'paymentHandle':
      return context.chatHasOpenOrder ? 'high' : 'normal';
    case 'auctionIntegrity':
      return 'high';
    case 'contactMessage':
      return 'low';
    case 'rule':
      return context.rulePriority ?? 'normal';
    default:
      return 'normal';
  }
}

const RANK: Record<ReviewPriority, number> = { high: 0, normal: 1, low: 2 };

/** A joining signal can raise a case's priority, never lower it. */
export function higherPriority(a: ReviewPriority, b: ReviewPriority): ReviewPriority {
  return RANK[a] <= RANK[b] ? a : b;
}
