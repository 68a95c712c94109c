// The buyer/seller API's auctions area: bids (placing, a listing's bids, where an auction stands,
// the caller's own bids and maximum) and giveaway entries (what server/modules/auctions accepts
// and answers). The serializer drops any field a schema leaves out, so each schema names exactly
// what its service returns; the services return `z.output` of them.
import { z } from 'zod';
import { storedLine } from '../answer-limits.js';
import { AdminListing, id, isoDate, listResponse, ProfileRef, usd } from '../entities.js';
import { LISTING_STATUSES } from '../enums.js';
import { positiveUsd } from './orders.js';

const count = z.number().int().nonnegative();
const listingStatus = z.enum(LISTING_STATUSES);
/** Epoch milliseconds as a string, as the apps read a listing's end time. */
const epochMsText = AdminListing.shape.endTime.unwrap();

// ── Bids ──

/** `POST /bid`: the amount, and optionally a hidden maximum the server bids up to. */
export const BidBody = z.strictObject({ listingId: id, amount: positiveUsd, maxBid: positiveUsd.optional() });

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
    listing: z.object({ id, title: storedLine(), status: listingStatus }),
    isLeading: z.boolean(),
  }),
);
export const OwnMaxBid = z.object({ listingId: id, maxBid: usd.nullable() });

// ── Giveaways ──

export const GiveawayEntryBody = z.strictObject({ listingId: id });
export const GiveawayEntry = z.object({ id, listingId: id, entries: count });
export const EnteredGiveaways = listResponse(
  z.object({ id, title: storedLine(), status: listingStatus, endTime: epochMsText.nullable(), enteredAt: isoDate }),
);

/** A user's bidding record (`GET /bid/user/unique/{id}`): the distinct auctions they bid on. */
export const UniqueBidAuctions = listResponse(
  z.object({
    listing: z.object({
      id,
      title: storedLine(),
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
