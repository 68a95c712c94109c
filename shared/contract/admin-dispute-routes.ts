// A chargeback on an order (DECISIONS "Sellers over time", Disputes): what the buyer's bank
// disputes, by when we must answer, and the evidence packet assembled from our own records, which
// a moderator reviews in the dispute's review case and submits. Spread into the admin route table.
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedText } from './answer-limits.js';
import { id, isoDate, usd } from './entities.js';
import type { RouteDef } from './route-def.js';
import { freeText } from './text.js';

const byId = z.strictObject({ id });

/** Stripe's dispute statuses, as its events carry them. */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** A dispute in one of these is over: nothing more can be sent. */
export const CLOSED_DISPUTE_STATUSES = ['warning_closed', 'won', 'lost'] as const satisfies DisputeStatus[];

export const DisputeEvidence = z.object({
  /** The order's shipment: its tracking code and when it shipped and was delivered (null: not yet). */
  deliveryProof: z.object({
    trackingCode: storedLine().nullable(),
    shippedAt: isoDate.nullable(),
    deliveredAt: isoDate.nullable(),
    /** Where it went, one line (the buyer's current address), or null. */
    shippingAddress: storedLine().nullable(),
  }),
  /** The messages between the buyer and the seller, oldest first. */
  chatTranscript: z
    .array(z.object({ at: isoDate, from: z.enum(['buyer', 'seller']), text: storedText() }))
    .max(ANSWER_ITEMS_MAX),
  /** An auction's bids, oldest first; the buyer's marked. Empty for a sale without bids. */
  bidHistory: z
    .array(z.object({ at: isoDate, amount: usd, byBuyer: z.boolean(), voided: z.boolean() }))
    .max(ANSWER_ITEMS_MAX),
  /** The public addresses the buyer signed up and signed in from, newest first. */
  ipAddresses: z.array(z.object({ ip: storedLine(), at: isoDate })).max(ANSWER_ITEMS_MAX),
  /** The devices the buyer used, most recently seen first. */
  deviceTokens: z.array(z.object({ token: storedLine(), lastSeenAt: isoDate })).max(ANSWER_ITEMS_MAX),
});
export type DisputeEvidence = z.infer<typeof DisputeEvidence>;

export const OrderDispute = z.object({
  /** Stripe's dispute id (dp_…). */
  id: storedLine(),
  orderId: id,
  status: z.enum(DISPUTE_STATUSES),
  /** Stripe's reason code (fraudulent, product_not_received, …). */
  reason: storedLine(),
  amount: usd,
  /** Stripe's evidence deadline; the review case is due a day before. */
  dueBy: isoDate,
  evidence: DisputeEvidence,
  /** When the evidence was sent, with the moderator's note; null until then. */
  submittedAt: isoDate.nullable(),
  submissionNote: storedText().nullable(),
});
export type OrderDispute = z.infer<typeof OrderDispute>;

export const DisputeSubmitBody = z.strictObject({ note: freeText().trim().min(1).max(5000) });
export type DisputeSubmitBody = z.infer<typeof DisputeSubmitBody>;

export const adminDisputeRoutes = {
  'orders.dispute': {
    description:
      "An order's chargeback: Stripe's status, reason, amount and evidence deadline, and the evidence packet assembled from our records (delivery, the buyer-seller chat, the bids, the buyer's IPs and devices). 404 when the order has no dispute.",
    method: 'GET',
    path: '/admin/listings/order/:id/dispute',
    params: byId,
    response: OrderDispute,
  },
  'orders.submitDispute': {
    description:
      "Sends the dispute's evidence packet with a note (to Stripe where it is configured; recorded on the local ledger). Sending again answers the dispute as sent, without sending twice; 409 once the dispute is closed.",
    method: 'POST',
    path: '/admin/listings/order/:id/dispute/submit',
    params: byId,
    body: DisputeSubmitBody,
    response: OrderDispute,
  },
} as const satisfies Record<string, RouteDef>;
