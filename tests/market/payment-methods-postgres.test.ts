// Removing a card while bidding, on real PostgreSQL (PGlite runs one statement at a time, so it
// cannot show it): a bid being written when the bidder removes their last usable card is counted
// (409 paymentDeletedWithActiveBids), and a removal never refuses or breaks a bid.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import type { HttpError } from '../../server/platform/http/errors.js';
import { placeBidInDb } from '../../server/modules/auctions/bidding.js';
import { addCard, removeCard, savedCardsOf } from '../../server/modules/payments/payment-methods.js';

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
if (!available)
  console.warn('SKIPPED: PostgreSQL 15 binaries not found, the payment methods PostgreSQL test cannot run');

const REFUSAL = 'You have bids on 1 running auction; add another card before removing your last usable one';

describe.skipIf(!available)('payment methods on PostgreSQL', () => {
  let pg: MarketTestDb;
  let database: Database;
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    pg = await startMarketDb();
    database = await pg.open(10);
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it('the last card removed while a bid is being written: the removal waits for the bid and refuses', async () => {
    const [sellerId, bidderId] = await createUsers(database, 2, 'card');
    const listingId = await createAuction(database, sellerId!);
    const deps = depsFor(database, log);
    const card = await addCard(deps, bidderId!, 'tok_visa');
    // The bid's statement pauses after writing its row (a test-only trigger, fired after the
    // foreign key checks), so the removal surely comes while the bid is written, not committed.
    await database.runScript(`
      CREATE FUNCTION test_slow_bid() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN PERFORM pg_sleep(0.4); RETURN NEW; END $$;
      CREATE TRIGGER zz_test_slow_bid AFTER INSERT ON bids FOR EACH ROW EXECUTE FUNCTION test_slow_bid();`);
    try {
      const bid = placeBidInDb(deps, { listingId, bidderId: bidderId!, maxCents: 1500 });
      for (let tries = 0; tries < 200; tries += 1) {
        const sleeping = await queryRows(
          database.db,
          sql`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query LIKE '%INSERT INTO bids%'`,
        );
        if (sleeping.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const [removal] = await Promise.allSettled([removeCard(deps, bidderId!, card.id)]);
      await expect(bid).resolves.toMatchObject({ isLeading: true });
      expect(removal!.status).toBe('rejected');
      const error = (removal as PromiseRejectedResult).reason as HttpError;
      expect([error.statusCode, error.code, error.message]).toEqual([409, 'paymentDeletedWithActiveBids', REFUSAL]);
      expect((await savedCardsOf(deps, bidderId!)).items.map((saved) => saved.id)).toEqual([card.id]);
    } finally {
      await database.runScript('DROP TRIGGER zz_test_slow_bid ON bids; DROP FUNCTION test_slow_bid();');
    }
  });

  it('bids and last-card removals at once, twelve bidders: every bid stands, each removal is 204 or the 409', async () => {
    const [sellerId, ...bidderIds] = await createUsers(database, 13, 'cards');
    const listingId = await createAuction(database, sellerId!);
    const deps = depsFor(database, log);
    const cards = await Promise.all(bidderIds.map((bidderId) => addCard(deps, bidderId, 'tok_mastercard')));
    const rounds = await Promise.all(
      bidderIds.map((bidderId, index) =>
        Promise.allSettled([
          placeBidInDb(deps, { listingId, bidderId, maxCents: 1000 + index * 250 }),
          removeCard(deps, bidderId, cards[index]!.id),
        ]),
      ),
    );
    for (const [index, [bid, removal]] of rounds.entries()) {
      // A removal never costs a bid: the bid path takes no lock of the removal's.
      expect(bid!.status).toBe('fulfilled');
      const left = (await savedCardsOf(deps, bidderIds[index]!)).items.map((saved) => saved.id);
      if (removal!.status === 'fulfilled') {
        expect(left).toEqual([]);
      } else {
        const error = removal!.reason as HttpError;
        expect([error.statusCode, error.code, error.message]).toEqual([409, 'paymentDeletedWithActiveBids', REFUSAL]);
        expect(left).toEqual([cards[index]!.id]);
      }
    }
    const bids = await queryRows(database.db, sql`SELECT 1 FROM bids WHERE listing_id = ${listingId}`);
    expect(bids).toHaveLength(bidderIds.length);
    // Once the bids are in, the last card stays: every removal now is the 409.
    const kept = bidderIds.flatMap((bidderId, index) =>
      rounds[index]![1]!.status === 'rejected' ? [{ bidderId, cardId: cards[index]!.id }] : [],
    );
    const again = await Promise.allSettled(kept.map(({ bidderId, cardId }) => removeCard(deps, bidderId, cardId)));
    for (const result of again) expect(result.status).toBe('rejected');
  });
});
