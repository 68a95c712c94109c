// A seller's standing (DECISIONS "Sellers over time"): the window of orders it is judged on, the
// metrics that decide the level, the level and where it is heading, and what the level does.
// Spread into the admin route table (admin-api.ts).
import { z } from 'zod';
import { storedLine } from './answer-limits.js';
import { id, isoDate } from './entities.js';
import { MAX_ACTIVE_LISTING_CAP, MAX_PAYOUT_HOLD_DAYS } from '../rules/level-effects.js';
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

/** What one level does: the payout hold days after delivery and the active-listing cap (null: none). */
export const LevelEffects = z.strictObject({
  payoutHoldDays: z.number().int().min(0).max(MAX_PAYOUT_HOLD_DAYS),
  activeListingCap: z.number().int().min(1).max(MAX_ACTIVE_LISTING_CAP).nullable(),
});
const levelKeys = <T extends z.ZodType>(value: T) =>
  z.strictObject({ new: value, belowStandard: value, standard: value, top: value });
/** Every level's effects (Settings › Seller levels). */
export const LevelEffectsTable = levelKeys(LevelEffects);
export type LevelEffectsTable = z.infer<typeof LevelEffectsTable>;
/** An edit: the levels it names take these effects, the others keep theirs. */
export const EditLevelEffects = levelKeys(LevelEffects.optional());
export type EditLevelEffects = z.infer<typeof EditLevelEffects>;

const count = z.number().int().nonnegative();
/** What an edit would do, level by level, to the sellers stored at that level now. */
export const LevelEffectsPreview = z.object({
  /** One item per level (there are four). */
  items: z
    .array(
      z.object({
        level: z.enum(SELLER_LEVELS),
        before: LevelEffects,
        after: LevelEffects,
        /** Sellers at this level (their stored level) with at least one payout not released yet. */
        sellersWithPendingPayouts: count,
        /** Those payouts: each one's release moves by the change of hold days. */
        pendingPayouts: count,
        /** Sellers at this level who already have the cap's number of active listings or more: refused a new one. */
        sellersAtCapBefore: count,
        sellersAtCapAfter: count,
      }),
    )
    .max(SELLER_LEVELS.length),
});
export type LevelEffectsPreview = z.infer<typeof LevelEffectsPreview>;

export const sellerStandingRoutes = {
  'users.sellerStanding': {
    description:
      "A seller's standing: the window of orders it is judged on (90 days, 365 under 100 orders), its defect, late-shipment, reply and rating metrics, its level and projected level, and the level's effects.",
    method: 'GET',
    path: '/admin/users/:id/seller-standing',
    params: byId,
    response: SellerStanding,
  },
  'sellerLevels.effects': {
    description: 'What each seller level does: the payout hold days after delivery and the active-listing cap.',
    method: 'GET',
    path: '/admin/seller-levels/effects',
    response: LevelEffectsTable,
  },
  'sellerLevels.previewEffects': {
    description:
      "What an edit of the levels' effects would do: per level changed, the sellers whose pending payouts move and by how many days, and the sellers at the cap before and after.",
    method: 'POST',
    path: '/admin/seller-levels/effects/preview',
    body: EditLevelEffects,
    response: LevelEffectsPreview,
  },
  'sellerLevels.updateEffects': {
    description: 'Changes what seller levels do (owner only): each level named takes its new effects; an audit entry.',
    method: 'PATCH',
    path: '/admin/seller-levels/effects',
    body: EditLevelEffects,
    response: LevelEffectsTable,
  },
} as const satisfies Record<string, RouteDef>;

/** Why an order is one of the seller's defects (one order may have several reasons; it counts once). */
export const DEFECT_REASONS = ['cancelled', 'orderIssueUpheld', 'disputeLost'] as const;
/** How many of a standing's defect orders one answer lists (the newest); `count` says how many there are. */
export const SELLER_DEFECT_ORDERS_MAX = 200;
/** The orders behind a standing's defects: the window's, newest first. */
export const SellerDefectOrders = z.object({
  count: z.number().int().nonnegative(),
  items: z
    .array(
      z.object({
        orderId: id,
        createdAt: isoDate,
        listingTitle: storedLine(),
        reasons: z.array(z.enum(DEFECT_REASONS)).min(1).max(DEFECT_REASONS.length),
      }),
    )
    .max(SELLER_DEFECT_ORDERS_MAX),
});
export type SellerDefectOrders = z.infer<typeof SellerDefectOrders>;

export const sellerDefectRoutes = {
  'users.sellerDefects': {
    description:
      "The orders behind a seller's defects in the standing's window (cancelled, an order issue upheld, a dispute lost), newest first, at most 200.",
    method: 'GET',
    path: '/admin/users/:id/seller-standing/defects',
    params: byId,
    response: SellerDefectOrders,
  },
} as const satisfies Record<string, RouteDef>;
