// Voiding bids (ARCHITECTURE.md, "Voiding bids"): an admin takes every bid of some bidders (a ring,
// a shill) off a running auction. The bids stay, marked voided, as evidence; the auction's
// standing is what the bid path's own rule gives over the bids left, replayed in their original
// order (rules/bid-replay.ts). One transaction under the auction's row lock, the lock the bid path
// takes, so a bid racing the void is decided wholly before it or wholly after it.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminBid, VoidBidsBody, VoidBidsResult } from '../../../shared/contract/admin-bid-void-routes.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import { COUNT_ROW, inList, pageOf } from '../../platform/db/list-sql.js';
import { bids, listings, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf, isoOrNull, usdOf } from '../../platform/db/values.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { AdminEvents } from '../../platform/events/admin-events.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { auctionStateUpdate } from '../listings/index.js';
import { withdrawBidMessages } from '../conversations/index.js';
import { notifyAll, type Notice } from '../notifications/index.js';
import { type ReplayStanding, replayBids, standingChangedFor } from './rules/bid-replay.js';
import { AUCTION_ROW, DEFAULT_STARTING_BID_CENTS } from './bidding.js';

type ListingRow = z.output<typeof AUCTION_ROW>;

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

export interface VoidBidsDeps {
  db: Db;
  events: AdminEvents;
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

/**
 * Voids every bid of `body.userIds` on the auction and recomputes its standing; with `dryRun`
 * only answers what it would do. The bids are read in their original order: the order the bid
 * path's lists use, oldest first (`seq` breaks ties within a millisecond).
 */
export async function voidBids(
  deps: VoidBidsDeps,
  listingId: string,
  body: VoidBidsBody,
  admin: VerifiedIdentity,
): Promise<VoidBidsResult> {
  const voidedIds = [...new Set(body.userIds)];
  const dryRun = body.dryRun === true;
  const done = await deps.db.transaction(async (tx) => {
    // A preview takes no lock: it must not hold up the auction's bids.
    const [found] = await readRows(
      tx,
      AUCTION_ROW,
      sql`SELECT id, user_id, title, listing_type, status, deleted_at, starting_bid_cents, bid_cents, end_time,
                 leader_id, leader_max_cents, bid_count
          FROM listings l WHERE l.id = ${listingId} ${dryRun ? sql`` : sql`FOR UPDATE OF l`}`,
    );
    const now = new Date();
    const row = runningAuction(found, now.getTime());
    const all = await readRows(
      tx,
      REPLAY_ROW,
      sql`SELECT id, user_id, max_bid_cents, voided_at FROM bids WHERE listing_id = ${listingId}
          ORDER BY created_at, seq NULLS FIRST, id`,
    );
    const counting = all.filter((bid) => bid.voided_at === null);
    const voiding = counting.filter((bid) => voidedIds.includes(bid.user_id));
    const left = counting.filter((bid) => !voidedIds.includes(bid.user_id));
    const before = rowStanding(row);
    const { standing: after } = replayBids(
      {
        listingId,
        sellerId: row.user_id,
        startingBidCents: row.starting_bid_cents === null ? DEFAULT_STARTING_BID_CENTS : Number(row.starting_bid_cents),
      },
      left.map((bid) => ({ bidId: bid.id, bidderId: bid.user_id, maxCents: Number(bid.max_bid_cents) })),
    );
    const result = { before: answerOf(before), after: answerOf(after), voided: voiding.length };
    if (dryRun || voiding.length === 0) return { result, withdrawn: [] as string[], changed: false };

    await tx.execute(
      sql`UPDATE bids SET voided_at = ${now}, void_reason = ${body.reason}
          WHERE listing_id = ${listingId} AND user_id IN ${inList(voidedIds)} AND voided_at IS NULL`,
    );
    // The bids left are numbered 1…n again, so the next bid's place (the bid path writes the new
    // count as its `seq`) comes after all of them even within the same millisecond.
    await tx.execute(
      sql`UPDATE bids b SET seq = ranked.n
          FROM (SELECT id, row_number() OVER (ORDER BY created_at, seq NULLS FIRST, id) AS n
                FROM bids WHERE listing_id = ${listingId} AND voided_at IS NULL) ranked
          WHERE b.id = ranked.id AND b.seq IS DISTINCT FROM ranked.n`,
    );
    await tx.execute(
      auctionStateUpdate({
        listingId,
        priceCents: after.currentBidCents,
        leaderId: after.leaderId,
        leaderMaxCents: after.leaderMaxCents,
        bidCount: after.bidCount,
        endTime: row.end_time === null ? null : new Date(row.end_time),
        at: now,
      }),
    );
    const withdrawn = await withdrawBidMessages(tx, listingId, voidedIds, now);
    const distinct = (list: typeof all) => [...new Set(list.map((bid) => bid.user_id))];
    await notifyAll(tx, notices(row, before, after, distinct(voiding), distinct(left)));
    await recordAdminAction(tx, {
      admin,
      action: 'voidBids',
      recordType: 'listing',
      recordId: listingId,
      before: result.before,
      after: { ...result.after, voided: result.voided, userIds: voidedIds, reason: body.reason },
    });
    return { result, withdrawn, changed: true };
  });
  if (done.changed) {
    // Live screens: the listing's room hears the new standing, and so does every back office
    // (`auctionStandingChanged`, market-api.ts); they drop the withdrawn bid lines from their
    // auction feed tables.
    deps.events.emit('bidsVoided', { listingId, ...done.result.after });
    for (const id of done.withdrawn) deps.events.emit('auctionMessageDeleted', { id });
  }
  return done.result;
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
