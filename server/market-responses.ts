// What the buyer/seller routes of index.ts and public.ts answer. The serializer checks every answer
// against its schema (a mismatch is a 500) and drops fields the schema does not name, and the
// OpenAPI document shows it; so each schema names exactly what its service in server/market/
// returns (tests/market/openapi.test.ts holds them to it). Contract shapes are reused as they are.
import { z } from 'zod';
import {
  Address,
  AdminListing,
  AuctionMessage,
  Chat,
  id,
  isoDate,
  listResponse,
  ProfileRef,
  Subcategory,
  usd,
} from '../shared/contract/entities.js';
import {
  LABEL_SIZES,
  LISTING_STATUSES,
  MASS_UNITS,
  OFFER_STATUSES,
  ORDER_STATUSES,
  SHIPPING_MANAGER_SECTIONS,
  SHIPPING_TYPES,
} from '../shared/contract/enums.js';
import { marketEvents } from '../shared/contract/realtime-events.js';
import {
  HOME_TABS,
  LISTING_SECTIONS,
  type ListingSection,
  USER_SECTION_KEYS,
} from './modules/catalogue/public-sections.js';

const count = z.number().int().nonnegative();
/** Epoch milliseconds as a string, as the specification writes a listing's end time. */
const epochMsText = AdminListing.shape.endTime.unwrap();
const listingStatus = z.enum(LISTING_STATUSES);
const orderStatus = z.enum(ORDER_STATUSES);

// ── The caller ──

/** `GET /user/my-details`: the marketplace user behind the token (the full account is `GET /user`). */
export const CallerDetails = z.object({
  id,
  firebaseId: z.string(),
  email: z.string(),
  userName: z.string().nullable(),
  /** The token carries the admin claim. */
  admin: z.boolean(),
});

// ── Listings ──

/** A listing as buyers and its seller read it (`listingOf`). */
export const MarketListing = AdminListing.pick({
  id: true,
  title: true,
  description: true,
  listingType: true,
  inStock: true,
  startingBid: true,
  bid: true,
  featured: true,
  createdAt: true,
  endTime: true,
  video: true,
  massUnit: true,
  weight: true,
  width: true,
  height: true,
  length: true,
}).extend({
  status: listingStatus,
  currency: z.literal('USD'),
  /** The buy-now price; null for auctions and giveaways without one. */
  price: usd.nullable(),
  bidCount: count,
  shippingType: z.enum(SHIPPING_TYPES),
  shippingCost: usd,
  /** The seller. */
  user: ProfileRef,
});
export const MarketListings = listResponse(MarketListing);

export const EnteredGiveaways = listResponse(
  z.object({ id, title: z.string(), status: listingStatus, endTime: epochMsText.nullable(), enteredAt: isoDate }),
);
export const GiveawayEntry = z.object({ id, listingId: id, entries: count });
export const AuctionFeed = listResponse(AuctionMessage);

// ── Bids ──

export const BidReceipt = z.object({
  bidId: id,
  /** leading: this bid leads; outbid: the leader's maximum beat it at once; raised_max: the leader raised their own maximum. */
  outcome: z.enum(['leading', 'outbid', 'raised_max']),
  isLeading: z.boolean(),
  currentBid: usd,
  leaderId: id,
  bidCount: count,
  /** The bidder's maximum (the amount when no maxBid was sent). */
  maxBid: usd,
  endTime: epochMsText,
});
/** One bid as anybody may see it: the shown amount, never the hidden maximum. */
export const BidItem = z.object({ id, amount: usd, createdAt: isoDate, user: ProfileRef });
export const ListingBids = listResponse(BidItem);
export const AuctionStanding = z.object({
  listingId: id,
  currentBid: usd.nullable(),
  leaderId: id.nullable(),
  bidCount: count,
  endTime: epochMsText.nullable(),
  latest: BidItem.nullable(),
});
/** The caller's own bids, with their own maximum. */
export const OwnBids = listResponse(
  BidItem.extend({
    maxBid: usd,
    listing: z.object({ id, title: z.string(), status: listingStatus }),
    isLeading: z.boolean(),
  }),
);
export const OwnMaxBid = z.object({ listingId: id, maxBid: usd.nullable() });

// ── Purchases, orders and offers ──

/** A purchase's order; a declined card answers 402 instead, so PAYMENT_FAILED is not seen there. */
export const PlacedOrder = z.object({ orderId: id, status: z.enum(['PAYMENT_CONFIRMED', 'PAYMENT_FAILED']) });
export const OrderSummaries = listResponse(
  z.object({
    id,
    listing: z.object({ id, title: z.string() }),
    sellerId: id,
    buyerId: id,
    price: usd,
    shippingPrice: usd,
    status: orderStatus,
    /** Worded for the side asking (buyer or seller). */
    statusLabel: z.string(),
    trackingCode: z.string().nullable(),
    createdAt: isoDate,
  }),
);

/** An order as its seller sees it in the shipping manager (`sellerOrderOf`). */
export const SellerOrder = z.object({
  id,
  listing: z.object({ id, title: z.string() }),
  buyer: z.object({ id, userName: z.string().nullable() }),
  price: usd,
  shippingPrice: usd,
  status: orderStatus,
  statusLabel: z.string(),
  /** null once the order left the shipping manager (or before it was paid). */
  section: z.enum(SHIPPING_MANAGER_SECTIONS).nullable(),
  trackingCode: z.string().nullable(),
  labelSize: z.enum(LABEL_SIZES).nullable(),
  labelUrl: z.string().nullable(),
  labelFailureReason: z.string().nullable(),
  shippedAt: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
  createdAt: isoDate,
});
const ShippingManagerSection = listResponse(SellerOrder);
/** Each section's count is complete; its items stop at 100. */
export const ShippingManager = z.object({
  createLabel: ShippingManagerSection,
  markShipped: ShippingManagerSection,
  shipped: ShippingManagerSection,
  delivered: ShippingManagerSection,
} satisfies Record<(typeof SHIPPING_MANAGER_SECTIONS)[number], typeof ShippingManagerSection>);

export const Addresses = listResponse(Address);

export const Offer = z.object({
  id,
  listingId: id,
  listingTitle: z.string(),
  buyerId: id,
  sellerId: id,
  amount: usd,
  status: z.enum(OFFER_STATUSES),
  createdAt: isoDate,
  expiresAt: isoDate,
});
export const Offers = listResponse(Offer);
export const AcceptedOffer = Offer.extend({ orderId: id, orderStatus: PlacedOrder.shape.status });

// ── Chat ──

export const Chats = listResponse(Chat);
/** A chat message with its chat, as `newMessage` carries it. */
export const SentMessage = marketEvents.newMessage;
export const ChatMessages = listResponse(SentMessage);
/** Unread messages across the caller's chats, as `updateUnreadCount` carries it. */
export const UnreadCount = marketEvents.updateUnreadCount;
export const MessagesMarkedRead = z.object({ chatId: id, marked: count });

// ── Ratings, following, notifications, support ──

export const GivenRating = z.object({
  id,
  orderId: id,
  sellerId: id,
  rate: z.number().int().min(1).max(5),
  experience: z.string().nullable(),
  createdAt: isoDate,
});
export const SellerRatings = z.object({
  /** Two decimals; null before the first rating. */
  avgRate: z.number().nullable(),
  totalRatings: count,
  count,
  items: z.array(
    z.object({
      id,
      orderId: id.nullable(),
      /** null when the buyer's account was deleted. */
      buyerId: id.nullable(),
      rate: z.number().int().min(1).max(5).nullable(),
      experience: z.string().nullable(),
      createdAt: isoDate,
    }),
  ),
});

export const FollowState = z.object({ followerId: id, followingId: id, following: z.boolean() });
export const IsFollowing = z.object({ following: z.boolean() });
export const Community = listResponse(ProfileRef);

export const Notifications = z.object({
  count,
  unread: count,
  items: z.array(
    z.object({
      id,
      /** A notification type of section 3 (NOTIFICATION_TYPES); stored as free text. */
      type: z.string(),
      title: z.string(),
      body: z.string().nullable(),
      /** What the notification is about (e.g. `{orderId}`, `{listingId}`); null when nothing. */
      data: z.unknown(),
      isRead: z.boolean(),
      readAt: isoDate.nullable(),
      createdAt: isoDate,
    }),
  ),
});
export const NotificationsMarkedRead = z.object({ marked: count });

export const SupportRequest = z.object({
  id,
  orderId: id.nullable(),
  issue: z.string().nullable(),
  message: z.string(),
  status: z.literal('PENDING'),
  createdAt: isoDate,
});

// ── Public reads (public.ts) ──

export const CatalogueSubcategory = Subcategory.extend({
  categoryId: id,
  isActive: z.boolean(),
  sort: z.number().int(),
  image: z.string().nullable(),
  createdAt: isoDate,
});
export const CatalogueSubcategories = listResponse(CatalogueSubcategory);
export const CatalogueCategories = listResponse(
  z.object({
    id,
    title: z.string(),
    isActive: z.boolean(),
    sort: z.number().int(),
    image: z.string().nullable(),
    createdAt: isoDate,
    subcategories: z.array(CatalogueSubcategory),
  }),
);

/** A seller as anybody may see them: no email, no payment or account details. */
export const PublicSeller = z.object({
  id,
  userName: z.string().nullable(),
  avatar: z.string().nullable(),
  avgRate: z.number().nullable(),
  totalRatings: count,
});
export const PublicSellers = listResponse(PublicSeller);

export const HomeSections = z.object({
  tab: z.enum(HOME_TABS),
  count,
  items: z.array(
    z.discriminatedUnion('type', [
      z.object({
        type: z.literal('listings'),
        key: z.enum(Object.keys(LISTING_SECTIONS) as [ListingSection, ...ListingSection[]]),
        title: z.string(),
        items: z.array(MarketListing),
      }),
      z.object({
        type: z.literal('users'),
        key: z.enum(USER_SECTION_KEYS),
        title: z.string(),
        items: z.array(PublicSeller),
      }),
    ]),
  ),
});

export const TimeZones = listResponse(z.object({ id: z.string(), label: z.string() }));

export const AppSettings = z.object({
  currency: z.literal('USD'),
  /** Percent of the sale price. */
  sellerFee: z.number().int().min(0).max(100),
  defaultPackageWeightOz: z.number().positive(),
  defaultMinPackageWeightOz: z.number().positive(),
  defaultMassUnit: z.enum(MASS_UNITS),
  defaultShippingType: z.enum(SHIPPING_TYPES),
  defaultInStock: count,
  defaultCustomAuctionEndTime: z.object({
    hour: z.number().int().min(1).max(12),
    minute: z.number().int().min(0).max(59),
    format: z.enum(['AM', 'PM']),
  }),
  defaultAuctionDurationMs: count,
  antiSnipeWindowMs: count,
  /** From each band's price up to the next band's, bids go up by `increment`. */
  bidIncrements: z.array(z.object({ from: usd, increment: usd })),
});
