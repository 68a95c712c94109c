// Reading Stripe's `charge.dispute.created`, `.updated` and `.closed` events into the dispute facts
// the disputes area keeps. The event is verified, but its object is still parsed: a shape we do not
// understand is ignored (acknowledged with a 2xx, as Stripe expects) rather than half-applied.
import { z } from 'zod';
import { DISPUTE_STATUSES } from '../../../../shared/contract/admin-dispute-routes.js';
import type { ChargeDispute } from '../hooks.js';

export const CHARGE_DISPUTE_EVENTS = {
  'charge.dispute.created': 'created',
  'charge.dispute.updated': 'updated',
  'charge.dispute.closed': 'closed',
} as const satisfies Record<string, ChargeDispute['change']>;
export type ChargeDisputeEvent = keyof typeof CHARGE_DISPUTE_EVENTS;

export const isChargeDisputeEvent = (type: string): type is ChargeDisputeEvent =>
  Object.hasOwn(CHARGE_DISPUTE_EVENTS, type);

const providerId = z.string().min(1).max(255);
/** A field Stripe sends as an id or, expanded, as the object carrying it. */
const idOrObject = z
  .union([providerId, z.object({ id: providerId })])
  .transform((v) => (typeof v === 'string' ? v : v.id));

const StripeDispute = z.object({
  id: providerId,
  object: z.literal('dispute'),
  charge: idOrObject,
  payment_intent: idOrObject.nullish(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string().min(1).max(200),
  amount: z.number().int().nonnegative(),
  created: z.number().int().positive(),
  evidence_details: z.object({ due_by: z.number().int().positive().nullish() }).nullish(),
});

/**
 * The dispute an event carries, or null when its object is not a dispute we can read. Without an
 * evidence deadline (a closed inquiry may have none) the dispute's own creation stands for it.
 */
export function chargeDisputeOf(type: ChargeDisputeEvent, object: unknown): ChargeDispute | null {
  const parsed = StripeDispute.safeParse(object);
  if (!parsed.success) return null;
  const dispute = parsed.data;
  return {
    change: CHARGE_DISPUTE_EVENTS[type],
    id: dispute.id,
    chargeId: dispute.charge,
    paymentIntentId: dispute.payment_intent ?? null,
    status: dispute.status,
    reason: dispute.reason,
    amountCents: dispute.amount,
    evidenceDueBy: new Date((dispute.evidence_details?.due_by ?? dispute.created) * 1000),
  };
}
