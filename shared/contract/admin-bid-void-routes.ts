// An auction's admin bid ladder and voiding bids (ARCHITECTURE.md, "Voiding bids"): every bid with
// its hidden maximum, voided ones marked, and the void that recomputes the auction's standing by
// replaying the proxy rule over the bids left. Spread into the admin route table (admin-api.ts).
import { z } from 'zod';
import { storedLine } from './answer-limits.js';
import { id, INTEGER_COLUMN_MAX, isoDate, listResponse, usd } from './entities.js';
import { TimelineQuery } from './admin-accountability-routes.js';
import { singleLineText } from './text.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });
const bidCount = z.number().int().min(0).max(INTEGER_COLUMN_MAX);

/** One bid as only admins see it: with its hidden maximum, and whether (and why) it was voided. */
export const AdminBid = z.object({
  id,
  user: z.object({ id, userName: storedLine().nullable() }),
  /** The price this bid visibly reached when it was placed. */
  amount: usd,
  /** The bidder's hidden maximum. */
  maxBid: usd,
  createdAt: isoDate,
  voidedAt: isoDate.nullable(),
  voidReason: storedLine().nullable(),
});
export type AdminBid = z.infer<typeof AdminBid>;

/** The ladder's query: page and limit, newest first. */
export const BidLadderQuery = TimelineQuery;

/** Where an auction stands: its leader, its visible price (null before any bid) and its bids. */
export const AuctionStanding = z.object({
  leaderId: id.nullable(),
  currentBid: usd.nullable(),
  /** The bids that count (voided ones do not). */
  bidCount,
});
export type AuctionStanding = z.infer<typeof AuctionStanding>;

export const VoidBidsBody = z.strictObject({
  /** The bidders whose bids on this auction are voided (every bid of theirs on it). */
  userIds: z.array(id).min(1).max(50),
  reason: singleLineText().trim().min(1).max(500),
  /** Answer the before and after without changing anything (no step-up needed). */
  dryRun: z.boolean().optional(),
});
export type VoidBidsBody = z.infer<typeof VoidBidsBody>;

export const VoidBidsResult = z.object({
  before: AuctionStanding,
  after: AuctionStanding,
  /** How many bids were (or, on a dry run, would be) voided. */
  voided: bidCount,
});
export type VoidBidsResult = z.infer<typeof VoidBidsResult>;

export const bidVoidRoutes = {
  'listings.bids': {
    description:
      "One page of an auction's bids, newest first, with each bidder's hidden maximum; voided bids are included and marked.",
    method: 'GET',
    path: '/admin/listings/active/:id/bids',
    params: byId,
    query: BidLadderQuery,
    response: listResponse(AdminBid),
  },
  'listings.voidBids': {
    description:
      'Voids every bid of the given bidders on a running auction and recomputes its standing by replaying the proxy rule over the bids left; `dryRun` only previews. 409 `auctionEnded` once it has ended.',
    method: 'POST',
    path: '/admin/listings/active/:id/void-bids',
    params: byId,
    body: VoidBidsBody,
    response: VoidBidsResult,
  },
} as const satisfies Record<string, RouteDef>;
