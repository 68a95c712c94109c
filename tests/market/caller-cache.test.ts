// The remembered caller (server/platform/auth/market-users.ts, `callerCacheOf`): the market routes look a
// token's users row up once per few seconds, and nothing a deletion or an account switch-off
// must stop gets through meanwhile. Fake identity on PGlite for the cache's own rules and the
// admin API's deletion; the real Auth emulator for a Firebase account an admin disables.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, inject, it } from 'vitest';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { fakeIdentity } from './market-db.js';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { placeBidInDb } from '../../server/modules/auctions/bidding.js';
import { marketAccounts } from '../../server/modules/accounts/index.js';
import { callerCacheOf, createCallerCache } from '../../server/platform/auth/market-users.js';
import { EMULATOR_HOST, PROJECT_ID, signUp } from '../support/auth-emulator.js';
import { useApp } from '../support/app-fixture.js';

async function callAs(app: FastifyInstance, token: string | null, method: string, url: string, payload?: object) {
  const response = await app.inject({
    method: method as 'GET',
    url: `/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** An auction of the token's user, enabled as a seller first (only an enabled seller lists). */
async function openAuction(app: FastifyInstance, sellerToken: string) {
  const seller = await callAs(app, sellerToken, 'GET', '/user/my-details');
  expect(seller.status, JSON.stringify(seller.body)).toBe(200);
  await app.market.db.execute(sql`UPDATE users SET seller_enabled = true WHERE id = ${seller.body.id as string}`);
  const created = await callAs(app, sellerToken, 'POST', '/listing', {
    title: 'Cache lot',
    listingType: 'auction',
    startingBid: 10,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

describe('caller cache (fake identity, PGlite)', () => {
  let database: Database;
  let app: FastifyInstance;
  const call = (user: string | null, method: string, url: string, payload?: object) =>
    callAs(app, user === null ? null : `token-${user}`, method, url, payload);
  const lookups = async (uid: string) => {
    const [row] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM users WHERE firebase_id = ${uid}`);
    return row?.id ?? null;
  };

  useApp({ identity: fakeIdentity }, (opened) => ({ app, database } = opened));

  it('remembers a caller for the TTL, then reads the row again; the admin flag is always the token’s', async () => {
    let clock = 1_000;
    const cache = createCallerCache(database.db, marketAccounts, { ttlMs: 5_000, now: () => clock });
    const first = await cache.resolve({ uid: 'uid-ttl', email: 'ttl@market.test', emailVerified: true, admin: false });
    expect(await lookups('uid-ttl')).toBe(first.id);
    await database.db.execute(sql`UPDATE users SET user_name = 'renamed_in_sql' WHERE id = ${first.id}`);
    const remembered = await cache.resolve({
      uid: 'uid-ttl',
      email: 'ttl@market.test',
      emailVerified: true,
      admin: true,
    });
    expect(remembered).toMatchObject({ id: first.id, userName: first.userName, admin: true });
    clock += 5_001;
    expect(
      await cache.resolve({ uid: 'uid-ttl', email: 'ttl@market.test', emailVerified: true, admin: false }),
    ).toMatchObject({
      userName: 'renamed_in_sql',
      admin: false,
    });
  });

  it('never remembers a deleted user, and refuses one deleted behind its back once the TTL is over', async () => {
    let clock = 0;
    const cache = createCallerCache(database.db, marketAccounts, { ttlMs: 5_000, now: () => clock });
    const user = await cache.resolve({ uid: 'uid-gone', email: 'gone@market.test', emailVerified: true, admin: false });
    await database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${user.id}`);
    clock += 5_001;
    await expect(
      cache.resolve({ uid: 'uid-gone', email: 'gone@market.test', emailVerified: true, admin: false }),
    ).rejects.toThrow('This account was deleted');
    expect(cache.size).toBe(0);
    await expect(
      cache.resolve({ uid: 'uid-gone', email: 'gone@market.test', emailVerified: true, admin: false }),
    ).rejects.toThrow('This account was deleted');
  });

  it('does not store a lookup that was in flight when the caller was forgotten', async () => {
    const cache = createCallerCache(database.db, marketAccounts);
    const identity = { uid: 'uid-race', email: 'race@market.test', emailVerified: true, admin: false };
    const pending = cache.resolve(identity);
    cache.forget(identity.uid);
    await pending;
    expect(cache.size).toBe(0);
    await cache.resolve(identity);
    expect(cache.size).toBe(1);
  });

  it('keeps at most `max` callers, dropping the oldest', async () => {
    const cache = createCallerCache(database.db, marketAccounts, { max: 2 });
    for (const name of ['max1', 'max2', 'max3']) {
      await cache.resolve({ uid: `uid-${name}`, email: `${name}@market.test`, emailVerified: true, admin: false });
    }
    expect(cache.size).toBe(2);
  });

  it("refuses a deleted user's token right after the admin API deletes them, on every secured route", async () => {
    const listingId = await openAuction(app, 'token-sellerdel');
    const bid = await call('victim', 'POST', '/bid', { listingId, amount: 10 });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    const victimId = (await call('victim', 'GET', '/user/my-details')).body.id as string;
    expect(callerCacheOf(database.db, marketAccounts).size).toBeGreaterThan(0);

    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/v1/admin/users/${victimId}`,
          headers: { authorization: 'Bearer token-admin' },
        })
      ).statusCode,
    ).toBe(204);

    const after = await call('victim', 'POST', '/bid', { listingId, amount: 20 });
    expect(after).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'This account was deleted' },
    });
    expect((await call('victim', 'GET', '/user/my-details')).status).toBe(403);
    expect(
      (await call('victim', 'POST', '/listing', { title: 'x', listingType: 'auction', startingBid: 1 })).status,
    ).toBe(403);
  });

  it('refuses a bid from a user deleted by any other path (another node, SQL) under the auction lock, cache or not', async () => {
    const listingId = await openAuction(app, 'token-sellersql');
    expect((await call('ghost', 'POST', '/bid', { listingId, amount: 10 })).status).toBe(200);
    const ghostId = (await call('ghost', 'GET', '/user/my-details')).body.id as string;
    // Not through the admin API: this node's cache still holds the caller.
    await database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${ghostId}`);
    const refused = await call('ghost', 'POST', '/bid', { listingId, amount: 50 });
    expect(refused).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'This account was deleted' },
    });
    const [count] = await queryRows<{ count: string | number }>(
      database.db,
      sql`SELECT count(*) AS count FROM bids WHERE user_id = ${ghostId}`,
    );
    expect(Number(count!.count)).toBe(1);
    // The service refuses it the same way.
    await expect(placeBidInDb(app.market, { listingId, bidderId: ghostId, maxCents: 100_00 })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('shows an admin’s rename on the next request', async () => {
    const before = (await call('renamed', 'GET', '/user/my-details')).body;
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/v1/admin/users/${before.id as string}/username`,
      headers: { authorization: 'Bearer token-admin' },
      payload: { userName: 'fresh_name' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call('renamed', 'GET', '/user/my-details')).body.userName).toBe('fresh_name');
  });
});

const adminToken = inject('adminToken');

describe.skipIf(!adminToken)('caller cache with the Auth emulator', () => {
  let app: FastifyInstance;

  useApp(
    {
      // Standings remembered for 1 s here (60 s in the API): an account disabled outside the API
      // is refused once its remembered standing is that old; one disabled through the API at once.
      identity: firebaseIdentity({
        projectId: PROJECT_ID,
        emulatorHost: EMULATOR_HOST,
        standings: { maxAgeMs: 1_000, refreshAfterMs: 1_000 },
      }),
    },
    (opened) => ({ app } = opened),
  );

  it('refuses a user whose Firebase account was disabled outside the API, once the remembered standing is old', async () => {
    const stamp = Date.now();
    const seller = await signUp(`cache-seller-${stamp}@market.test`, 'secret-pass');
    const bidder = await signUp(`cache-bidder-${stamp}@market.test`, 'secret-pass');
    const listingId = await openAuction(app, seller.idToken);
    expect((await callAs(app, bidder.idToken, 'POST', '/bid', { listingId, amount: 10 })).status).toBe(200);

    const auth = getAuth(
      getApps().find((existing) => existing.name === 'caller-cache-admin') ??
        initializeApp({ projectId: PROJECT_ID }, 'caller-cache-admin'),
    );
    await auth.updateUser(bidder.localId, { disabled: true });
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const refused = await callAs(app, bidder.idToken, 'POST', '/bid', { listingId, amount: 20 });
    expect(refused).toEqual({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid, expired or revoked token' },
    });
  });

  it('refuses a user the admin API deleted (row and Firebase account) with the old token', async () => {
    const stamp = Date.now();
    const seller = await signUp(`cache-seller2-${stamp}@market.test`, 'secret-pass');
    const bidder = await signUp(`cache-bidder2-${stamp}@market.test`, 'secret-pass');
    const listingId = await openAuction(app, seller.idToken);
    expect((await callAs(app, bidder.idToken, 'POST', '/bid', { listingId, amount: 10 })).status).toBe(200);
    const bidderId = (await callAs(app, bidder.idToken, 'GET', '/user/my-details')).body.id as string;
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/v1/admin/users/${bidderId}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const refused = await callAs(app, bidder.idToken, 'POST', '/bid', { listingId, amount: 20 });
    expect([401, 403]).toContain(refused.status);
  });
});
