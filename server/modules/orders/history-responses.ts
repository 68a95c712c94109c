// What the routes of history-routes.ts answer. Each area's schemas now live in its contract
// (shared/contract/market/<area>.ts) and are re-exported here under their old names for
// tests/market/openapi.test.ts, which holds each to what its service returns. The PDF of
// `GET /bulk-shipping/{id}/document` is bytes, not JSON: it has no schema.
import { z } from 'zod';
import { AdminListing, id, isoDate, listResponse, usd } from '../../../shared/contract/entities.js';
import { LISTING_STATUSES } from '../../../shared/contract/enums.js';

const count = z.number().int().nonnegative();
/** Epoch milliseconds as a string, as the apps read a listing's end time. */
const epochMsText = AdminListing.shape.endTime.unwrap();

// ── Orders and reviews (shared/contract/market/orders.ts) ──

export {
  OrderHistory,
  OrderHistoryItem,
  PendingReviews,
  PublicOrders,
  SkippedReviews,
} from '../../../shared/contract/market/orders.js';

// ── Shipping options, address check, quotes, bulk shipping documents: shared/contract/market/fulfilment.ts ──

// ── Notifications by type: shared/contract/market/community.ts ──

export {
  NewMessageNotification,
  NotificationsMarkedByTypes,
  UnreadCountsByType,
} from '../../../shared/contract/market/community.js';

// ── A user's bids ──

export const UniqueBidAuctions = listResponse(
  z.object({
    listing: z.object({
      id,
      title: z.string(),
      status: z.enum(LISTING_STATUSES),
      endTime: epochMsText.nullable(),
      currentBid: usd.nullable(),
      bidCount: count,
    }),
    /** The user's highest shown bid on it (never their hidden maximum). */
    highestBid: usd,
    bids: count,
    lastBidAt: isoDate,
    /** On an ended auction, whether they won it. */
    isLeading: z.boolean(),
  }),
);
