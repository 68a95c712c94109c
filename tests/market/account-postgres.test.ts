// The account's races on real PostgreSQL (PGlite runs one statement at a time, so it cannot show
// them): taps that arrive together make one seller request, one owner of a phone number and one
// owner of a user name; the others get the 409 a later request gets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { updateProfile } from '../../server/modules/accounts/account.js';
import { closeAccount } from '../../server/modules/accounts/account-closing.js';
import { buyNow } from '../../server/modules/orders/purchases.js';
import { placeBidInDb } from '../../server/modules/auctions/bidding.js';
import { requestToSell } from '../../server/modules/accounts/seller-requests.js';
import { startPhoneChange, verifyPhoneCode } from '../../server/modules/accounts/phone-verification.js';
import { localSms } from '../../server/modules/accounts/sms.js';
import { marketAccounts } from '../../server/modules/accounts/index.js';
import { resolveMarketUser } from '../../server/platform/auth/market-users.js';
import { postgresAvailable } from '../support/postgres-cluster.js';
import {
  createAuction,
  createUsers,
  depsFor,
  type MarketTestDb,
  outcomes,
  type RecordedEvent,
  startMarketDb,
} from './market-db.js';

const available = postgresAvailable();
if (!available) console.warn('SKIPPED: PostgreSQL 15 binaries not found, the account PostgreSQL test cannot run');

describe.skipIf(!available)('account races on PostgreSQL', () => {
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

  it('five seller requests at once: one waits for an admin, four 409s', async () => {
    const [userId] = await createUsers(database, 1, 'asker');
    const deps = depsFor(database, log);
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) =>
        requestToSell(deps, userId!, { ...request, description: `Try ${index}` }),
      ),
    );
    expect(outcomes(settled).sort()).toEqual([
      '409 Your seller request is already waiting for an admin',
      '409 Your seller request is already waiting for an admin',
      '409 Your seller request is already waiting for an admin',
      '409 Your seller request is already waiting for an admin',
      'ok',
    ]);
    const rows = await queryRows(database.db, sql`SELECT 1 FROM seller_requests WHERE user_id = ${userId}`);
    expect(rows).toHaveLength(1);
  });

  it('two accounts verifying one number at once: one owns it, the other gets 409', async () => {
    const userIds = await createUsers(database, 2, 'phone');
    const sms = localSms();
    const deps = depsFor(database, log);
    const codes: string[] = [];
    for (const userId of userIds) {
      await startPhoneChange(deps, sms, userId, '+15125550177');
      codes.push(/\d{6}/.exec(sms.lastTo('+15125550177')!.body)![0]);
    }
    const settled = await Promise.allSettled(
      userIds.map((userId, index) => verifyPhoneCode(deps, userId, codes[index]!)),
    );
    expect(outcomes(settled).sort()).toEqual(['409 This phone number is already in use', 'ok']);
    const owners = await queryRows(
      database.db,
      sql`SELECT id FROM users WHERE phone_number = '+15125550177' AND phone_verified_at IS NOT NULL`,
    );
    expect(owners).toHaveLength(1);
  });

  it('two users taking one name at once: one gets it, the other gets 409', async () => {
    const userIds = await createUsers(database, 2, 'namer');
    const deps = depsFor(database, log);
    const settled = await Promise.allSettled(
      userIds.map((userId, index) =>
        updateProfile(deps, userId, { userName: index === 0 ? 'Contested' : 'contested' }),
      ),
    );
    expect(outcomes(settled).sort()).toEqual(['409 Username already exists', 'ok']);
  });

  const noIdentity = { disableAccount: async () => undefined };

  /**
   * Closes `userId`'s account and runs `during` while the close is paused after its checks (a
   * test-only trigger on a statement it runs later), so `during` surely arrives mid-close.
   * Answers both outcomes, the close's first.
   */
  async function whileClosing(userId: string, during: () => Promise<unknown>) {
    await database.runScript(`
      CREATE FUNCTION test_slow_close() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN PERFORM pg_sleep(0.4); RETURN NULL; END $$;
      CREATE TRIGGER test_slow_close BEFORE DELETE ON phone_verifications
        FOR EACH STATEMENT EXECUTE FUNCTION test_slow_close();`);
    try {
      const closing = closeAccount(depsFor(database, log), noIdentity, userId);
      for (let tries = 0; tries < 200; tries += 1) {
        const sleeping = await queryRows(database.db, sql`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep'`);
        if (sleeping.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return await Promise.allSettled([closing, during()]);
    } finally {
      await database.runScript('DROP TRIGGER test_slow_close ON phone_verifications; DROP FUNCTION test_slow_close();');
    }
  }

  it('a bid on a running auction while its seller closes the account: one of the two is refused', async () => {
    const userIds = await createUsers(database, 12, 'closer');
    const deps = depsFor(database, log);
    // Six sellers, each with a running auction that one bidder bids on as the seller closes.
    const rounds = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (index) => {
        const [sellerId, bidderId] = [userIds[index * 2]!, userIds[index * 2 + 1]!];
        const listingId = await createAuction(database, sellerId);
        const settled = await Promise.allSettled([
          closeAccount(deps, noIdentity, sellerId),
          placeBidInDb(deps, { listingId, bidderId, maxCents: 900 }),
        ]);
        return outcomes(settled);
      }),
    );
    for (const round of rounds) {
      // Either the bid came first (the close is refused for it) or the listing went with the account.
      expect([
        ['409 Your account cannot be closed yet: 1 running listing has bids or entries', 'ok'],
        ['ok', '404 Listing not found'],
      ]).toContainEqual(round);
    }
  });

  it('a bid by a user while they close their account: the closed account never leads', async () => {
    const [sellerId, bidderId] = await createUsers(database, 2, 'leaver');
    const listingId = await createAuction(database, sellerId!);
    const deps = depsFor(database, log);
    const settled = await whileClosing(bidderId!, () =>
      placeBidInDb(deps, { listingId, bidderId: bidderId!, maxCents: 900 }),
    );
    expect(outcomes(settled)).toEqual(['ok', '403 This account was deleted']);
    const [listing] = await queryRows<{ leader_id: string | null; bid_count: number }>(
      database.db,
      sql`SELECT leader_id, bid_count FROM listings WHERE id = ${listingId}`,
    );
    expect(listing).toEqual({ leader_id: null, bid_count: 0 });
  });

  it('a purchase by a user while they close their account: no order is left on the closed account', async () => {
    const [sellerId, buyerId] = await createUsers(database, 2, 'shopper');
    const [listing] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents, in_stock)
          VALUES (${sellerId!}, 'Teapot', 'default', 2500, 3) RETURNING id`,
    );
    const deps = depsFor(database, log);
    const settled = await whileClosing(buyerId!, () => buyNow(deps, listing!.id, buyerId!));
    expect(outcomes(settled)).toEqual(['ok', '403 This account was deleted']);
    const orders = await queryRows(database.db, sql`SELECT id FROM orders WHERE buyer_id = ${buyerId!}`);
    expect(orders).toEqual([]);
    const [stock] = await queryRows<{ in_stock: number }>(
      database.db,
      sql`SELECT in_stock FROM listings WHERE id = ${listing!.id}`,
    );
    expect(stock!.in_stock).toBe(3);
  });

  it('a first sign-in whose made-up name is taken still makes the account, without a name', async () => {
    // node-postgres errors arrive wrapped by drizzle; the clash must still be recognised here.
    await database.db.execute(sql`INSERT INTO users (email, user_name) VALUES ('other@market.test', 'pat_uid-pa')`);
    const user = await resolveMarketUser(database.db, marketAccounts, {
      uid: 'uid-pat',
      email: 'pat@market.test',
      emailVerified: true,
      admin: false,
    });
    expect(user).toMatchObject({ email: 'pat@market.test', userName: null });
  });
});

const request = { instagramLink: null, tikTokLink: null, otherProfileLink: null };
