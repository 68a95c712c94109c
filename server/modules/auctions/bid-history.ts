// A user's bidding record (`GET /bid/user/unique/{id}`): the distinct auctions they bid on, with
// their highest bid and whether they lead. Public, like a listing's bid history, from which all of
// it can be read anyway: the shown bid amounts and the leader; never the hidden maximum bids.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UniqueBidAuctions } from '../../../shared/contract/market/auctions.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { bids, listings, users } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { epochMsText, isoOf, usdOrNull } from '../../platform/db/values.js';
import { notFound } from '../../platform/http/errors.js';
import { PUBLIC_LISTING } from '../listings/index.js';

/** An auction the user bid on, with their highest bid, how many, and when they last bid. */
const BID_AUCTION_ROW = sqlRow(listings, 'title', 'status', 'end_time', 'bid_cents', 'bid_count', 'leader_id').extend({
  listing_id: sqlColumn(listings, 'id'),
  highest_bid_cents: sqlColumn(bids, 'amount_cents'),
  bids: countValue,
  last_bid_at: sqlColumn(bids, 'created_at'),
});

/** The user's bids on each listing: their highest, how many, and the last one's time. */
const bidsByListing = (userId: string) =>
  sql`(SELECT listing_id, max(amount_cents) AS highest_bid_cents, count(*) AS bids, max(created_at) AS last_bid_at
       FROM bids WHERE user_id = ${userId} AND voided_at IS NULL GROUP BY listing_id) mine
      JOIN listings l ON l.id = mine.listing_id`;

/** The auctions `userId` bid on, the one they bid on last first; only listings anybody may see (`PUBLIC_LISTING`). */
const auctionsBidOnBy = (
  userId: string,
): AdminList<ListQueryBase, z.output<typeof BID_AUCTION_ROW>, UniqueBidAuction> => ({
  table: 'listings',
  alias: 'l',
  from: () => bidsByListing(userId),
  condition: PUBLIC_LISTING,
  sortKeys: { lastBidAt: { column: sql`mine.last_bid_at` } },
  defaultSort: 'lastBidAt',
  tieBreak: sql`l.id DESC`,
  total: 'exact',
  select: (rows, tail) =>
    sql`SELECT l.id AS listing_id, l.title, l.status, l.end_time, l.bid_cents, l.bid_count, l.leader_id,
               mine.highest_bid_cents, mine.bids, mine.last_bid_at
        FROM ${bidsByListing(userId)} ${rows} ${tail}`,
  row: BID_AUCTION_ROW,
  items: (_db, rows) =>
    rows.map((row) => ({
      listing: {
        id: row.listing_id,
        title: row.title,
        status: row.status,
        endTime: epochMsText(row.end_time),
        currentBid: usdOrNull(row.bid_cents),
        bidCount: row.bid_count,
      },
      highestBid: centsToUsd(Number(row.highest_bid_cents)),
      bids: Number(row.bids),
      lastBidAt: isoOf(row.last_bid_at),
      // On an ended auction the leader is its winner.
      isLeading: row.leader_id === userId,
    })),
});

type UniqueBidAuction = z.output<typeof UniqueBidAuctions>['items'][number];

/** The auctions `userId` bid on (`auctionsBidOnBy`); 404 for an unknown or deleted user. */
export async function uniqueBidAuctions(
  db: Executor,
  userId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof UniqueBidAuctions>> {
  const [user] = await readRows(
    db,
    sqlRow(users, 'id'),
    sql`SELECT id FROM users WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  if (!user) throw notFound('User');
  return marketListPage(db, auctionsBidOnBy(userId), { page, limit });
}
