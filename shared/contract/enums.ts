// Every enumeration the API, the apps and the database share, as const arrays and their types.
// Values are the wire values: they are stored, sent and compared exactly as written here.

export const LISTING_TYPES = ['default', 'auction', 'giveaway'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const LISTING_STATUSES = ['active', 'draft', 'auction_ended', 'sold'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const SHIPPING_TYPES = ['buyer_pays', 'seller_pays'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

export const MASS_UNITS = ['lbs', 'oz'] as const;
export type MassUnit = (typeof MASS_UNITS)[number];

export const IDENTITY_STATUSES = ['Pending', 'Failed', 'Verified'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

export const AUCTION_MESSAGE_TYPES = ['bid', 'text', 'giveawayEntry', 'giveawayWinner'] as const;
export type AuctionMessageType = (typeof AUCTION_MESSAGE_TYPES)[number];

export const OFFER_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const LABEL_SIZES = ['8.5x11', '4x6'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

export const ORDER_ISSUE_OPTIONS = [
  'Damaged Item',
  "Lost / Didn't receive item",
  'Item delivered to the wrong address',
  'Received different item',
] as const;
export type OrderIssueOption = (typeof ORDER_ISSUE_OPTIONS)[number];

export const REPORT_TYPES = ['nudity', 'harmful', 'scam', 'other'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const USER_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type UserRequestStatus = (typeof USER_REQUEST_STATUSES)[number];

export const FILE_STATUSES = ['Pending', 'Generating', 'Generated', 'Failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const COMMUNITY_USER_TYPES = ['follower', 'following'] as const;
export type CommunityUserType = (typeof COMMUNITY_USER_TYPES)[number];

export const NOTIFICATION_TYPES = [
  'auctionWon',
  'giveawayWon',
  'auctionEnded',
  'offerAccepted',
  'offerDeclined',
  'offerReceived',
  'auctionCreated',
  'auctionEndingSoon',
  'orderStatusUpdate',
  'youWereOutbid',
  'orderCancelled',
  'retryPaymentSuccess',
  'maxBidOutbid',
  'newMessage',
  'reportResolved',
  'accountAction',
  'moderationMessage',
  'appealDecided',
  // An admin voided bids on an auction the user bid on, and their standing there changed.
  'bidStandingChanged',
  'sellerLevelChanged',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const PAYMENT_STATUSES = ['succeeded', 'required_payment_method'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// `dispute_loss`: a chargeback the seller lost; the buyer's bank took the money back, so it lowers
// the payout like a refund (shared/rules/refund.ts).
export const TRANSACTION_TYPES = [
  'order_payment',
  'admin_refund',
  'bundled_shipping_refund',
  'order_payout',
  'dispute_loss',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['succeeded', 'failed', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const REFUND_REASONS = [
  'damaged_in_shipping',
  'damaged_by_seller',
  'courtesy_refund',
  'incorrect_item_sent',
  'fake_item_sent',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const ADDRESS_TYPES = ['DEFAULT', 'RETURN_ADDRESS'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const HOME_TABS = ['Home', 'Auctions', 'Buy Now', 'Sellers'] as const;
export const APPLICATION_ERROR_CODES = [
  'paymentDeletedWithActiveBids',
  'emailNotVerified',
  'sellingSuspended',
  'accountSuspended',
  // Admin security and faults: the token's sign-in is too old for this action (sign in again and
  // retry), the database or the identity provider does not answer (retry later; never sign out).
  'reauthenticationRequired',
  'databaseUnavailable',
  'identityUnavailable',
  // An admin list's statement hit its time-out: the app says "Search too broad — add more letters".
  'searchTooBroad',
  // Rings and remedies: an admin holds the listing; bids, purchases, offers and entries wait.
  'listingOnHold',
  // Voiding bids: only on a running auction (an ended one has a winner and maybe an order), and
  // only on an auction at all.
  'auctionEnded',
  'notAnAuction',
  // Blocks: one of the caller's identifiers is blocked (the message names none of them).
  'blocked',
  // Sellers over time: an auction with bids may only have its description added to (its seller's edit).
  'editLockedByBids',
  // …and a seller at their level's active-listing cap may not list another.
  'listingCapReached',
  // Policy (DECISIONS "Policy"): a rule refused the request; turning a rule on without a backtest.
  'blockedByPolicy',
  'backtestRequired',
] as const;

// Order statuses come in three families (core, carrier tracking, exceptions). The admin
// screens show the raw value.
export const CORE_ORDER_STATUSES = [
  'Pending',
  'Shipped',
  'PAYMENT_CONFIRMED',
  'PAYMENT_FAILED',
  'SHIPPING_LABEL_PRINTED',
  'SHIPPING_LABEL_FAILED',
  'SHIPPING_DELIVERED',
  'SHIPPING_MARKED_SHIPPED',
  'cancelled',
] as const;

/** The carrier's tracking statuses: together, the "in-transit family". */
export const CARRIER_TRACKING_STATUSES = [
  'information_received',
  'delayed',
  'delivery_rescheduled',
  'delivery_scheduled',
  'out_for_delivery',
  'package_accepted',
  'package_arrived',
  'package_departed',
  'package_forward',
  'package_processed',
  'package_processing',
] as const;

/** The carrier's exception statuses. return_to_sender is listed here but labelled apart. */
export const EXCEPTION_ORDER_STATUSES = [
  'return_to_sender',
  'package_disposed',
  'other',
  'address_issue',
  'contact_carrier',
  'delivery_attempted',
  'location_inaccessible',
  'notice_left',
  'package_damaged',
  'package_held',
  'pickup_available',
  'reschedule_delivery',
  'package_unclaimed',
  'package_undelivered',
  'package_lost',
] as const;

export const ORDER_STATUSES = [
  ...CORE_ORDER_STATUSES,
  ...CARRIER_TRACKING_STATUSES,
  ...EXCEPTION_ORDER_STATUSES,
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type CarrierTrackingStatus = (typeof CARRIER_TRACKING_STATUSES)[number];
export type ExceptionOrderStatus = (typeof EXCEPTION_ORDER_STATUSES)[number];

export const SHIPPING_MANAGER_SECTIONS = ['createLabel', 'markShipped', 'shipped', 'delivered'] as const;
export type ShippingManagerSection = (typeof SHIPPING_MANAGER_SECTIONS)[number];

/** Every realtime event name of the buyer/seller (default) namespace. */
export const REALTIME_EVENT_NAMES = [
  'newBid',
  'itemOutOfStock',
  'listingVideoUploaded',
  'aiAutofillCompleted',
  'listingEndTimeIncremented',
  'stockDecremented',
  'bidAlreadyExists',
  'userOutbid',
  'auctionEnded',
  'paymentSuccess',
  'paymentFailed',
  'listingStockEmpty',
  'userMessage',
  'feedListingUpdated',
  'giveawayEnded',
  'giveawayEntriesUpdated',
  'newChat',
  'newMessage',
  'updateChat',
  'updateUnreadCount',
  'maxBidHistory',
  'blockChat',
  'shippingLabelGenerated',
  'orderDocumentsGenerated',
  'orderDocumentsFailed',
  'bulkShippingDocumentsGenerated',
  'bulkShippingDocumentsFailed',
  'updatedVideo',
  // Added to the apps' original list: an order's new status, to its buyer's and seller's user
  // rooms (the orderStatusUpdate notification, live).
  'orderStatusUpdate',
  // Added with voiding bids: an admin voided bids on the auction and its standing was recomputed,
  // to the listing's room (its apps replace price, leader and count).
  'bidsVoided',
] as const;
export type RealtimeEventName = (typeof REALTIME_EVENT_NAMES)[number];

/** What an admin may do to a user's account; `lift` ends whatever is in effect. */
export const ENFORCEMENT_ACTIONS = ['warn', 'suspendSelling', 'suspend', 'ban', 'lift'] as const;
export type EnforcementAction = (typeof ENFORCEMENT_ACTIONS)[number];
/** The enforcements that stay in effect (a warning is only a record and a notification). */
export const LASTING_ENFORCEMENTS = ['suspendSelling', 'suspend', 'ban'] as const;
export type LastingEnforcement = (typeof LASTING_ENFORCEMENTS)[number];

/** The `adminRole` claim's values (admin-permissions.ts says what each may do). */
export const ADMIN_ROLES = ['owner', 'moderator', 'support', 'finance'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * A block's severity, from the mildest: each refuses at least what the one before it does (review
 * refuses nothing). Here, not in blocks.ts, because the admin user answer names it too.
 */
export const BLOCK_SEVERITIES = ['review', 'signUp', 'trade', 'noAccess'] as const;
