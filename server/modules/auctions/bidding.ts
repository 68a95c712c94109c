// The bid service: one short transaction per bid. The auction's listing row is locked
// (`SELECT … FOR UPDATE`), so bids on one auction apply one at a time in lock order, each
// seeing the state the previous one committed; bids on different auctions never wait on each
// other. Realtime events go out only after the commit, so nobody hears of a bid that rolled back.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type * as Auctions from '../../../shared/contract/market/auctions.js';
import type { AuctionMessage } from '../../../shared/contract/entities.js';
import { userRoom } from '../../../shared/contract/realtime-events.js';
import { centsToUsd, usdToCents } from '../../../shared/rules/money.js';
import { answerWithinMs } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import { listings, users } from '../../platform/db/schema/index.js';
import { sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import type { AuctionState, BidRejectionReason } from './rules/proxy-bidding.js';
import { ANTI_SNIPE_WINDOW_MS, placeBid } from './rules/proxy-bidding.js';
import { conflict, HttpError, notFound } from '../../platform/http/errors.js';
import { accountSuspended } from '../../platform/auth/market-users.js';
import { type BidTurn, bidQueueOf } from './bid-queue.js';
import { runBidTransaction } from './bid-transaction.js';
import { auctionStateUpdate, hiddenFromBuyers, refuseIfOnHold } from '../listings/index.js';
import { bidMessageInsert } from '../conversations/index.js';
import { MIN_BIDS_TO_SCORE } from './hooks.js';
import { ladderReviewsOf } from './ladder-reviews.js';
import { outbidNoticesOf } from './outbid-notices.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import { adminEvent, marketEvent, type PendingEvent } from '../../platform/events/pending-events.js';

/** An auction without a starting bid opens at $1. */
export const DEFAULT_STARTING_BID_CENTS = 100;

export interface BidRequest {
  listingId: string;
  bidderId: string;
  /** The bidder's maximum, in cents (the amount, or the hidden max bid when one was given). */
  maxCents: number;
  /** When the request arrived (`performance.now()`): its time to answer runs from there. Absent: from the call. */
  receivedAt?: number;
  /**
   * Judges the bid on its auction as the locked read found it, before anything is written: the
   * error to refuse it with (the transaction rolls back), or null. The route passes what policy's
   * blocking rules registered for the request (`screenBid`). Synchronous: the lock waits on it.
   */
  screen?: BidScreen;
  /** Told, once the bid committed, what its transaction wrote (the route hands it to policy rules). */
  stored?: (bid: StoredBid) => void;
}

/** The auction as a bid finds it under the lock: what a rule judging the bid before the write reads. */
export interface AuctionAtBid {
  sellerId: string;
  /** The auction's bids before this one. */
  bidsBefore: number;
  endTimeMs: number | null;
  /** The bid's time, read under the lock. */
  atMs: number;
}

export type BidScreen = (auction: AuctionAtBid) => Error | null;

/**
 * A committed bid as its row and its auction's now read: what policy rules judge after the commit
 * (policy's stored-events.ts reads the same from the tables for a backtest), handed over so that
 * judging a bid reads nothing back. The stored amount is the one the transaction wrote, which
 * proxy bidding may have set apart from the amount asked.
 */
export interface StoredBid {
  bidId: string;
  bidderId: string;
  listingId: string;
  sellerId: string;
  amountCents: number;
  maxCents: number;
  /** The bid's place in its auction (`bids.seq`): the auction's bid count after it. */
  seq: number;
  placedAtMs: number;
  /** The auction's end as this bid left it (an anti-snipe extension included), null when it has none. */
  endTimeMs: number | null;
}

export type BidReceipt = z.output<typeof Auctions.BidReceipt>;

/** An auction's row as its standing needs it: the bid path's locked read and a void's replay. */
export const AUCTION_ROW = sqlRow(
  listings,
  'id',
  'user_id',
  'title',
  'listing_type',
  'status',
  'deleted_at',
  'starting_bid_cents',
  'bid_cents',
  'end_time',
  'leader_id',
  'leader_max_cents',
  'bid_count',
);

/** The locked read's row (`lockedAuctionRead`): the auction, its seller and the bidder. */
const LOCKED_AUCTION_ROW = AUCTION_ROW.extend({
  held_at: sqlColumn(listings, 'held_at'),
  seller_user_name: sqlColumn(users, 'user_name'),
  seller_avatar: sqlColumn(users, 'avatar'),
  bidder_user_name: sqlColumn(users, 'user_name'),
  bidder_avatar: sqlColumn(users, 'avatar'),
  bidder_deleted_at: sqlColumn(users, 'deleted_at'),
  /** Suspended or banned now (`suspended_until` after now()); null reads as no. */
  bidder_suspended: z.boolean().nullable(),
  seller_suspended: z.boolean().nullable(),
});
type LockedAuctionRow = z.output<typeof LOCKED_AUCTION_ROW>;

const num = (value: string | number | null): number | null => (value === null ? null : Number(value));

/**
 * The auction row with the seller's and bidder's profiles, taking the auction's row lock and
 * the bidder's KEY SHARE (see `checkedAuction`).
 */
const lockedAuctionRead = (request: BidRequest) => ({
  row: LOCKED_AUCTION_ROW,
  query: sql`SELECT l.id, l.user_id, l.title, l.listing_type, l.status, l.deleted_at, l.starting_bid_cents,
             l.bid_cents, l.end_time, l.leader_id, l.leader_max_cents, l.bid_count, l.held_at,
             s.user_name AS seller_user_name, s.avatar AS seller_avatar,
             b.user_name AS bidder_user_name, b.avatar AS bidder_avatar, b.deleted_at AS bidder_deleted_at,
             b.suspended_until > now() AS bidder_suspended, s.suspended_until > now() AS seller_suspended
      FROM listings l
      JOIN users s ON s.id = l.user_id
      JOIN users b ON b.id = ${request.bidderId}
      WHERE l.id = ${request.listingId}
      FOR UPDATE OF l FOR KEY SHARE OF b`,
});

/** The locked read's row, when the auction exists, takes bids and the bidder may bid. */
function checkedAuction(row: LockedAuctionRow | undefined): LockedAuctionRow {
  // A suspended seller's listings leave public reads while it lasts (PUBLIC_LISTING): 404 here too.
  if (!row || hiddenFromBuyers(row) || row.seller_suspended) throw notFound('Listing');
  // The caller was resolved before the queue (and may be remembered for a few seconds): a bidder
  // deleted since is refused here, under the lock, on every node. The bidder's row is read with
  // KEY SHARE, the lock the bid's INSERT takes on it anyway (its foreign key check), only taken
  // earlier: an account being closed (which holds its row FOR UPDATE) is waited for and seen
  // deleted, instead of the bid waiting at the INSERT and then committing for a closed account.
  if (row.bidder_deleted_at !== null) throw new HttpError(403, 'This account was deleted');
  // The same KEY SHARE waits for an enforcement (which holds the bidder's row FOR UPDATE) and
  // reads what it committed: no bid gets through once a suspension has committed.
  if (row.bidder_suspended) throw accountSuspended();
  if (row.listing_type !== 'auction') throw conflict('Only auctions take bids');
  if (row.status !== 'active') throw conflict('This auction has ended');
  // An admin's hold (listing-holds.ts), read under the same lock the hold takes.
  refuseIfOnHold(row);
  return row;
}

/** The auction as the proxy-bidding rules see it (old auctions' leaders were backfilled by migration 0014). */
function auctionStateOf(row: LockedAuctionRow): AuctionState {
  const leader = row.leader_id === null ? null : { bidderId: row.leader_id, maxCents: Number(row.leader_max_cents) };
  return {
    listingId: row.id,
    sellerId: row.user_id,
    startingBidCents: num(row.starting_bid_cents) ?? DEFAULT_STARTING_BID_CENTS,
    currentBidCents: leader === null ? null : num(row.bid_cents),
    leader,
    bidCount: row.bid_count,
    endTimeMs: row.end_time === null ? Number.MAX_SAFE_INTEGER : new Date(row.end_time).getTime(),
  };
}

/** What a queued bid may be refused for without the database: amount rules only, never time. */
const REFUSABLE_FROM_QUEUE = new Set<BidRejectionReason>(['below_minimum', 'not_above_own_max']);

/**
 * A bid that waited behind others is judged first on the state they left (`known`, see
 * bid-queue.ts): the rejection the database would have given at that moment, or null when only
 * the lock can tell. Only amount rules count, and only while the auction is running by the
 * clock. Price and leader's maximum only grow with bids (only an admin voiding bids lowers them,
 * and a refusal from a state observed during the request is still an answer the database gave).
 */
export function queuedRefusal(
  known: AuctionState | null,
  bid: { bidderId: string; maxCents: number },
  nowMs: number,
): { reason: BidRejectionReason; message: string } | null {
  if (known === null || nowMs >= known.endTimeMs) return null;
  const result = placeBid(known, { bidId: 'queued', ...bid, placedAtMs: nowMs });
  return result.status === 'rejected' && REFUSABLE_FROM_QUEUE.has(result.reason) ? result : null;
}

/**
 * The 409 for a refused bid. When the bidder already leads with a maximum that covers this bid
 * (the same bid sent again, or a lower one), their own room hears `bidAlreadyExists` too, so
 * every device of theirs can say so. A refusal changes nothing, so it needs no commit to wait for.
 */
function refusal(
  deps: ServiceDeps,
  request: BidRequest,
  result: { reason: BidRejectionReason; message: string },
): HttpError {
  if (result.reason === 'not_above_own_max') {
    deps.events.publish([
      marketEvent('bidAlreadyExists', [userRoom(request.bidderId)], {
        listingId: request.listingId,
        message: result.message,
      }),
    ]);
  }
  return conflict(result.message);
}

/**
 * Places one bid: queued behind this node's earlier bids on the auction (bid-queue.ts), then one
 * short transaction under the auction's row lock. Where the database's waits are bounded (the
 * API's pool), so is the whole bid, queue included: past the time a request may wait, a 503
 * (the contract: never a hang while the database does not answer).
 */
export function placeBidInDb(deps: ServiceDeps, request: BidRequest): Promise<BidReceipt> {
  const within = answerWithinMs(deps.db);
  const deadlineAt = within === null ? null : (request.receivedAt ?? performance.now()) + within;
  const bid = (turn: BidTurn) => placeQueuedBid(deps, request, turn, deadlineAt);
  return bidQueueOf(deps.db).run(request.listingId, bid, deadlineAt);
}

async function placeQueuedBid(
  deps: ServiceDeps,
  request: BidRequest,
  turn: BidTurn,
  deadlineAt: number | null,
): Promise<BidReceipt> {
  const early = queuedRefusal(turn.known, request, nowOf(deps));
  if (early) throw refusal(deps, request, early);
  // The bid before this one may still be committing (bid-queue.ts, `handOff`). A bid its state
  // would refuse waits for that commit and is judged on what committed, instead of taking the
  // lock only to roll back; any other goes to the lock at once.
  const before = turn.pending;
  if (before && queuedRefusal(before.state, request, nowOf(deps))) {
    await before.done;
    const late = queuedRefusal(turn.known, request, nowOf(deps));
    if (late) throw refusal(deps, request, late);
  }
  const bidId = randomUUID();
  const mark = turn.markLockedRead();
  // The transaction's round trips are bid-transaction.ts's to choose (fewer under the lock on PostgreSQL).
  const read = { ...lockedAuctionRead(request), deadlineAt };
  const { receipt, events, committed, stored } = await runBidTransaction(deps.db, read, async (rows) => {
    const row = checkedAuction(rows[0]);

    // The clock is read under the lock, so arrival order and lock order agree.
    const placedAtMs = nowOf(deps);
    const state = auctionStateOf(row);
    turn.observe(state, mark);
    const screened = request.screen?.({
      sellerId: row.user_id,
      bidsBefore: row.bid_count,
      endTimeMs: row.end_time === null ? null : state.endTimeMs,
      atMs: placedAtMs,
    });
    if (screened) throw screened;
    const result = placeBid(
      state,
      { bidId, bidderId: request.bidderId, maxCents: request.maxCents, placedAtMs },
      { antiSnipeWindowMs: ANTI_SNIPE_WINDOW_MS },
    );
    if (result.status === 'rejected') throw refusal(deps, request, result);

    const next = result.newState;
    const priceCents = next.currentBidCents ?? state.startingBidCents;
    const newBid = result.events.find((event) => event.name === 'newBid');
    // What the auction's message feed shows: the amount this bid visibly reached.
    const shownCents = newBid ? usdToCents(newBid.payload.amount) : null;
    const placedAt = new Date(placedAtMs);
    const messageId = shownCents === null ? null : randomUUID();
    const endTime = next.endTimeMs === Number.MAX_SAFE_INTEGER ? null : new Date(next.endTimeMs);

    // What the bid's row says, and the auction's end it leaves: written below, and handed over after the commit.
    const stored: StoredBid = {
      bidId,
      bidderId: request.bidderId,
      listingId: row.id,
      sellerId: row.user_id,
      amountCents: shownCents ?? priceCents,
      maxCents: request.maxCents,
      seq: next.bidCount,
      placedAtMs: placedAt.getTime(),
      endTimeMs: endTime === null ? null : endTime.getTime(),
    };

    // One statement: the bid, its auction message (not for a hidden max raise) and the new state;
    // the message and the listing's state are their owners' statements (conversations, listings).
    const write = sql`
      WITH bid AS (
        INSERT INTO bids (id, listing_id, user_id, amount_cents, max_bid_cents, created_at, seq)
        VALUES (${bidId}, ${row.id}, ${request.bidderId}, ${stored.amountCents}, ${stored.maxCents}, ${placedAt},
                ${stored.seq})
      ), message AS (
        ${bidMessageInsert({ id: messageId, listingId: row.id, userId: request.bidderId, amountCents: shownCents, createdAt: placedAt })}
      )
      ${auctionStateUpdate({
        listingId: row.id,
        priceCents,
        leaderId: next.leader?.bidderId ?? null,
        leaderMaxCents: next.leader?.maxCents ?? null,
        bidCount: next.bidCount,
        endTime,
        at: placedAt,
      })}`;

    const events: PendingEvent[] = result.events.map((event) =>
      marketEvent(event.name, event.rooms, event.payload as never),
    );
    if (messageId !== null && shownCents !== null) {
      const item: AuctionMessage = {
        id: messageId,
        type: 'bid',
        amount: centsToUsd(shownCents),
        text: null,
        createdAt: isoOf(placedAt),
        user: { id: request.bidderId, userName: row.bidder_user_name, avatar: row.bidder_avatar },
        listing: {
          id: row.id,
          title: row.title,
          user: { id: row.user_id, userName: row.seller_user_name, avatar: row.seller_avatar },
        },
      };
      events.push(adminEvent('newBid', item));
    }
    const leaderId = next.leader?.bidderId ?? request.bidderId;
    const receipt: BidReceipt = {
      bidId,
      outcome: result.outcome,
      isLeading: leaderId === request.bidderId,
      currentBid: centsToUsd(priceCents),
      leaderId,
      bidCount: next.bidCount,
      maxBid: centsToUsd(request.maxCents),
      endTime: String(next.endTimeMs),
    };
    // Decided: the next bid's locked read may queue behind this write and commit in the database.
    turn.handOff(next);
    return { write, result: { receipt, events, committed: next, stored } };
  });
  turn.observe(committed, mark);
  request.stored?.(stored);
  // Realtime events in commit order: the bid before this one may not have published yet.
  await before?.done;
  deps.events.publish(events);
  // After the commit, outside the auction's lock, and coalesced per node: the outbid leader's
  // notification (outbid-notices.ts) and the integrity review (ladder-reviews.ts). The bidder waits
  // for neither, unless too many notices wait to be written; neither ever fails a committed bid.
  for (const event of events) {
    if (event.kind !== 'market' || event.name !== 'userOutbid') continue;
    const { userId, listingId, currentBid } = event.payload;
    await outbidNoticesOf(deps.db).add({ userId, listingId, currentBid });
  }
  if (committed.bidCount >= MIN_BIDS_TO_SCORE) ladderReviewsOf(deps.db).bidCommitted(deps, request.listingId);
  return receipt;
}
