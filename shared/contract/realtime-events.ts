// The realtime event map: event name → payload schema, for the back-office's `/admin` namespace
// and for the buyer/seller apps' default namespace (ARCHITECTURE.md, "Realtime").
import { z } from 'zod';
import { AuctionMessage, Chat, ChatMessage, id, usd } from './entities.js';
import { ORDER_STATUSES, type RealtimeEventName } from './enums.js';
import { ReviewCase } from './review-cases.js';
import { AuditEntry } from './accountability.js';
import { MarketDayUpdated } from './admin-metrics-routes.js';
import { AuctionStanding } from './admin-bid-void-routes.js';

export const ADMIN_NAMESPACE = '/admin';
/** `connect_error` messages of the admin namespace. */
export const ADMIN_CONNECT_ERRORS = { unauthorized: 'unauthorized', forbidden: 'forbidden' } as const;
/** `connect_error` message of the default namespace for a suspended or banned user. */
export const MARKET_CONNECT_ERRORS = { accountSuspended: 'accountSuspended' } as const;

const deleted = z.object({ id });

/**
 * An auction's standing after it changed other than by a bid (an admin voided bids on it): no row
 * of any list, so the screens that show the auction (its bid ladder, its drawer, its active
 * listings row) patch what they hold. Null leader and price: no bid is left.
 */
export const ListingStanding = AuctionStanding.extend({ listingId: id });
export type ListingStanding = z.infer<typeof ListingStanding>;

/**
 * Every event on `/admin` carries the admin list item shape, so a table inserts it as is; the
 * row-less ones (`marketDayUpdated`, `auctionStandingChanged`) say what changed in what a screen shows.
 */
export const adminEvents = {
  newBid: AuctionMessage,
  userMessage: AuctionMessage,
  giveawayEntriesUpdated: AuctionMessage,
  giveawayEnded: AuctionMessage,
  newChat: Chat,
  updateChat: Chat,
  blockChat: Chat,
  newMessage: ChatMessage,
  auctionMessageDeleted: deleted,
  chatDeleted: deleted,
  messageDeleted: deleted,
  reviewCaseOpened: ReviewCase,
  reviewCaseUpdated: ReviewCase,
  auditEntryAdded: AuditEntry,
  marketDayUpdated: MarketDayUpdated,
  auctionStandingChanged: ListingStanding,
} as const;
export type AdminEvents = typeof adminEvents;
export type AdminEventName = keyof AdminEvents;
export type AdminEventPayload<E extends AdminEventName> = z.infer<AdminEvents[E]>;
export const ADMIN_EVENT_NAMES = Object.keys(adminEvents) as AdminEventName[];

/** Which admin table each admin event feeds. */
export const ADMIN_EVENT_TABLE: Record<
  AdminEventName,
  'auctionMessages' | 'chats' | 'chatMessages' | 'reviewCases' | 'auditLog' | 'marketMetrics' | 'auctionStandings'
> = {
  newBid: 'auctionMessages',
  userMessage: 'auctionMessages',
  giveawayEntriesUpdated: 'auctionMessages',
  giveawayEnded: 'auctionMessages',
  auctionMessageDeleted: 'auctionMessages',
  newChat: 'chats',
  updateChat: 'chats',
  blockChat: 'chats',
  chatDeleted: 'chats',
  newMessage: 'chatMessages',
  messageDeleted: 'chatMessages',
  reviewCaseOpened: 'reviewCases',
  reviewCaseUpdated: 'reviewCases',
  auditEntryAdded: 'auditLog',
  marketDayUpdated: 'marketMetrics',
  auctionStandingChanged: 'auctionStandings',
};

const listingEvent = z.object({ listingId: id });
const stock = listingEvent.extend({ inStock: z.number().int().nonnegative() });
const orderEvent = z.object({ orderId: id, listingId: id });
const document = z.object({ id, url: z.string().nullable() });

/** Payloads on the default namespace, sent to `listing:{id}` and `user:{id}` rooms. */
export const marketEvents = {
  newBid: listingEvent.extend({
    bidId: id,
    bidderId: id,
    amount: usd,
    currentBid: usd,
    leaderId: id,
    bidCount: z.number().int().nonnegative(),
    endTime: z.string(),
  }),
  itemOutOfStock: stock,
  listingVideoUploaded: listingEvent.extend({ video: z.string() }),
  aiAutofillCompleted: listingEvent.extend({ title: z.string(), description: z.string() }),
  listingEndTimeIncremented: listingEvent.extend({ endTime: z.string() }),
  /** The auction's standing after an admin voided bids on it (null price and leader: no bid left). */
  bidsVoided: ListingStanding,
  stockDecremented: stock,
  bidAlreadyExists: listingEvent.extend({ message: z.string() }),
  userOutbid: listingEvent.extend({ userId: id, currentBid: usd }),
  auctionEnded: listingEvent.extend({ winnerId: id.nullable(), finalPrice: usd.nullable(), orderId: id.nullable() }),
  paymentSuccess: orderEvent,
  paymentFailed: orderEvent.extend({ message: z.string() }),
  listingStockEmpty: stock,
  userMessage: AuctionMessage,
  feedListingUpdated: listingEvent,
  giveawayEnded: listingEvent.extend({ winnerId: id.nullable() }),
  giveawayEntriesUpdated: listingEvent.extend({ entries: z.number().int().nonnegative() }),
  newChat: Chat,
  newMessage: ChatMessage.extend({ chatId: id }),
  updateChat: Chat,
  updateUnreadCount: z.object({ count: z.number().int().nonnegative() }),
  maxBidHistory: listingEvent.extend({ maxBid: usd }),
  blockChat: Chat,
  shippingLabelGenerated: z.object({ orderId: id, url: z.string() }),
  orderDocumentsGenerated: document,
  orderDocumentsFailed: document,
  bulkShippingDocumentsGenerated: document,
  bulkShippingDocumentsFailed: document,
  updatedVideo: listingEvent.extend({ video: z.string() }),
  orderStatusUpdate: orderEvent.extend({ status: z.enum(ORDER_STATUSES), trackingCode: z.string().nullable() }),
} as const satisfies Record<RealtimeEventName, z.ZodType>;
export type MarketEvents = typeof marketEvents;
export type MarketEventPayload<E extends RealtimeEventName> = z.infer<MarketEvents[E]>;

export const listingRoom = (listingId: string) => `listing:${listingId}`;
export const userRoom = (userId: string) => `user:${userId}`;

/** What a default-namespace client sends to follow or stop following a listing's room. */
export const LISTING_SUBSCRIPTION_EVENTS = { join: 'joinListing', leave: 'leaveListing' } as const;
/** The acknowledgement of `joinListing` / `leaveListing`. */
export type ListingSubscriptionAck = { ok: true; room: string } | { ok: false; message: string };
