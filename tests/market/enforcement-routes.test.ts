// Enforcement through the admin API, and its effects on the buyer/seller API for every client:
// warn, suspend selling, suspend until a date, ban and lift, each logged, notified and pushed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUser } from '../../shared/contract/entities.js';
import { EnforcementImpact } from '../../shared/contract/accountability.js';
import { queryRows } from '../../server/platform/db/database.js';
import { forgetCaller } from '../../server/platform/auth/market-users.js';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../server/platform/auth/market-users.js';
import { SELLING_SUSPENDED_BY_ADMIN_MESSAGE } from '../../server/modules/accounts/selling.js';
import { type AccountabilityApp, startAccountabilityApp } from './accountability-app.js';

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

describe('enforcement routes', () => {
  let t: AccountabilityApp;
  const call = (...args: Parameters<AccountabilityApp['call']>) => t.call(...args);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const enforce = (userId: string, body: object, as = 'admin') =>
    call(as, 'POST', `/admin/users/${userId}/enforcement`, body);

  beforeAll(async () => {
    t = await startAccountabilityApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows the impact first: live auctions, leading bids and open listings of the user', async () => {
    const sellerId = await me('impactseller');
    await t.database.db.execute(sql`
      INSERT INTO listings (user_id, title, listing_type, starting_bid_cents, end_time)
      VALUES (${sellerId}, 'Lamp', 'auction', 500, now() + interval '1 day'),
             (${sellerId}, 'Vase', 'default', NULL, NULL)`);
    const answer = await call('admin', 'GET', `/admin/users/${sellerId}/enforcement-impact`);
    expect(answer.status).toBe(200);
    expect(EnforcementImpact.parse(answer.body)).toEqual({
      activeListings: 2,
      liveAuctions: 1,
      leadingBids: 0,
      unpaidWins: 0,
      openOrdersAsBuyer: 0,
      openOrdersAsSeller: 0,
      pendingPayoutCents: 0,
    });
    expect((await call('admin', 'GET', '/admin/users/nobody/enforcement-impact')).status).toBe(404);
  });

  it('suspends selling: listing creation answers 403 sellingSuspended, buying goes on, lift restores it', async () => {
    const sellerId = await me('seller');
    await call('admin', 'PATCH', `/admin/users/${sellerId}/enable-disable-seller`, { sellerEnabled: true });
    const listing = { title: 'Signed bat', listingType: 'auction', startingBid: 5 };
    expect((await call('seller', 'POST', '/listing', listing)).status).toBe(201);

    const suspended = await enforce(sellerId, { action: 'suspendSelling', reason: 'Spam: copied listings' });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(AdminUser.parse(suspended.body).enforcement).toEqual({
      action: 'suspendSelling',
      reason: 'Spam: copied listings',
      until: null,
    });
    expect(await call('seller', 'POST', '/listing', listing)).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        code: 'sellingSuspended',
        message: SELLING_SUSPENDED_BY_ADMIN_MESSAGE,
      },
    });
    // Not an account suspension: the seller still signs in and reads.
    expect((await call('seller', 'GET', '/user/my-details')).status).toBe(200);
    const shown = await call('admin', 'GET', `/admin/users/${sellerId}`);
    expect((shown.body.enforcement as { action: string }).action).toBe('suspendSelling');

    expect((await enforce(sellerId, { action: 'lift', reason: 'Appeal accepted' })).body.enforcement).toBeNull();
    expect((await call('seller', 'POST', '/listing', listing)).status).toBe(201);
  });

  it('suspends an account: 403 accountSuspended on every secured route, listings hidden, sockets told to go', async () => {
    const userId = await me('suspendee');
    await call('admin', 'PATCH', `/admin/users/${userId}/enable-disable-seller`, { sellerEnabled: true });
    const created = await call('suspendee', 'POST', '/listing', { title: 'Clock', price: 20 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listingId = created.body.id as string;
    expect((await call(null, 'GET', `/listing/${listingId}`)).status).toBe(200);

    const until = inADay();
    const answer = await enforce(userId, { action: 'suspend', reason: 'Unpaid wins', until, message: 'Pay first' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.enforcement).toEqual({ action: 'suspend', reason: 'Unpaid wins', until: expect.any(String) });
    expect(Date.parse((answer.body.enforcement as { until: string }).until)).toBe(Date.parse(until));
    expect(t.suspendedUsers).toContain(userId);

    const refused = {
      statusCode: 403,
      error: 'Forbidden',
      code: 'accountSuspended',
      message: ACCOUNT_SUSPENDED_MESSAGE,
    };
    for (const [method, url] of [
      ['GET', '/user/my-details'],
      ['GET', '/notifications'],
      ['POST', '/listing'],
    ] as const) {
      expect(await call('suspendee', method, url, method === 'POST' ? { title: 'X', price: 1 } : undefined)).toEqual({
        status: 403,
        body: refused,
      });
    }
    // Their listings leave public reads while it lasts.
    expect((await call(null, 'GET', `/listing/${listingId}`)).status).toBe(404);
    const publicList = await call(null, 'GET', '/listing?limit=100');
    expect((publicList.body.items as { id: string }[]).map((item) => item.id)).not.toContain(listingId);

    // It ends by itself: once `until` has passed, everything is back (no job needed).
    await t.database.db.execute(
      sql`UPDATE users SET suspended_until = now() - interval '1 second' WHERE id = ${userId}`,
    );
    forgetCaller(t.database.db, 'uid-suspendee');
    expect((await call('suspendee', 'GET', '/user/my-details')).status).toBe(200);
    expect((await call(null, 'GET', `/listing/${listingId}`)).status).toBe(200);
    expect((await call('admin', 'GET', `/admin/users/${userId}`)).body.enforcement).toBeNull();
  });

  it('bans, notifies the user, logs every enforcement in the audit log and pushes it live', async () => {
    const userId = await me('bannee');
    expect((await enforce(userId, { action: 'warn', reason: 'Harassment or abuse: rude chats' })).status).toBe(200);
    const banned = await enforce(userId, { action: 'ban', reason: 'Scam or fraud' });
    expect(banned.body.enforcement).toEqual({ action: 'ban', reason: 'Scam or fraud', until: null });
    expect((await call('bannee', 'GET', '/user/my-details')).body.code).toBe('accountSuspended');

    const notices = await queryRows<{ type: string; title: string }>(
      t.database.db,
      sql`SELECT type, title FROM notifications WHERE user_id = ${userId} ORDER BY created_at, title`,
    );
    expect(notices).toEqual(
      [
        { type: 'accountAction', title: 'Your account is banned' },
        { type: 'accountAction', title: 'You received a warning from the marketplace team' },
      ].sort((a, b) => a.title.localeCompare(b.title)),
    );

    const log = await call('admin', 'GET', `/admin/audit-log?recordType=user&recordId=${userId}`);
    expect((log.body.items as { action: string }[]).map((item) => item.action)).toEqual(['banUser', 'warnUser']);
    // A warning changes nothing on the user: the entry still says what was applied, and why.
    const warning = (log.body.items as { action: string; after: { enforcementApplied: unknown } }[])[1]!;
    expect(warning.after.enforcementApplied).toEqual({
      action: 'warn',
      reason: 'Harassment or abuse: rude chats',
      until: null,
      message: null,
    });
    expect(t.audited.filter((entry) => entry.recordId === userId).map((entry) => entry.action)).toEqual([
      'warnUser',
      'banUser',
    ]);
  });

  it('refuses bad enforcement with 4xx and applies nothing', async () => {
    const userId = await me('careful');
    const cases: [object, number][] = [
      [{ action: 'suspend', reason: 'Spam' }, 400],
      [{ action: 'suspend', reason: 'Spam', until: new Date(Date.now() - 60_000).toISOString() }, 400],
      [{ action: 'ban', reason: 'Spam', until: inADay() }, 400],
      [{ action: 'warn', reason: '' }, 400],
      [{ action: 'delete', reason: 'Spam' }, 400],
      [{ action: 'warn', reason: 'Spam', extra: true }, 400],
      [{ action: 'lift', reason: 'Nothing to lift' }, 409],
    ];
    for (const [body, status] of cases) {
      const answer = await enforce(userId, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
    }
    expect((await enforce('no-such-user', { action: 'warn', reason: 'Spam' })).status).toBe(404);
    const rows = await queryRows(t.database.db, sql`SELECT 1 FROM user_enforcements WHERE user_id = ${userId}`);
    expect(rows).toEqual([]);
  });
});
