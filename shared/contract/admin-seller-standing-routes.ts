// A seller's standing (DECISIONS "Sellers over time"): the window of orders it is judged on, the
// metrics that decide the level, the level and where it is heading, and what the level does.
// Spread into the admin route table (admin-api.ts).
import { z } from 'zod';
import { id, isoDate } from './entities.js';
import { SELLER_LEVELS } from '../rules/seller-level.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });
const rate = z.number().min(0).max(1);

export const SellerStanding = z.object({
  level: z.enum(SELLER_LEVELS),
  /** The level in 7 days if nothing else happens: older orders leave the window, unshipped ones fall late. */
  projectedLevel: z.enum(SELLER_LEVELS),
  window: z.object({ from: isoDate, to: isoDate, orders: z.number().int().nonnegative() }),
  metrics: z.object({
    /** Fractions of the window's orders (0.02 is 2%); 0 without orders. */
    defectRate: rate,
    lateShipmentRate: rate,
    /** Of the chats a buyer opened in the window, the fraction the seller answered within 24 hours; null without any. */
    replyWithin24hRate: rate.nullable(),
    /** The average of the window's ratings (1–5); null without any. */
    averageRating: z.number().min(1).max(5).nullable(),
  }),
  effects: z.object({
    /** Days a payout waits after delivery on top of the release rule. */
    payoutHoldDays: z.number().int().nonnegative(),
    /** Active listings the seller may have at once; null for no cap. */
    activeListingCap: z.number().int().positive().nullable(),
  }),
});
export type SellerStanding = z.infer<typeof SellerStanding>;

export const sellerStandingRoutes = {
  'users.sellerStanding': {
    description:
      "A seller's standing: the window of orders it is judged on (90 days, 365 under 100 orders), its defect, late-shipment, reply and rating metrics, its level and projected level, and the level's effects.",
    method: 'GET',
    path: '/admin/users/:id/seller-standing',
    params: byId,
    response: SellerStanding,
  },
} as const satisfies Record<string, RouteDef>;
