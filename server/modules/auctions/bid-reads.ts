// The bids anyone may read: a listing's bids, where an auction stands, the caller's own maximum
// and bids. The write path (one short transaction per bid) is bidding.ts.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type * as Auctions from '../../../shared/contract/market/auctions.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import { bids, listings, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { notFound } from '../../platform/http/errors.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { publicListing, PUBLIC_LISTING } from '../listings/index.js';

export type BidItem = z.output<typeof Auctions.BidItem>;

/** A bid with its bidder, as `SELECT_BID` reads it. */
const BID_ROW = sqlRow(bids, 'id', 'amount_cents', 'created_at').extend({
  user_id: sqlColumn(users, 'id'),
  user_name: sqlColumn(users, 'user_name'),
  avatar: sqlColumn(users, 'avatar'),
});
type BidRow = z.output<typeof BID_ROW>;

/** Bids as `b` with their bidder `u`. */
const SELECT_BID = sql`SELECT b.id, b.amount_cents, b.created_at, u.id AS user_id, u.user_name, u.avatar`;
const BIDS_WITH_BIDDERS = sql`FROM bids b JOIN users u ON u.id = b.user_id`;

/** Newest first; bids of the same instant in the order they were placed (seq), then by id. */
const BIDS_NEWEST_FIRST = { createdAt: { column: sql`b.created_at` } };
const BIDS_TIE_BREAK = sql`b.seq DESC NULLS LAST, b.id DESC`;

const bidItem = (row: BidRow): BidItem => ({
  id: row.id,
  amount: centsToUsd(Number(row.amount_cents)),
  createdAt: isoOf(row.created_at),
  user: { id: row.user_id, userName: row.user_name, avatar: row.avatar },
});

/** A listing's bids, newest first; maximums stay hidden, voided bids left out. */
const bidsOfListing: AdminList<ListQueryBase & { listingId: string }, BidRow, BidItem> = {
  table: 'bids',
  alias: 'b',
  condition: sql`b.voided_at IS NULL`,
  filters: ({ listingId }) => [sql`b.listing_id = ${listingId}`],
  sortKeys: BIDS_NEWEST_FIRST,
  defaultSort: 'createdAt',
  tieBreak: BIDS_TIE_BREAK,
  total: 'exact',
  select: (rows, tail) => sql`${SELECT_BID} ${BIDS_WITH_BIDDERS} ${rows} ${tail}`,
  row: BID_ROW,
  items: (_db, rows) => rows.map(bidItem),
};

/** A listing's bids (`bidsOfListing`). A draft is 404. */
export async function listingBids(
  db: Executor,
  listingId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof Auctions.ListingBids>> {
  await publicListing(db, listingId);
  return marketListPage(db, bidsOfListing, { listingId, page, limit });
}

/** Where an auction stands: price, leader, count, end, and the latest bid. */
export async function latestBid(db: Executor, listingId: string): Promise<z.output<typeof Auctions.AuctionStanding>> {
  const [listing] = await readRows(
    db,
    sqlRow(listings, 'bid_cents', 'leader_id', 'bid_count', 'end_time'),
    sql`SELECT l.bid_cents, l.leader_id, l.bid_count, l.end_time FROM listings l WHERE l.id = ${listingId} AND ${PUBLIC_LISTING}`,
  );
  if (!listing) throw notFound('Listing');
  const [latest] = await readRows(
    db,
    BID_ROW,
    sql`${SELECT_BID} ${BIDS_WITH_BIDDERS}
        WHERE b.listing_id = ${listingId} AND b.voided_at IS NULL
        ORDER BY b.created_at DESC, ${BIDS_TIE_BREAK} LIMIT 1`,
  );
  return {
    listingId,
    currentBid: listing.bid_cents === null ? null : centsToUsd(Number(listing.bid_cents)),
    leaderId: listing.leader_id,
    bidCount: listing.bid_count,
    endTime: listing.end_time === null ? null : String(new Date(listing.end_time).getTime()),
    latest: latest ? bidItem(latest) : null,
  };
}

/** The caller's own highest maximum on a listing (null when they never bid). */
export async function ownMaxBid(
  db: Executor,
  listingId: string,
  userId: string,
): Promise<z.output<typeof Auctions.OwnMaxBid>> {
  const [row] = await readRows(
    db,
    z.object({ max: sqlColumn(bids, 'max_bid_cents').nullable() }),
    sql`SELECT max(max_bid_cents) AS max FROM bids WHERE listing_id = ${listingId} AND user_id = ${userId} AND voided_at IS NULL`,
  );
  const max = row?.max ?? null;
  return { listingId, maxBid: max === null ? null : centsToUsd(Number(max)) };
}

/** One of the caller's bids, with its maximum and its auction. */
const OWN_BID_ROW = BID_ROW.extend({
  max_bid_cents: sqlColumn(bids, 'max_bid_cents'),
  listing_id: sqlColumn(listings, 'id'),
  title: sqlColumn(listings, 'title'),
  leader_id: sqlColumn(listings, 'leader_id'),
  status: sqlColumn(listings, 'status'),
});
type OwnBid = z.output<typeof Auctions.OwnBids>['items'][number];

/** The caller's bids (`b.user_id`), newest first; `active` keeps only auctions still running. */
const bidsOfUser: AdminList<
  ListQueryBase & { userId: string; active: boolean },
  z.output<typeof OWN_BID_ROW>,
  OwnBid
> = {
  table: 'bids',
  alias: 'b',
  from: () => sql`bids b JOIN listings l ON l.id = b.listing_id`,
  condition: sql`b.voided_at IS NULL`,
  filters: ({ userId, active }) => [sql`b.user_id = ${userId}`, active ? sql`l.status = 'active'` : null],
  sortKeys: BIDS_NEWEST_FIRST,
  defaultSort: 'createdAt',
  tieBreak: BIDS_TIE_BREAK,
  total: 'exact',
  select: (rows, tail) =>
    sql`${SELECT_BID}, b.max_bid_cents, l.id AS listing_id, l.title, l.leader_id, l.status
        ${BIDS_WITH_BIDDERS} JOIN listings l ON l.id = b.listing_id ${rows} ${tail}`,
  row: OWN_BID_ROW,
  // Every bid listed is the caller's (the filter): leading when the auction's leader is its bidder.
  items: (_db, rows) =>
    rows.map((row) => ({
      ...bidItem(row),
      maxBid: centsToUsd(Number(row.max_bid_cents)),
      listing: { id: row.listing_id, title: row.title, status: row.status },
      isLeading: row.leader_id === row.user_id,
    })),
};

/** The caller's bids (`bidsOfUser`). */
export async function userBids(
  db: Executor,
  userId: string,
  active: boolean,
  page: number,
  limit: number,
): Promise<z.output<typeof Auctions.OwnBids>> {
  return marketListPage(db, bidsOfUser, { userId, active, page, limit });
}
