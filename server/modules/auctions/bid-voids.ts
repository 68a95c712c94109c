// Voiding bids (ARCHITECTURE.md, "Voiding bids"): the bid ladder admins read, and the auctions'
// steps of the voiding flow (flows/void-bids.ts): the auction locked and checked, the standing
// replayed without the voided bidders (rules/bid-replay.ts), the bids marked, the bidders told.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminBid, VoidBidsResult } from '../../../shared/contract/admin-bid-void-routes.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { COUNT_ROW, inList, pageOf } from '../../platform/db/list-sql.js';
import { bids, listings, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf, isoOrNull, usdOf } from '../../platform/db/values.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { notifyAll, type Notice } from '../notifications/index.js';
import { type ReplayStanding, replayBids, standingChangedFor } from './rules/bid-replay.js';
import { AUCTION_ROW, DEFAULT_STARTING_BID_CENTS } from './bidding.js';

export type ListingRow = z.output<typeof AUCTION_ROW>;

const LADDER_ROW = sqlRow(bids, 'id', 'amount_cents', 'max_bid_cents', 'created_at', 'voided_at', 'void_reason').extend(
  { user_id: sqlColumn(users, 'id'), user_name: sqlColumn(users, 'user_name') },
);

const LISTING_ID = sqlRow(listings, 'id');
const REPLAY_ROW = sqlRow(bids, 'id', 'user_id', 'max_bid_cents', 'voided_at');

/** An auction's bids as admins see them: newest first, maximums shown, voided ones marked. */
export async function adminBidLadder(
  db: Executor,
  listingId: string,
  page: number,
  limit: number,
): Promise<{ count: number; items: AdminBid[] }> {
  const [listing] = await readRows(db, LISTING_ID, sql`SELECT id FROM listings WHERE id = ${listingId}`);
  if (!listing) throw notFound('Listing');
  const [total] = await readRows(
    db,
    COUNT_ROW,
    sql`SELECT count(*) AS count FROM bids WHERE listing_id = ${listingId}`,
  );
  const rows = await readRows(
    db,
    LADDER_ROW,
    sql`SELECT b.id, b.amount_cents, b.max_bid_cents, b.created_at, b.voided_at, b.void_reason,
               u.id AS user_id, u.user_name
        FROM bids b JOIN users u ON u.id = b.user_id
        WHERE b.listing_id = ${listingId}
        ORDER BY b.created_at DESC, b.seq DESC NULLS LAST, b.id DESC ${pageOf(page, limit)}`,
  );
  return {
    count: Number(total?.count ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      user: { id: row.user_id, userName: row.user_name },
      amount: usdOf(row.amount_cents),
      maxBid: usdOf(row.max_bid_cents),
      createdAt: isoOf(row.created_at),
      voidedAt: isoOrNull(row.voided_at),
      voidReason: row.void_reason,
    })),
  };
}

/** The listing's standing as its row keeps it (the bid path's view: no leader, no price). */
function rowStanding(row: ListingRow): ReplayStanding {
  const leads = row.leader_id !== null;
  return {
    leaderId: row.leader_id,
    leaderMaxCents: leads && row.leader_max_cents !== null ? Number(row.leader_max_cents) : null,
    currentBidCents: leads && row.bid_cents !== null ? Number(row.bid_cents) : null,
    bidCount: row.bid_count,
  };
}

const answerOf = (standing: ReplayStanding) => ({
  leaderId: standing.leaderId,
  currentBid: standing.currentBidCents === null ? null : centsToUsd(standing.currentBidCents),
  bidCount: standing.bidCount,
});

/** The running auction, or the refusal: 404 unknown, 409 `notAnAuction`, 409 `auctionEnded`. */
function runningAuction(row: ListingRow | undefined, nowMs: number): ListingRow {
  if (!row || row.deleted_at !== null || row.status === 'draft') throw notFound('Listing');
  if (row.listing_type !== 'auction') throw new HttpError(409, 'Only an auction has bids to void', 'notAnAuction');
  const ended = row.end_time !== null && new Date(row.end_time).getTime() <= nowMs;
  if (row.status !== 'active' || ended) {
    throw new HttpError(409, 'This auction has ended: its bids can no longer be voided', 'auctionEnded');
  }
  return row;
}

/** The auction, locked FOR UPDATE (the bid path's lock) unless this is a preview, and still running. */
export async function lockRunningAuction(
  tx: Executor,
  listingId: string,
  dryRun: boolean,
  now: Date,
): Promise<ListingRow> {
  // A preview takes no lock: it must not hold up the auction's bids.
  const [found] = await readRows(
    tx,
    AUCTION_ROW,
    sql`SELECT id, user_id, title, listing_type, status, deleted_at, starting_bid_cents, bid_cents, end_time,
               leader_id, leader_max_cents, bid_count
        FROM listings l WHERE l.id = ${listingId} ${dryRun ? sql`` : sql`FOR UPDATE OF l`}`,
  );
  return runningAuction(found, now.getTime());
}

/** What voiding would do: the bids that count, those voided, and the standing replayed without them. */
export interface VoidPlan {
  before: ReplayStanding;
  after: ReplayStanding;
  result: VoidBidsResult;
  voidingUserIds: string[];
  leftUserIds: string[];
}

/**
 * The standing over the bids left, replayed by the bid path's rule in their original order: the
 * order the bid path's lists use, oldest first (`seq` breaks ties within a millisecond).
 */
export async function planVoid(tx: Executor, row: ListingRow, voidedIds: readonly string[]): Promise<VoidPlan> {
  const all = await readRows(
    tx,
    REPLAY_ROW,
    sql`SELECT id, user_id, max_bid_cents, voided_at FROM bids WHERE listing_id = ${row.id}
        ORDER BY created_at, seq NULLS FIRST, id`,
  );
  const counting = all.filter((bid) => bid.voided_at === null);
  const voiding = counting.filter((bid) => voidedIds.includes(bid.user_id));
  const left = counting.filter((bid) => !voidedIds.includes(bid.user_id));
  const before = rowStanding(row);
  const { standing: after } = replayBids(
    {
      listingId: row.id,
      sellerId: row.user_id,
      startingBidCents: row.starting_bid_cents === null ? DEFAULT_STARTING_BID_CENTS : Number(row.starting_bid_cents),
    },
    left.map((bid) => ({ bidId: bid.id, bidderId: bid.user_id, maxCents: Number(bid.max_bid_cents) })),
  );
  const distinct = (list: typeof all) => [...new Set(list.map((bid) => bid.user_id))];
  return {
    before,
    after,
    result: { before: answerOf(before), after: answerOf(after), voided: voiding.length },
    voidingUserIds: distinct(voiding),
    leftUserIds: distinct(left),
  };
}

/**
 * The bids of `voidedIds` marked voided with the reason, and the bids left numbered 1…n again, so
 * the next bid's place (the bid path writes the new count as its `seq`) comes after all of them
 * even within the same millisecond.
 */
export async function markBidsVoided(
  tx: Executor,
  listingId: string,
  voidedIds: readonly string[],
  reason: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE bids SET voided_at = ${now}, void_reason = ${reason}
        WHERE listing_id = ${listingId} AND user_id IN ${inList(voidedIds)} AND voided_at IS NULL`,
  );
  await tx.execute(
    sql`UPDATE bids b SET seq = ranked.n
        FROM (SELECT id, row_number() OVER (ORDER BY created_at, seq NULLS FIRST, id) AS n
              FROM bids WHERE listing_id = ${listingId} AND voided_at IS NULL) ranked
        WHERE b.id = ranked.id AND b.seq IS DISTINCT FROM ranked.n`,
  );
}

/** The bidders told: every voided one, and every one left whose standing changed. */
export async function notifyVoidedStanding(tx: Executor, row: ListingRow, plan: VoidPlan): Promise<void> {
  await notifyAll(tx, notices(row, plan.before, plan.after, plan.voidingUserIds, plan.leftUserIds));
}

/**
 * Who is told: every voided bidder (their bids no longer count), and every bidder left whose
 * standing changed (took the lead, or leads at another price).
 */
function notices(
  row: ListingRow,
  before: ReplayStanding,
  after: ReplayStanding,
  voidedIds: readonly string[],
  leftIds: readonly string[],
): Notice[] {
  const data = (leading: boolean) => ({
    listingId: row.id,
    currentBid: after.currentBidCents === null ? null : centsToUsd(after.currentBidCents),
    leading,
  });
  const price = after.currentBidCents === null ? '' : ` at $${centsToUsd(after.currentBidCents).toFixed(2)}`;
  const voided = voidedIds.map((userId) => ({
    userId,
    type: 'bidStandingChanged' as const,
    title: `${row.title}: your bids were voided by the marketplace`,
    data: data(false),
  }));
  const changed = leftIds
    .filter((userId) => !voidedIds.includes(userId) && standingChangedFor(before, after, userId))
    .map((userId) => {
      const leading = after.leaderId === userId;
      return {
        userId,
        type: 'bidStandingChanged' as const,
        title: leading ? `${row.title}: you lead${price} after bids were voided` : `${row.title}: you no longer lead`,
        data: data(leading),
      };
    });
  return [...voided, ...changed];
}
