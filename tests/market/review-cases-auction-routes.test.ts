// Auction integrity as a review-case source: as bids arrive and when the auction closes, a bidder
// at or over the threshold opens the auction's `auctionIntegrity` case, whose evidence carries the
// features and the bid ladder with the hidden maximum bids, voided bids marked. Through the real
// app (PGlite).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDueListings } from '../../server/modules/auctions/index.js';
import { ladderReviewsOf } from '../../server/modules/auctions/ladder-reviews.js';
import type { Database } from '../../server/platform/db/database.js';
import type { ReviewCase, ReviewCaseWithEvidence } from '../../shared/contract/review-cases.js';
import { startReviewApp, type ReviewApp } from './review-cases-app.js';

let database: Database;
let review: ReviewApp;
const call: ReviewApp['call'] = (...args) => review.call(...args);
const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;

async function integrityCase(listingId: string): Promise<ReviewCase | undefined> {
  const listed = await call('admin', 'GET', '/admin/review-cases?source=auctionIntegrity&limit=100');
  return (listed.body.items as ReviewCase[]).find((item) => item.subjectId === listingId);
}

/** The scoring runs after the bid's commit, without the bidder waiting: poll for its case. */
async function eventually<T>(read: () => Promise<T | undefined>): Promise<T | undefined> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

beforeAll(async () => {
  review = await startReviewApp();
  database = review.database;
}, 60_000);
afterAll(async () => {
  await review?.close();
});

describe('auction integrity cases', () => {
  it('a bidder linked to the seller who pushes the price opens a case as bids arrive; the close joins it', async () => {
    const [sellerId, shillId] = [await me('seller'), await me('shill')];
    await database.db.execute(
      sql`UPDATE users SET phone_number = '+15552124567' WHERE id IN (${sellerId}, ${shillId})`,
    );
    const created = await call('seller', 'POST', '/listing', {
      title: 'Signed print',
      listingType: 'auction',
      startingBid: 1,
    });
    const listingId = created.body.id as string;
    for (const amount of [1, 2, 3]) {
      expect(await call('shill', 'POST', '/bid', { listingId, amount, maxBid: amount + 1 })).toMatchObject({
        status: 200,
      });
    }
    expect((await call('buyer', 'POST', '/bid', { listingId, amount: 6, maxBid: 40 })).status).toBe(200);

    const opened = await eventually(() => integrityCase(listingId));
    expect(opened).toMatchObject({
      subjectType: 'listing',
      priority: 'high',
      signalCount: 1,
      subjectUser: { id: shillId },
      reason: 'Shill bidding suspected: 1 bidder at or over 0.599',
    });
    expect(opened!.excerpt).toContain('(linked: phone)');

    expect((await call('seller', 'PATCH', `/listing/${listingId}/ended`)).status).toBe(200);
    await closeDueListings(review.app.market);
    const joined = await integrityCase(listingId);
    expect(joined).toMatchObject({ id: opened!.id, signalCount: 2 });

    const shown = (await call('admin', 'GET', `/admin/review-cases/${opened!.id}`))
      .body as unknown as ReviewCaseWithEvidence;
    expect(shown.evidence.listing?.id).toBe(listingId);
    // The whole ladder, newest first, with the maximum bids buyers never see.
    expect(shown.evidence.bidLadder.map((bid) => bid.maxBid)).toContain(40);
    expect(shown.evidence.bidLadder.length).toBeGreaterThanOrEqual(4);
    const details = shown.evidence.details as {
      at: string;
      threshold: number;
      suspects: { bidderId: string; score: number; links: string[]; features: Record<string, number> }[];
    };
    expect(details).toMatchObject({ at: 'close', threshold: 0.599 });
    expect(details.suspects[0]).toMatchObject({ bidderId: shillId, links: ['phone'] });
    expect(Object.keys(details.suspects[0]!.features).sort()).toEqual([
      'bidderTendency',
      'biddingRatio',
      'earlyBidding',
      'lastMinuteAvoidance',
      'losingRatio',
      'successiveOutbidding',
    ]);
  });

  it("the case's ladder keeps voided bids as evidence, each marked with its reason", async () => {
    const [sellerId, shillId, buyerId] = [await me('seller'), await me('shill2'), await me('buyer')];
    await database.db.execute(
      sql`UPDATE users SET phone_number = '+15552127654' WHERE id IN (${sellerId}, ${shillId})`,
    );
    const created = await call('seller', 'POST', '/listing', {
      title: 'Voided print',
      listingType: 'auction',
      startingBid: 1,
    });
    const listingId = created.body.id as string;
    for (const amount of [1, 2, 3]) {
      expect((await call('shill2', 'POST', '/bid', { listingId, amount, maxBid: amount + 1 })).status).toBe(200);
    }
    expect((await call('buyer', 'POST', '/bid', { listingId, amount: 6, maxBid: 40 })).status).toBe(200);
    const opened = await eventually(() => integrityCase(listingId));
    expect(opened).toBeDefined();
    const voided = await call('admin', 'POST', `/admin/listings/active/${listingId}/void-bids`, {
      userIds: [shillId],
      reason: 'Shill linked by phone',
    });
    expect(voided.body).toMatchObject({ voided: 3 });

    const shown = (await call('admin', 'GET', `/admin/review-cases/${opened!.id}`))
      .body as unknown as ReviewCaseWithEvidence;
    const ladder = shown.evidence.bidLadder;
    expect(ladder).toHaveLength(4);
    expect(ladder.map((bid) => [bid.bidderId, bid.voidReason])).toEqual([
      [buyerId, null],
      [shillId, 'Shill linked by phone'],
      [shillId, 'Shill linked by phone'],
      [shillId, 'Shill linked by phone'],
    ]);
    for (const bid of ladder) expect(bid.voidedAt === null).toBe(bid.bidderId === buyerId);
  });

  it('an ordinary bidding war opens nothing', async () => {
    const created = await call('seller', 'POST', '/listing', {
      title: 'Plain vase',
      listingType: 'auction',
      startingBid: 1,
    });
    const listingId = created.body.id as string;
    const bidders = ['ann', 'bob', 'cat', 'dan', 'eve'];
    for (const [index, bidder] of bidders.entries()) {
      await call(bidder, 'POST', '/bid', { listingId, amount: 2 + index * 2, maxBid: 2 + index * 2 });
    }
    // Nothing opened once every review the bids made due has run (not after a guessed wait).
    await vi.waitFor(() => expect(ladderReviewsOf(database.db).pending).toBe(0), { timeout: 20_000, interval: 20 });
    expect(await integrityCase(listingId)).toBeUndefined();
  });
});
