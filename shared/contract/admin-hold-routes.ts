// Holds (DECISIONS "Rings and remedies"), spread into the admin route table: an admin holds a
// listing (it takes no bids, purchases, offers or giveaway entries and is not closed; released,
// its end moves on by the time held) or the seller's payout of an order (not released until the
// hold is lifted). Each answers the record with its `hold` / `payoutHold`.
import { z } from 'zod';
import { AdminListing, id, SoldListing } from './entities.js';
import type { RouteDef } from './route-def.js';
import { singleLineText } from './text.js';

const byId = z.strictObject({ id });

export const HoldBody = z.strictObject({ reason: singleLineText().trim().min(1).max(500) });
export type HoldBody = z.infer<typeof HoldBody>;

export const adminHoldRoutes = {
  'listings.hold': {
    description:
      'Holds an active listing with a reason: bids, purchases, offers and giveaway entries answer 409 listingOnHold and the closer skips it until released.',
    method: 'POST',
    path: '/admin/listings/active/:id/hold',
    params: byId,
    body: HoldBody,
    response: AdminListing,
  },
  'listings.releaseHold': {
    description: "Releases a listing's hold: its end time moves on by the time it was held.",
    method: 'DELETE',
    path: '/admin/listings/active/:id/hold',
    params: byId,
    response: AdminListing,
  },
  'orders.holdPayout': {
    description: "Holds the seller's payout of an order with a reason: it is not released until the hold is lifted.",
    method: 'POST',
    path: '/admin/listings/order/:id/payout-hold',
    params: byId,
    body: HoldBody,
    response: SoldListing,
  },
  'orders.releasePayoutHold': {
    description: "Lifts the hold on an order's payout: released at once when its release time has passed.",
    method: 'DELETE',
    path: '/admin/listings/order/:id/payout-hold',
    params: byId,
    response: SoldListing,
  },
} as const satisfies Record<string, RouteDef>;
