// What the routes of order-history.ts answer: order history, reviews, shipping tools, bulk shipping
// documents, notifications by type, a user's bid auctions. As in responses.ts, the serializer
// checks every answer against its schema (a mismatch is a 500) and drops fields a schema leaves
// out, so each names exactly what its service returns (tests/market/openapi.test.ts holds them to
// it). The PDF of `GET /bulk-shipping/{id}/document` is bytes, not JSON: it has no schema here.
import { z } from 'zod';
import { AdminListing, id, isoDate, listResponse, ProfileRef, usd } from '../../../shared/contract/entities.js';
import {
  FILE_STATUSES,
  LABEL_SIZES,
  LISTING_STATUSES,
  LISTING_TYPES,
  MASS_UNITS,
  NOTIFICATION_TYPES,
  SHIPPING_TYPES,
} from '../../../shared/contract/enums.js';
import { SHIPPING_SERVICES, type ShippingServiceId } from '../fulfilment/rules/rate-table.js';
import { SellerOrder } from '../../market-responses.js';

const count = z.number().int().nonnegative();
/** Epoch milliseconds as a string, as the specification writes a listing's end time. */
const epochMsText = AdminListing.shape.endTime.unwrap();
const UserName = z.object({ id, userName: z.string().nullable() });

// ── Orders and reviews ──

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
    listing: z.object({ id, title: z.string() }),
    seller: ProfileRef,
    price: usd,
    deliveredAt: isoDate.nullable(),
    createdAt: isoDate,
  }),
);
export const SkippedReviews = z.object({
  orderIds: z.array(id),
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
      title: z.string(),
      listingType: z.enum(LISTING_TYPES),
      video: z.string().nullable(),
      /** The buy-now price, or an auction's final bid; null for a giveaway. */
      price: usd.nullable(),
    }),
    seller: ProfileRef,
  }),
);

// ── Shipping options, address check, quotes ──

const shippingService = z.enum(SHIPPING_SERVICES.map(({ service }) => service) as [ShippingServiceId]);
const deliveryDays = z.object({ min: count, max: count });

export const ShippingOptions = z.object({
  services: z.array(
    z.object({
      service: shippingService,
      name: z.string(),
      /** Business days, as the carrier advertises them. */
      deliveryDays,
      maxWeightOz: z.number().positive(),
      /** Longest side plus girth, in inches. */
      maxLengthPlusGirthIn: z.number().positive(),
    }),
  ),
  shippingTypes: z.array(z.enum(SHIPPING_TYPES)).readonly(),
  defaultShippingType: z.enum(SHIPPING_TYPES),
  labelSizes: z.array(z.enum(LABEL_SIZES)).readonly(),
  massUnits: z.array(z.enum(MASS_UNITS)).readonly(),
  defaultMassUnit: z.enum(MASS_UNITS),
  defaultPackageWeightOz: z.number().positive(),
  defaultMinPackageWeightOz: z.number().positive(),
  dimensionalWeight: z.object({ divisor: z.number().positive(), appliesAboveCubicInches: z.number().positive() }),
});

const fieldError = z.string().optional();
/** Valid: the address as a label prints it. Invalid: a message per field, shown beside it. */
export const AddressValidation = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    address: z.object({
      firstName: z.string(),
      lastName: z.string(),
      addressLineOne: z.string(),
      addressLineTwo: z.string().nullable(),
      city: z.string(),
      /** The USPS two-letter code. */
      state: z.string(),
      zipCode: z.string(),
      country: z.literal('US'),
    }),
  }),
  z.object({
    valid: z.literal(false),
    errors: z.object({
      firstName: fieldError,
      lastName: fieldError,
      addressLineOne: fieldError,
      addressLineTwo: fieldError,
      city: fieldError,
      state: fieldError,
      zipCode: fieldError,
      country: fieldError,
    }),
  }),
]);

export const ShippingQuote = z.object({
  zone: z.number().int().min(1),
  actualWeightOz: z.number().nonnegative(),
  /** 0 when the parcel is one cubic foot or less (or a side is unknown). */
  dimensionalWeightOz: z.number().nonnegative(),
  minPackageWeightOz: z.number().nonnegative(),
  billableWeightOz: z.number().nonnegative(),
  /** Every service, cheapest first; one that refuses the parcel says why. */
  rates: z.array(
    z.discriminatedUnion('available', [
      z.object({ service: shippingService, name: z.string(), available: z.literal(true), amount: usd, deliveryDays }),
      z.object({ service: shippingService, name: z.string(), available: z.literal(false), reason: z.string() }),
    ]),
  ),
});

// ── Bulk shipping documents ──

const fileStatus = z.enum(FILE_STATUSES);
export const ShippingDocumentJob = z.object({
  id,
  fileStatus,
  labelSize: z.enum(LABEL_SIZES),
  /** Where the PDF downloads, once Generated. */
  url: z.string().nullable(),
  pageCount: count.nullable(),
  failureReason: z.string().nullable(),
  orders: z.array(
    z.object({
      orderId: id,
      title: z.string(),
      fileStatus,
      failureReason: z.string().nullable(),
      /** The document opened at this order's label (`#page=N`). */
      url: z.string().nullable(),
    }),
  ),
  createdAt: isoDate,
  updatedAt: isoDate,
  generatedAt: isoDate.nullable(),
});
export const ShippingDocumentJobs = listResponse(ShippingDocumentJob);

/** The orders a bulk document can take, by buyer: `count` buyers, `orders` orders in all. */
export const BulkShippable = z.object({
  count,
  orders: count,
  items: z.array(z.object({ buyer: UserName, orders: z.array(SellerOrder), count })),
});

// ── Notifications by type ──

/** Every type of the spec's list, 0 included. */
const byType = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, count])) as Record<
    (typeof NOTIFICATION_TYPES)[number],
    typeof count
  >,
);
export const UnreadCountsByType = z.object({ total: count, byType });
export const NotificationsMarkedByTypes = UnreadCountsByType.extend({ marked: count });
export const NewMessageNotification = z.object({
  id,
  /** The other participant, who is notified. */
  userId: id,
  type: z.literal('newMessage'),
  title: z.string(),
  /** The message's preview. */
  body: z.string(),
  data: z.object({ chatId: id, senderId: id, messageId: id }),
  isRead: z.boolean(),
  createdAt: isoDate,
});

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
