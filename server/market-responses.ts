// What the buyer/seller routes answer, now in shared/contract/market/ by area: this file only
// re-exports them for tests/market/openapi.test.ts until that test reads them from there.

// ── Bids and giveaways (shared/contract/market/auctions.ts) ──

export {
  AuctionStanding,
  BidItem,
  BidReceipt,
  EnteredGiveaways,
  GiveawayEntry,
  ListingBids,
  OwnBids,
  OwnMaxBid,
} from '../shared/contract/market/auctions.js';

// ── Purchases, orders and offers (shared/contract/market/orders.ts) ──

export {
  AcceptedOffer,
  Offer,
  Offers,
  OrderSummaries,
  PlacedOrder,
  SellerOrder,
} from '../shared/contract/market/orders.js';

// The shipping manager and the user's addresses: shared/contract/market/fulfilment.ts.

// ── The auction feed and chat (shared/contract/market/conversations.ts) ──

export {
  AuctionFeed,
  ChatMessages,
  Chats,
  MessagesMarkedRead,
  SentMessage,
  UnreadCount,
} from '../shared/contract/market/conversations.js';
