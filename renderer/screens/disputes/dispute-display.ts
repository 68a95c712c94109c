// How a chargeback reads in the case drawer: Stripe's status in words, whether evidence can still
// be sent (and why not), and the note's check before Submit evidence is offered.
import {
  CLOSED_DISPUTE_STATUSES,
  type DisputeStatus,
  type OrderDispute,
} from '../../../shared/contract/admin-dispute-routes.js';

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  warning_needs_response: 'Inquiry: needs a response',
  warning_under_review: 'Inquiry: under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Needs a response',
  under_review: 'Evidence under review',
  won: 'Won',
  lost: 'Lost',
};

/** Stripe's reason code in words: `product_not_received` → 'product not received'. */
export const disputeReasonText = (reason: string): string => reason.replaceAll('_', ' ');

export const NOTE_MAX = 5000;

/** Why the evidence cannot be sent now, or null when it can. */
export function submitRefusal(dispute: Pick<OrderDispute, 'status' | 'submittedAt'>): string | null {
  if (dispute.submittedAt !== null) return 'The evidence was sent.';
  if ((CLOSED_DISPUTE_STATUSES as readonly string[]).includes(dispute.status)) {
    return 'The dispute is closed: no evidence can be sent.';
  }
  return null;
}

/** The note's problem as typed, or null when it may be sent. */
export function noteProblem(note: string): string | null {
  if (note.trim() === '') return 'Write a note for the bank: what the evidence shows.';
  if (note.length > NOTE_MAX) return `The note is too long (at most ${NOTE_MAX} characters).`;
  return null;
}
