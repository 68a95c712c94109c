// The buyer/seller API's orders area: purchases (buy now, paying a failed order again), offers,
// the caller's orders and order history, a user's public sales, and the reviews an order awaits
// (what server/modules/orders answers and accepts). The serializer checks every answer against
// its schema and drops fields a schema leaves out, so each names exactly what its service returns.
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedText, storedUrl } from '../answer-limits.js';
import { id, isoDate, listResponse, ProfileRef, usd } from '../entities.js';
import { LABEL_SIZES, LISTING_TYPES, OFFER_STATUSES, ORDER_STATUSES, SHIPPING_MANAGER_SECTIONS } from '../enums.js';

const count = z.number().int().nonnegative();
const orderStatus = z.enum(ORDER_STATUSES);
const UserName = z.object({ id, userName: storedLine().nullable() });

/** A price a buyer names (a bid, an offer): more than $0. */
export const positiveUsd = usd.refine((amount) => amount > 0, 'must be more than 0');

// ── Purchases ──

export const PurchaseBody = z.strictObject({ listingId: id, quantity: z.number().int().min(1).max(100).default(1) });
export const RetryPaymentBody = z.strictObject({ orderId: id });

/** A purchase's order; a declined card answers 402 instead, so PAYMENT_FAILED is not seen there. */
export const PlacedOrder = z.object({ orderId: id, status: z.enum(['PAYMENT_CONFIRMED', 'PAYMENT_FAILED']) });
export const OrderSummaries = listResponse(
  z.object({
    id,
    listing: z.object({ id, title: storedLine() }),
    sellerId: id,
    buyerId: id,
    price: usd,
    shippingPrice: usd,
    status: orderStatus,
    /** Worded for the side asking (buyer or seller). */
    statusLabel: storedLine(),
    trackingCode: storedLine().nullable(),
    createdAt: isoDate,
  }),
);

/** An order as its seller sees it in the shipping manager (`sellerOrderOf`). */
export const SellerOrder = z.object({
  id,
  listing: z.object({ id, title: storedLine() }),
  buyer: z.object({ id, userName: storedLine().nullable() }),
  price: usd,
  shippingPrice: usd,
  status: orderStatus,
  statusLabel: storedLine(),
  /** null once the order left the shipping manager (or before it was paid). */
  section: z.enum(SHIPPING_MANAGER_SECTIONS).nullable(),
  trackingCode: storedLine().nullable(),
  labelSize: z.enum(LABEL_SIZES).nullable(),
  labelUrl: storedUrl().nullable(),
  labelFailureReason: storedText().nullable(),
  shippedAt: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
  createdAt: isoDate,
});

// ── Offers ──

export const OfferBody = z.strictObject({ listingId: id, amount: positiveUsd });
export const Offer = z.object({
  id,
  listingId: id,
  listingTitle: storedLine(),
  buyerId: id,
  sellerId: id,
  amount: usd,
  status: z.enum(OFFER_STATUSES),
  createdAt: isoDate,
  expiresAt: isoDate,
});
export const Offers = listResponse(Offer);
export const AcceptedOffer = Offer.extend({ orderId: id, orderStatus: PlacedOrder.shape.status });

// ── Order history and reviews ──

/**
 * One order of the caller's history (`GET /order`): the seller reads it as the shipping manager
 * shows it; the buyer without the seller's label details, with the buyer-facing label.
 */
export const OrderHistoryItem = z.discriminatedUnion('role', [
  SellerOrder.extend({ role: z.literal('seller'), seller: UserName }),
  SellerOrder.pick({
    id: true,
    listing: true,
    price: true,
    shippingPrice: true,
    status: true,
    statusLabel: true,
    trackingCode: true,
    shippedAt: true,
    deliveredAt: true,
    createdAt: true,
  }).extend({ role: z.literal('buyer'), seller: UserName }),
]);
export const OrderHistory = listResponse(OrderHistoryItem);

/** The buyer's delivered orders still awaiting a review, most recently delivered first. */
export const PendingReviews = listResponse(
  z.object({
    id,
    listing: z.object({ id, title: storedLine() }),
    seller: ProfileRef,
    price: usd,
    deliveredAt: isoDate.nullable(),
    createdAt: isoDate,
  }),
);
export const SkippedReviews = z.object({
  orderIds: z.array(id).max(ANSWER_ITEMS_MAX),
  /** How many were not skipped before (skipping twice changes nothing). */
  newlySkipped: count,
});

/** A sale as anyone may see it: never the buyer, the amount paid, the status or an address. */
export const PublicOrders = listResponse(
  z.object({
    id,
    soldAt: isoDate,
    listing: z.object({
      id,
      title: storedLine(),
      listingType: z.enum(LISTING_TYPES),
      video: storedUrl().nullable(),
      /** The buy-now price, or an auction's final bid; null for a giveaway. */
      price: usd.nullable(),
    }),
    seller: ProfileRef,
  }),
);
