// The entities as zod schemas: the one definition of every shape the admin API
// answers with. Server serializers, the desktop client's parsers and the renderer's types
// all come from here.
import { SELLER_LEVELS } from '../rules/seller-level.js';
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedText, storedUrl } from './answer-limits.js';
import {
  ADDRESS_TYPES,
  APPLICATION_ERROR_CODES,
  ADMIN_ROLES,
  AUCTION_MESSAGE_TYPES,
  BLOCK_SEVERITIES,
  LASTING_ENFORCEMENTS,
  LISTING_TYPES,
  MASS_UNITS,
  ORDER_STATUSES,
  REFUND_REASONS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from './enums.js';
import { isUsdAmount } from '../rules/money.js';
import { singleLineText } from './text.js';
import { PostalAddress } from './address.js';

/**
 * A record id as a client names it (path, query or body): stored ids are uuids, but Firebase uids
 * and payment ids ride on it too, so any short single-line text; an unknown one is a 404.
 */
export const id = singleLineText().min(1).max(64);
/** An ISO 8601 date-time with an offset; 64 characters leave room for any fraction of a second. */
export const isoDate = z.iso.datetime({ offset: true }).max(64);
/**
 * The last millisecond of the year 9999, the latest time a request may name: a later one is
 * written "+010000-…" in ISO form, which PostgreSQL's timestamps refuse (a 500 the fuzz found).
 */
export const MAX_EPOCH_MS = 253_402_300_799_999;
/** Epoch milliseconds as digits: MAX_EPOCH_MS has 15. */
export const EPOCH_MS_DIGITS = 15;
/** A time a request names as epoch milliseconds in digits, up to MAX_EPOCH_MS. */
export const epochMsDigits = () =>
  z
    .string()
    .max(EPOCH_MS_DIGITS)
    .regex(/^\d+$/, 'must be epoch milliseconds')
    .refine((digits) => Number(digits) <= MAX_EPOCH_MS, 'must be a time before the year 10000');
/** The largest value of a PostgreSQL `integer` column (stock, weights and sizes are kept in one). */
export const INTEGER_COLUMN_MAX = 2_147_483_647;
/** A USD amount: a JSON number with at most 2 decimals. */
export const usd = z.number().refine(isUsdAmount, 'must be a USD amount with at most 2 decimals');

export const UserRef = z.object({ id, userName: storedLine().nullable(), email: storedLine() });
export type UserRef = z.infer<typeof UserRef>;

/** A saved address: the postal address (address.ts) with its type and contact details. */
export const Address = z.object({
  id,
  ...PostalAddress.shape,
  countryCode: storedLine().nullable(),
  phoneNumber: storedLine().nullable(),
  type: z.enum(ADDRESS_TYPES),
  createdAt: isoDate,
});
export type Address = z.infer<typeof Address>;

export const PendingRequest = z.object({
  id,
  description: storedText(),
  createdAt: isoDate,
  instagramLink: storedUrl().nullable(),
  tikTokLink: storedUrl().nullable(),
  otherProfileLink: storedUrl().nullable(),
});
export type PendingRequest = z.infer<typeof PendingRequest>;

/** The enforcement in effect on a user (suspended selling, a suspension or a ban), or null. */
export const ActiveEnforcement = z.object({
  action: z.enum(LASTING_ENFORCEMENTS),
  reason: storedLine(),
  /** null: until lifted (a ban, or selling suspended without an end). */
  until: isoDate.nullable(),
});
export type ActiveEnforcement = z.infer<typeof ActiveEnforcement>;

/**
 * The "blocked" badge (DECISIONS "Blocks"): the block in force that the account matches through
 * any of its identifiers, the strongest when several do (the most recent among equals).
 */
export const BlockedBadge = z.object({
  blockId: id,
  severity: z.enum(BLOCK_SEVERITIES),
  reason: storedText(),
});
export type BlockedBadge = z.infer<typeof BlockedBadge>;

export const AdminUser = z.object({
  id,
  userName: storedLine().nullable(),
  email: storedLine(),
  avatar: storedUrl().nullable(),
  createdAt: isoDate,
  stripeCustomerId: storedLine().nullable(),
  /** The seller's payout (connected) account id. */
  stripeUserId: storedLine().nullable(),
  paymentFailedStrikes: z.number().int().nonnegative(),
  amountSpent: usd,
  amountSold: usd,
  sellerEnabled: z.boolean(),
  pendingRequest: PendingRequest.nullable(),
  sellerFee: z.number().int().min(0).max(100),
  /** Latest DEFAULT and latest RETURN_ADDRESS address, when present. */
  shippingInfo: z.array(Address).max(ANSWER_ITEMS_MAX),
  featured: z.boolean(),
  countryCode: storedLine().nullable(),
  phoneNumber: storedLine().nullable(),
  /** What is in effect now; absent from older answers, read as null. */
  enforcement: ActiveEnforcement.nullable().default(null),
  /**
   * A block in force that the account matches, or null. Given by `GET /admin/users` and
   * `GET /admin/users/{id}`; the answers of the user's changes leave it out (read as null).
   */
  blocked: BlockedBadge.nullable().default(null),
  /** The seller level as last settled (seller standing); absent from older answers, read as `new`. */
  sellerLevel: z.enum(SELLER_LEVELS).default('new'),
});
export type AdminUser = z.infer<typeof AdminUser>;

/**
 * An admin's hold on a listing or on an order's payout (DECISIONS "Rings and remedies"): why,
 * since when, and who placed it. While a listing is held it takes no bids, purchases, offers or
 * giveaway entries and is not closed; while a payout is held it is not released.
 */
export const Hold = z.object({
  reason: storedLine(),
  since: isoDate,
  admin: z.object({ uid: storedLine(), email: storedLine() }),
});
export type Hold = z.infer<typeof Hold>;

export const AdminListing = z.object({
  id,
  title: storedLine(),
  description: storedText(),
  listingType: z.enum(LISTING_TYPES),
  inStock: z.number().int().nonnegative(),
  startingBid: usd.nullable(),
  /** The current bid (auctions). */
  bid: usd.nullable(),
  featured: z.boolean(),
  createdAt: isoDate,
  /** Epoch milliseconds as a string, as the apps have always read it. */
  endTime: z.string().max(EPOCH_MS_DIGITS).regex(/^\d+$/).nullable(),
  video: storedUrl().nullable(),
  massUnit: z.enum(MASS_UNITS),
  weight: z.number().int().nonnegative(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  length: z.number().int().nonnegative(),
  user: UserRef,
  /** The admin's hold on it, or null; absent from older answers, read as null. */
  hold: Hold.nullable().default(null),
});
export type AdminListing = z.infer<typeof AdminListing>;

export const Transaction = z.object({
  id,
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  amount: usd,
  refundReason: z.enum(REFUND_REASONS).nullable(),
  refundDate: isoDate.nullable(),
});
export type Transaction = z.infer<typeof Transaction>;

export const SoldListingRef = z.object({
  id,
  title: storedLine(),
  description: storedText(),
  listingType: z.enum(LISTING_TYPES),
  video: storedUrl().nullable(),
  createdAt: isoDate,
});

export const PAYOUT_STATUSES = ['succeeded', 'failed'] as const;

/**
 * Where the seller's payout of an order stands: `pending` until the order is delivered or 7 days
 * after it shipped, `held` while an admin holds it (whatever its release time), `released` once
 * paid to the seller (an order_payout transaction).
 */
export const PAYOUT_STATES = ['pending', 'held', 'released'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export const OrderPayout = z.object({
  status: z.enum(PAYOUT_STATES),
  /** USD: what the seller is (or was) paid: the total less the seller fee and any refund before release, never below 0. */
  amount: usd,
  /** When it was released; null until then. */
  releasedAt: isoDate.nullable(),
  /** When it becomes due (delivery, or 7 days after shipping); null while the order has not shipped or once released. */
  releasesAt: isoDate.nullable(),
});
export type OrderPayout = z.infer<typeof OrderPayout>;

export const SoldListing = z.object({
  id,
  listing: SoldListingRef,
  seller: UserRef,
  /** The buyer. */
  user: UserRef,
  createdAt: isoDate,
  price: usd,
  shippingPrice: usd,
  status: z.enum(ORDER_STATUSES),
  trackingCode: storedLine().nullable(),
  /** From the order's order_payout transaction; null while there is none. */
  payoutStatus: z.enum(PAYOUT_STATUSES).nullable(),
  transactions: z.array(Transaction).max(ANSWER_ITEMS_MAX),
  /** The seller's payout; null while the order is not paid. Absent from older answers, read as null. */
  payout: OrderPayout.nullable().default(null),
  /** An admin's hold on the payout, or null; absent from older answers, read as null. */
  payoutHold: Hold.nullable().default(null),
  /**
   * The provider's id of the order's payment (with Stripe its PaymentIntent, which Stripe's dispute
   * events name beside the charge); null when unpaid. Absent from older answers, read as null.
   */
  chargeId: storedLine().nullable().default(null),
});
export type SoldListing = z.infer<typeof SoldListing>;

export const Subcategory = z.object({
  id,
  title: storedLine(),
  minPackageWeightInOz: z.number().positive(),
  category: z.object({ id, title: storedLine() }),
});
export type Subcategory = z.infer<typeof Subcategory>;

export const ProfileRef = z.object({ id, userName: storedLine().nullable(), avatar: storedUrl().nullable() });
export type ProfileRef = z.infer<typeof ProfileRef>;

export const AuctionMessage = z.object({
  id,
  type: z.enum(AUCTION_MESSAGE_TYPES),
  amount: usd.nullable(),
  text: storedText().nullable(),
  createdAt: isoDate,
  user: ProfileRef,
  listing: z.object({ id, title: storedLine(), user: ProfileRef }),
});
export type AuctionMessage = z.infer<typeof AuctionMessage>;

export const Chat = z.object({
  id,
  user: ProfileRef,
  otherUser: ProfileRef,
  updatedAt: isoDate,
  lastMessage: storedText().nullable(),
  blockedUser: ProfileRef.nullable(),
});
export type Chat = z.infer<typeof Chat>;

export const ChatMessage = z.object({
  id,
  /** The sender. */
  user: ProfileRef,
  /** The other participant of the chat. */
  otherUser: ProfileRef,
  createdAt: isoDate,
  message: storedText(),
  isSeen: z.boolean(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const Rating = z.object({
  id,
  /** null when the buyer's account was deleted. */
  buyer: ProfileRef.nullable(),
  seller: ProfileRef.nullable(),
  createdAt: isoDate,
  rate: z.number().int().min(1).max(5).nullable(),
  /** The buyer's written experience: the Comment column. */
  experience: storedText().nullable(),
  orderId: id.nullable(),
});
export type Rating = z.infer<typeof Rating>;

export const StatisticsUser = z.object({
  id,
  userName: storedLine().nullable(),
  avatar: storedUrl().nullable(),
  createdAt: isoDate,
});
export type StatisticsUser = z.infer<typeof StatisticsUser>;

export const Statistics = z.object({
  numberOfUsers: z.number().int().nonnegative(),
  numberOfUniqueBidders: z.number().int().nonnegative(),
  newSignUpsPast24Hours: z.array(StatisticsUser).max(ANSWER_ITEMS_MAX),
  newBiddersPast24Hours: z.array(StatisticsUser).max(ANSWER_ITEMS_MAX),
});
export type Statistics = z.infer<typeof Statistics>;

/** The signed-in admin: identity provider fields plus isAdmin from the admin claim. */
export const SignedInAdmin = z.object({
  uid: storedLine(),
  email: storedLine().nullable(),
  displayName: storedLine().nullable(),
  photoURL: storedUrl().nullable(),
  isAdmin: z.boolean(),
  /** The `adminRole` claim: what the app offers this admin (null: a role no table knows). */
  adminRole: z.enum(ADMIN_ROLES).nullable().default('owner'),
});
export type SignedInAdmin = z.infer<typeof SignedInAdmin>;

/** Every list endpoint answers `{count, items}`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    // "Lists at scale": a searched admin list counts up to LIST_SEARCH_COUNT_CAP (100) matches, a
    // filtered one up to LIST_COUNT_CAP (1,000); true when it stopped there, or when a search
    // counted a bounded read of the list: `count` is then a lower bound ("37+").
    countCapped: z.boolean().optional(),
    items: z.array(item).max(ANSWER_ITEMS_MAX),
  });
}
/** A list answer with items of type `T` (listResponse's output, for any item schema). */
export type ListResponse<T> = Omit<z.output<ReturnType<typeof listResponse>>, 'items'> & { items: T[] };

/** The error body of every non-2xx answer; `code` where a client must tell refusals apart. */
export const ApiErrorBody = z.object({
  statusCode: z.number().int().min(400).max(599),
  /** The status's reason phrase (`Not Found`). */
  error: storedLine(),
  /** Written for a person; the server cuts it at ANSWER_TEXT_MAX. */
  message: storedText(),
  code: z.enum(APPLICATION_ERROR_CODES).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
