// The admin bid ladder as pure rules: who can still have bids voided, which of them belong to a
// ring, and the preview of a void as the lines "before → after" for the leader, the price and the
// bid count.
import type { AdminBid, AuctionStanding, VoidBidsResult } from '../../../shared/contract/admin-bid-void-routes.js';
import { formatUsd } from '../../../shared/rules/money.js';

export interface LadderBidder {
  id: string;
  name: string;
  /** Bids of theirs that still count. */
  standingBids: number;
}

/** The bidders with a bid that still counts, newest bidder first (the ladder is newest first). */
export function voidableBidders(bids: readonly AdminBid[]): LadderBidder[] {
  const bidders = new Map<string, LadderBidder>();
  for (const bid of bids) {
    if (bid.voidedAt) continue;
    const known = bidders.get(bid.user.id);
    if (known) known.standingBids += 1;
    else bidders.set(bid.user.id, { id: bid.user.id, name: bid.user.userName ?? bid.user.id, standingBids: 1 });
  }
  return [...bidders.values()];
}

/** The ring's members among the bidders whose bids still count. */
export function ringBidderIds(bids: readonly AdminBid[], ringIds: readonly string[]): string[] {
  const ring = new Set(ringIds);
  return voidableBidders(bids)
    .filter((bidder) => ring.has(bidder.id))
    .map((bidder) => bidder.id);
}

export interface StandingLine {
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

/** A void's preview, worded: the leader by name where the ladder knows it. */
export function standingLines(result: VoidBidsResult, names: ReadonlyMap<string, string>): StandingLine[] {
  const leader = (standing: AuctionStanding) =>
    standing.leaderId === null ? 'Nobody' : (names.get(standing.leaderId) ?? standing.leaderId);
  const price = (standing: AuctionStanding) =>
    standing.currentBid === null ? 'No bid' : formatUsd(standing.currentBid);
  const rows: [string, (standing: AuctionStanding) => string][] = [
    ['Leader', leader],
    ['Price', price],
    ['Bid count', (standing) => String(standing.bidCount)],
  ];
  return rows.map(([label, show]) => {
    const before = show(result.before);
    const after = show(result.after);
    return { label, before, after, changed: before !== after };
  });
}

/** The names the ladder knows, by user id. */
export function bidderNames(bids: readonly AdminBid[]): Map<string, string> {
  return new Map(bids.map((bid) => [bid.user.id, bid.user.userName ?? bid.user.id]));
}
