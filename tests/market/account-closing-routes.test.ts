// Device tokens, the badge, closing the account and contact-us.
// Through the real app (app.inject, embedded PGlite, the fake identity at the token edge), with every
// refusal; the shared set-up is in account-app.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { enableSellers } from './market-db.js';
import { app, call, database, disabled, events, log, me, useAccountApp } from './account-app.js';

describe('account routes', () => {
  useAccountApp();

  describe('devices and badge', () => {
    it('registers a device token, moves it to whoever signs in on the device, and removes only one’s own', async () => {
      expect((await call('phonea', 'POST', '/user/device-token', { token: 'fcm-1', platform: 'symbian' })).status).toBe(
        400,
      );
      expect(
        (await call('phonea', 'POST', '/user/device-token', { token: 'fcm-1', platform: 'ios' })).body,
      ).toMatchObject({ token: 'fcm-1', platform: 'ios' });
      expect((await call('phoneb', 'POST', '/user/device-token', { token: 'fcm-1', platform: 'ios' })).status).toBe(
        200,
      );
      expect((await call('phonea', 'DELETE', '/user/device-token', { token: 'fcm-1' })).body).toMatchObject({
        statusCode: 404,
        message: 'Device token not found',
      });
      expect((await call('phoneb', 'DELETE', '/user/device-token', { token: 'fcm-1' })).status).toBe(204);
      const [row] = await queryRows(database.db, sql`SELECT 1 FROM device_tokens WHERE token = 'fcm-1'`);
      expect(row).toBeUndefined();
    });

    it('counts unread notifications since the badge was reset', async () => {
      const id = await me('badge');
      const notify = () =>
        database.db.execute(
          sql`INSERT INTO notifications (user_id, type, title, created_at)
              VALUES (${id}, 'newMessage', 'New message', clock_timestamp())`,
        );
      await notify();
      await notify();
      expect((await call('badge', 'GET', '/user')).body.badgeCount).toBe(2);
      expect((await call('badge', 'PATCH', '/user/reset-badge-count')).body).toMatchObject({ badgeCount: 0 });
      expect((await call('badge', 'GET', '/user')).body.badgeCount).toBe(0);
      await notify();
      expect((await call('badge', 'GET', '/user')).body.badgeCount).toBe(1);
    });
  });

  describe('closing the account', () => {
    it('refuses while the user leads a running auction, naming why', async () => {
      await enableSellers(app, 'auctioneer');
      const auction = await call('auctioneer', 'POST', '/listing', {
        title: 'Signed ball',
        listingType: 'auction',
        startingBid: 10,
      });
      expect((await call('leader', 'POST', '/bid', { listingId: auction.body.id, amount: 10 })).status).toBe(200);
      expect((await call('leader', 'DELETE', '/user/delete-account')).body).toMatchObject({
        statusCode: 409,
        message: 'Your account cannot be closed yet: you lead 1 running auction',
      });
      expect((await call('leader', 'GET', '/user')).body.bidAmount).toBe(10);
      expect((await call('auctioneer', 'DELETE', '/user/delete-account')).body.message).toBe(
        'Your account cannot be closed yet: 1 running listing has bids or entries',
      );
    });

    it('closes the account: its listings leave the market, its giveaway entries go, and it is refused after', async () => {
      const id = await me('leaving');
      await enableSellers(app, 'leaving', 'giver');
      await call('leaving', 'POST', '/user/device-token', { token: 'fcm-leaving', platform: 'android' });
      const lamp = await call('leaving', 'POST', '/listing', { title: 'Desk lamp', price: 30 });
      const giveaway = await call('giver', 'POST', '/listing', { title: 'Free stickers', listingType: 'giveaway' });
      expect((await call('leaving', 'POST', '/giveaway-entry', { listingId: giveaway.body.id })).status).toBe(201);
      expect((await call('stayer', 'POST', '/giveaway-entry', { listingId: giveaway.body.id })).status).toBe(201);
      log.length = 0;

      expect((await call('leaving', 'DELETE', '/user/delete-account')).status).toBe(204);
      // Every node refuses the account from now on: its Firebase sign-in is disabled too.
      expect(disabled).toContain('uid-leaving');

      expect(events('feedListingUpdated')).toEqual([
        expect.objectContaining({ rooms: [`listing:${lamp.body.id as string}`], payload: { listingId: lamp.body.id } }),
      ]);
      expect(events('giveawayEntriesUpdated')).toEqual([
        expect.objectContaining({ payload: { listingId: giveaway.body.id, entries: 1 } }),
      ]);
      expect((await call(null, 'GET', `/listing/${lamp.body.id as string}`)).status).toBe(404);
      expect((await call('leaving', 'GET', '/user')).body).toMatchObject({
        statusCode: 403,
        message: 'This account was deleted',
      });
      expect((await call(null, 'GET', `/user/${id}`)).status).toBe(404);
      const [device] = await queryRows(database.db, sql`SELECT 1 FROM device_tokens WHERE user_id = ${id}`);
      expect(device).toBeUndefined();
    });
  });

  describe('contact us', () => {
    it('takes a message from anybody, linked to the account when a token is sent', async () => {
      const message = { name: 'Pat', email: 'pat@example.com', subject: 'Login', message: 'I cannot sign in' };
      const anonymous = await call(null, 'POST', '/setting/contact-us', message);
      expect(anonymous).toMatchObject({ status: 201, body: { id: expect.any(String), createdAt: expect.any(String) } });
      const signedIn = await call('writer', 'POST', '/setting/contact-us', { ...message, subject: undefined });
      expect(signedIn.status).toBe(201);
      const rows = await queryRows<{ id: string; user_id: string | null }>(
        database.db,
        sql`SELECT id, user_id FROM contact_messages WHERE id IN (${anonymous.body.id as string}, ${signedIn.body.id as string})`,
      );
      const writer = await me('writer');
      expect(Object.fromEntries(rows.map((row) => [row.id, row.user_id]))).toEqual({
        [anonymous.body.id as string]: null,
        [signedIn.body.id as string]: writer,
      });
      expect((await call('NOT-A-TOKEN', 'POST', '/setting/contact-us', message)).status).toBe(401);
      expect((await call(null, 'POST', '/setting/contact-us', { ...message, email: 'nope' })).status).toBe(400);
      expect((await call(null, 'POST', '/setting/contact-us', { ...message, message: ' ' })).status).toBe(400);
      expect((await call(null, 'POST', '/setting/contact-us', { ...message, phone: '1' })).status).toBe(400);
    });
  });
});
