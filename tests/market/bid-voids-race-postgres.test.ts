// Voiding bids racing new bids on real PostgreSQL (PGlite runs one transaction at a time, so it
// cannot show it): the void takes the auction's row lock, as the bid path does, so each bid is
// decided wholly before a void or wholly after it. However they interleave, the auction ends up
// where the proxy rule replayed over its bids that were not voided, in their original order, puts
// it, and its public count is the count of those bids.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../server/platform/db/database.js';
import { HttpError } from '../../server/platform/http/errors.js';
import { placeBidInDb } from '../../server/modules/auctions/bidding.js';
import { voidBids } from '../../server/modules/auctions/flows/void-bids.js';
import { replayBids } from '../../server/modules/auctions/rules/bid-replay.js';
import { createAdminEvents } from '../../server/platform/events/admin-events.js';
import { bids, listings } from '../../server/platform/db/schema/index.js';
import { countValue, readRows, sqlRow } from '../../server/platform/db/sql-row.js';

import {
  createAuction,
  createUsers,
  depsFor,
  type MarketTestDb,
  type RecordedEvent,
  startMarketDb,
} from './market-db.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('postgres');
if (!available) console.warn('SKIPPED: PostgreSQL 15 binaries not found, the bid-void race test cannot run');

const admin = { uid: 'uid-admin', email: 'admin@market.test', emailVerified: true, admin: true };
const STANDING = sqlRow(listings, 'bid_cents', 'leader_id', 'leader_max_cents', 'bid_count', 'starting_bid_cents');
const BID = sqlRow(bids, 'id', 'user_id', 'max_bid_cents');
const COUNT = z.object({ count: countValue });

/** A small deterministic generator, so a failing interleaving's inputs can be run again. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe.skipIf(!available)('voiding bids racing bids on PostgreSQL', () => {
  let pg: MarketTestDb;
  let database: Database;
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    pg = await startMarketDb();
    database = await pg.open(12);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it('bids arriving while bids are voided never leave a standing the replay of the bids left would not give', async () => {
    const deps = depsFor(database, log);
    const voidDeps = { db: database.db, events: createAdminEvents() };
    const [sellerId, ...bidders] = await createUsers(database, 9, 'racer');
    let voidsThatVoided = 0;
    let bidsAfterAVoid = 0;
    const refusals = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const random = generator(round + 1);
      const listingId = await createAuction(database, sellerId!, { startingBidCents: 100 });
      // A head start, so the first voids have bids to void.
      for (const [index, bidderId] of bidders.slice(0, 3).entries()) {
        await placeBidInDb(deps, { listingId, bidderId, maxCents: 200 + index * 300 });
      }
      const work: Promise<unknown>[] = [];
      let voidsStarted = 0;
      for (let step = 0; step < 30; step += 1) {
        const delay = random(40);
        if (step % 8 === 4) {
          const userIds = bidders.filter(() => random(3) === 0).slice(0, 3);
          if (userIds.length === 0) userIds.push(bidders[random(bidders.length)]!);
          work.push(
            new Promise((resolve) => setTimeout(resolve, delay))
              .then(() => {
                voidsStarted += 1;
                return voidBids(voidDeps, listingId, { userIds, reason: 'race' }, admin);
              })
              .then((answer) => {
                if (answer.voided > 0) voidsThatVoided += 1;
              }),
          );
        } else {
          const bidderId = bidders[random(bidders.length)]!;
          const maxCents = 300 + step * 120 + random(900);
          work.push(
            new Promise((resolve) => setTimeout(resolve, delay)).then(async () => {
              const afterVoid = voidsStarted > 0;
              // A refusal (below the minimum, not above one's own maximum) is a fine answer here;
              // anything else (a lock error, a 5xx) fails the round.
              const placed = await placeBidInDb(deps, { listingId, bidderId, maxCents }).catch((error: unknown) => {
                if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) {
                  refusals.add(`${error.statusCode} ${error.message}`);
                  return null;
                }
                throw error;
              });
              if (placed && afterVoid) bidsAfterAVoid += 1;
            }),
          );
        }
      }
      await Promise.all(work);

      const [row] = await readRows(
        database.db,
        STANDING,
        sql`SELECT bid_cents, leader_id, leader_max_cents, bid_count, starting_bid_cents FROM listings WHERE id = ${listingId}`,
      );
      const left = await readRows(
        database.db,
        BID,
        sql`SELECT id, user_id, max_bid_cents FROM bids WHERE listing_id = ${listingId} AND voided_at IS NULL
            ORDER BY created_at, seq NULLS FIRST, id`,
      );
      const { standing, steps } = replayBids(
        { listingId, sellerId: sellerId!, startingBidCents: Number(row!.starting_bid_cents) },
        left.map((bid) => ({ bidId: bid.id, bidderId: bid.user_id, maxCents: Number(bid.max_bid_cents) })),
      );
      expect(
        steps.every((step) => step.counted),
        `round ${round}: every bid left counts`,
      ).toBe(true);
      expect(
        {
          leaderId: row!.leader_id,
          leaderMaxCents: row!.leader_id === null ? null : Number(row!.leader_max_cents),
          currentBidCents: row!.leader_id === null ? null : Number(row!.bid_cents),
          bidCount: row!.bid_count,
        },
        `round ${round}`,
      ).toEqual(standing);
      const [publicCount] = await readRows(
        database.db,
        COUNT,
        sql`SELECT count(*) AS count FROM bids WHERE listing_id = ${listingId} AND voided_at IS NULL`,
      );
      expect(Number(publicCount!.count)).toBe(row!.bid_count);
    }
    // The race was a race: voids voided bids, and bids were placed once voids had begun.
    expect(voidsThatVoided).toBeGreaterThan(3);
    expect(bidsAfterAVoid).toBeGreaterThan(10);
    // Every refusal is one of the two the rules give, nothing else was swallowed.
    for (const refusal of refusals)
      expect(refusal).toMatch(
        /^409 (Bid must be at least \$[\d.,]+|Your maximum bid is already \$[\d.,]+; a new maximum must be higher)$/,
      );
  }, 120_000);
});
