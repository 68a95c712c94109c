// When a user may close their own account. Closing is refused while somebody else still relies
// on them: a buyer waiting for a parcel, bidders in their running auction, a seller waiting for
// their payment. What only concerns the user (their own drafts, unsold stock) goes with them.

/** What the user still has open, counted by the caller. */
export interface OpenObligations {
  /** Running auctions and giveaways of theirs with at least one bid or entry. */
  runningAuctionsWithBids: number;
  /** Orders they sold that have not reached the buyer (paid, labelled or on the way). */
  ordersToShip: number;
  /** Running auctions they lead. */
  leadingBids: number;
  /** Orders they bought whose payment failed and that the seller still waits on. */
  unpaidPurchases: number;
}

/** Why the account cannot be closed yet, one sentence per reason; empty when it can. */
export function accountDeletionBlockers(open: OpenObligations): string[] {
  const reasons: string[] = [];
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (open.runningAuctionsWithBids > 0) {
    reasons.push(
      `${plural(open.runningAuctionsWithBids, 'running listing has', 'running listings have')} bids or entries`,
    );
  }
  if (open.ordersToShip > 0) {
    reasons.push(`${plural(open.ordersToShip, 'sold order has', 'sold orders have')} not been delivered`);
  }
  if (open.leadingBids > 0) {
    reasons.push(`you lead ${plural(open.leadingBids, 'running auction', 'running auctions')}`);
  }
  if (open.unpaidPurchases > 0) {
    reasons.push(`${plural(open.unpaidPurchases, 'purchase waits', 'purchases wait')} for your payment`);
  }
  return reasons;
}
