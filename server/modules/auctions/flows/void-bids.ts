// Voiding bids (`POST /admin/listings/active/{id}/void-bids`): one unit of work a reader follows
// top to bottom. An admin takes every bid of some bidders (a ring, a shill) off a running auction;
// the bids stay, marked voided, as evidence, and the auction's standing is what the bid path's own
// rule gives over the bids left. Everything runs under the auction's row lock, the lock the bid
// path takes, so a bid racing the void is decided wholly before it or wholly after it; the
// listing's standing is written through listings, the withdrawn bid lines through conversations,
// the notices through notifications, all in the same transaction. The live screens hear of it
// only after the commit.
import type { VoidBidsBody, VoidBidsResult } from '../../../../shared/contract/admin-bid-void-routes.js';
import type { VerifiedIdentity } from '../../../platform/auth/identity.js';
import { recordAdminAction } from '../../../platform/db/admin-log.js';
import type { Db } from '../../../platform/db/database.js';
import type { AdminEvents } from '../../../platform/events/admin-events.js';
import { inAdminUnitOfWork } from '../../../platform/events/admin-unit-of-work.js';
import { withdrawBidMessages } from '../../conversations/index.js';
import { auctionStateUpdate } from '../../listings/index.js';
import { lockRunningAuction, markBidsVoided, notifyVoidedStanding, planVoid } from '../bid-voids.js';

export interface VoidBidsDeps {
  db: Db;
  events: AdminEvents;
}

/** Voids every bid of `body.userIds` and recomputes the standing; with `dryRun` only answers what it would do. */
export async function voidBids(
  deps: VoidBidsDeps,
  listingId: string,
  body: VoidBidsBody,
  admin: VerifiedIdentity,
): Promise<VoidBidsResult> {
  const voidedIds = [...new Set(body.userIds)];
  const dryRun = body.dryRun === true;
  return inAdminUnitOfWork(deps, async (tx, outbox) => {
    const now = new Date();
    // Step: the running auction, locked.
    const row = await lockRunningAuction(tx, listingId, dryRun, now);
    // Step: the standing replayed over the bids left.
    const plan = await planVoid(tx, row, voidedIds);
    if (dryRun || plan.result.voided === 0) return plan.result;
    // Step: the bids marked voided (auctions).
    await markBidsVoided(tx, listingId, voidedIds, body.reason, now);
    // Step: the listing's new standing (listings).
    await tx.execute(
      auctionStateUpdate({
        listingId,
        priceCents: plan.after.currentBidCents,
        leaderId: plan.after.leaderId,
        leaderMaxCents: plan.after.leaderMaxCents,
        bidCount: plan.after.bidCount,
        endTime: row.end_time === null ? null : new Date(row.end_time),
        at: now,
      }),
    );
    // Step: the voided bids' lines withdrawn from the auction feed (conversations).
    const withdrawn = await withdrawBidMessages(tx, listingId, voidedIds, now);
    // Step: the bidders whose standing changed told (notifications).
    await notifyVoidedStanding(tx, row, plan);
    // Step: the audit entry.
    await recordAdminAction(tx, {
      admin,
      action: 'voidBids',
      recordType: 'listing',
      recordId: listingId,
      before: plan.result.before,
      after: { ...plan.result.after, voided: plan.result.voided, userIds: voidedIds, reason: body.reason },
    });
    // After the commit, live screens: the listing's room hears the new standing, and so does every
    // back office (`auctionStandingChanged`, market-api.ts); they drop the withdrawn bid lines.
    outbox.emit('bidsVoided', { listingId, ...plan.result.after });
    for (const id of withdrawn) outbox.emit('auctionMessageDeleted', { id });
    return plan.result;
  });
}
