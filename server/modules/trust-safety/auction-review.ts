// Auction integrity as bids arrive and when an auction closes: the auction's ladder, each bidder's
// history and hard links to the seller go through the pure rule (rules/auction-integrity.ts); a
// suspect (at or over the threshold, or hard-linked) opens (or refreshes) the auction's
// `auctionIntegrity` case, whose details carry the features, the calibrated weights and the
// threshold (rules/integrity-score.ts). The bid ladder with the hidden maximum bids is read with
// the case (case-queue.ts), for admins only.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { inList } from '../../platform/db/list-sql.js';
import { inUnitOfWork, type UnitOfWorkDeps } from '../../platform/events/unit-of-work.js';
import { linkedAccountsOf } from '../accounts/index.js';
import { MIN_BIDS_TO_SCORE } from '../auctions/index.js';
import { LINK_KINDS } from '../../../shared/contract/accountability.js';
import { bids as bidsTable, listings, reviewCases, users } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { openReviewCase } from './open-case.js';
import { HARD_LINK_WEIGHT, scoreBidders, type BidderHistory, type HardLinkKind } from './rules/auction-integrity.js';
import { INTEGRITY_LEVELS, INTEGRITY_THRESHOLD } from './rules/integrity-score.js';

const ms = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

/** A bidder's history: the auctions they joined, those of this seller, and those they won. */
const HISTORY_ROW = sqlRow(bidsTable, 'user_id').extend({ joined: countValue, of_seller: countValue, won: countValue });

/** What an open integrity case already names: its suspects (none when its details say nothing). */
const KNOWN_SUSPECTS = z.object({ suspects: z.array(z.object({ bidderId: z.string() })).default([]) });

async function historiesOf(db: Executor, sellerId: string, bidders: string[]): Promise<Map<string, BidderHistory>> {
  const rows = await readRows(
    db,
    HISTORY_ROW,
    sql`SELECT b.user_id,
               count(DISTINCT b.listing_id) AS joined,
               count(DISTINCT b.listing_id) FILTER (WHERE l.user_id = ${sellerId}) AS of_seller,
               (SELECT count(*) FROM listings w
                 WHERE w.leader_id = b.user_id AND w.status IN ('auction_ended', 'sold')) AS won
        FROM bids b JOIN listings l ON l.id = b.listing_id
        WHERE b.user_id IN ${inList(bidders)}
        GROUP BY b.user_id`,
  );
  return new Map(
    rows.map((row) => [
      row.user_id,
      { joined: Number(row.joined), joinedOfSeller: Number(row.of_seller), won: Number(row.won) },
    ]),
  );
}

/** What ties a bidder to the seller (the accounts module's one-hop links, `linkedAccountsOf`). */
async function linksOf(db: Executor, sellerId: string, bidders: string[]): Promise<Map<string, HardLinkKind[]>> {
  const list = inList(bidders);
  const rows = await readRows(
    db,
    z.object({ user_id: sqlColumn(users, 'id'), via: z.enum(LINK_KINDS) }),
    sql`SELECT id AS user_id, via FROM (${linkedAccountsOf(sellerId)}) links WHERE id IN ${list}`,
  );
  const links = new Map<string, HardLinkKind[]>();
  for (const row of rows) {
    const kind: HardLinkKind = row.via === 'cardFingerprint' ? 'card' : row.via;
    links.set(row.user_id, [...(links.get(row.user_id) ?? []), kind]);
  }
  return links;
}

/** Scores one auction; opens or refreshes its case when a bidder is over the threshold. */
export async function reviewAuctionIntegrity(
  deps: UnitOfWorkDeps,
  listingId: string,
  when: 'bid' | 'close',
): Promise<void> {
  const [listing] = await readRows(
    deps.db,
    sqlRow(listings, 'user_id', 'created_at', 'end_time', 'listing_type'),
    sql`SELECT user_id, created_at, end_time, listing_type FROM listings WHERE id = ${listingId}`,
  );
  if (!listing || listing.listing_type !== 'auction') return;
  const bids = await readRows(
    deps.db,
    sqlRow(bidsTable, 'user_id', 'created_at').extend({ user_name: sqlColumn(users, 'user_name') }),
    sql`SELECT b.user_id, u.user_name, b.created_at FROM bids b JOIN users u ON u.id = b.user_id
        WHERE b.listing_id = ${listingId} ORDER BY b.created_at, b.id`,
  );
  if (bids.length < (when === 'bid' ? MIN_BIDS_TO_SCORE : 2)) return;
  const bidders = [...new Set(bids.map((bid) => bid.user_id))];
  const [histories, links] = await Promise.all([
    historiesOf(deps.db, listing.user_id, bidders),
    linksOf(deps.db, listing.user_id, bidders),
  ]);
  const startAt = ms(listing.created_at);
  const endAt = listing.end_time === null ? Date.now() : ms(listing.end_time);
  const scores = scoreBidders(
    {
      sellerId: listing.user_id,
      startAt,
      endAt,
      bids: bids.map((bid) => ({ bidderId: bid.user_id, at: ms(bid.created_at) })),
    },
    histories,
    links,
  );
  const suspects = scores.filter((score) => score.suspicious);
  if (suspects.length === 0) return;
  const names = new Map(bids.map((bid) => [bid.user_id, bid.user_name]));
  const suspectIds = suspects.map((s) => s.bidderId).sort();
  // As bids arrive the same suspects would join the case on every bid: only a new suspect, or the
  // close, is a new signal.
  const [open] = await readRows(
    deps.db,
    sqlRow(reviewCases, 'details'),
    sql`SELECT details FROM review_cases WHERE source = 'auctionIntegrity' AND subject_type = 'listing'
          AND subject_id = ${listingId} AND status <> 'resolved'`,
  );
  if (open && when === 'bid') {
    const details: unknown = typeof open.details === 'string' ? JSON.parse(open.details) : open.details;
    const known = KNOWN_SUSPECTS.parse(details ?? {})
      .suspects.map((s) => s.bidderId)
      .sort();
    if (known.join() === suspectIds.join()) return;
  }
  const top = suspects[0]!;
  const describe = (s: (typeof suspects)[number]) =>
    `${names.get(s.bidderId) ?? s.bidderId} ${s.score}${s.links.length ? ` (linked: ${s.links.join(', ')})` : ''}`;
  await inUnitOfWork(deps, (tx, outbox) =>
    openReviewCase(tx, outbox, {
      source: 'auctionIntegrity',
      subjectType: 'listing',
      subjectId: listingId,
      reason: `Shill bidding suspected: ${suspects.length} bidder${suspects.length === 1 ? '' : 's'} at or over ${INTEGRITY_THRESHOLD}`,
      excerpt: suspects.map(describe).join('; '),
      subjectUserId: top.bidderId,
      details: {
        at: when,
        threshold: INTEGRITY_THRESHOLD,
        levels: INTEGRITY_LEVELS,
        hardLinkWeight: HARD_LINK_WEIGHT,
        suspects: suspects.map((s) => ({ ...s, bidderName: names.get(s.bidderId) ?? null })),
        sellerId: listing.user_id,
      },
    }),
  );
}
