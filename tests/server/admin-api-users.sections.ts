// The admin API suite: users (reads, edits, seller requests, deletion) and listings.
// Declared inside adminApiSuite's describe (admin-api.suite.ts), which builds the app once per driver.
import { sql } from 'drizzle-orm';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { PROJECT_ID, signUp } from '../support/auth-emulator.js';
import type { AdminApiSuiteContext } from './admin-api.suite.js';

export function userSections(suite: AdminApiSuiteContext): void {
  const { driver, ok, fails, one, db } = suite;
  describe('users', () => {
    it('shows the latest DEFAULT and RETURN_ADDRESS address and the pending request', async () => {
      const seller = await one<{ id: string }>(
        sql`SELECT user_id AS id FROM addresses WHERE type = 'RETURN_ADDRESS' LIMIT 1`,
      );
      const user = await ok('users.get', `/admin/users/${seller.id}`);
      expect(user.shippingInfo.filter((a) => a.type === 'RETURN_ADDRESS')).toHaveLength(1);
      expect(user.shippingInfo.filter((a) => a.type === 'DEFAULT').length).toBeLessThanOrEqual(1);
      const requester = await one<{ user_id: string }>(
        sql`SELECT user_id FROM seller_requests WHERE status = 'PENDING' LIMIT 1`,
      );
      expect((await ok('users.get', `/admin/users/${requester.user_id}`)).pendingRequest).not.toBeNull();
      await fails('GET', '/admin/users/unknown-user', 404, undefined, 'User not found');
    });

    it('checks username and email availability', async () => {
      const taken = await one<{ user_name: string; email: string }>(
        sql`SELECT user_name, email FROM users WHERE deleted_at IS NULL LIMIT 1`,
      );
      expect(
        await ok('users.checkUsername', '/admin/users/check-username', { userName: taken.user_name.toUpperCase() }),
      ).toEqual({ exists: true });
      expect(await ok('users.checkUsername', '/admin/users/check-username', { userName: 'nobody_has_this' })).toEqual({
        exists: false,
      });
      expect(await ok('users.checkEmail', '/admin/users/check-email', { email: taken.email })).toEqual({
        exists: true,
      });
      expect(await ok('users.checkEmail', '/admin/users/check-email', { email: 'free@example.test' })).toEqual({
        exists: false,
      });
      await fails('POST', '/admin/users/check-email', 400, { email: 'not-an-email' });
    });

    it('changes username and email, 409 when taken, and updates the Firebase account', async () => {
      const [a, b] = await queryRows<{ id: string; user_name: string; email: string }>(
        db(),
        sql`SELECT id, user_name, email FROM users WHERE deleted_at IS NULL ORDER BY id LIMIT 2`,
      );
      await fails(
        'PATCH',
        `/admin/users/${a!.id}/username`,
        409,
        { userName: b!.user_name },
        'Username already exists',
      );
      await fails('PATCH', `/admin/users/${a!.id}/email`, 409, { email: b!.email }, 'Email already exists');
      expect(
        (await ok('users.setUserName', `/admin/users/${a!.id}/username`, { userName: `renamed_${driver}` })).userName,
      ).toBe(`renamed_${driver}`);

      const account = await signUp(`linked-${driver}-${Date.now()}@market.test`, 'secret-pass');
      await db().execute(sql`UPDATE users SET firebase_id = ${account.localId} WHERE id = ${a!.id}`);
      const email = `changed-${driver}-${Date.now()}@market.test`;
      expect((await ok('users.setEmail', `/admin/users/${a!.id}/email`, { email })).email).toBe(email);
      const auth = getAuth(
        getApps().find((app) => app.name === 'suite-admin') ?? initializeApp({ projectId: PROJECT_ID }, 'suite-admin'),
      );
      expect((await auth.getUser(account.localId)).email).toBe(email);
    });

    it('sets the seller fee 0–25 as whole numbers only', async () => {
      const user = await one<{ id: string }>(
        sql`SELECT id FROM users WHERE deleted_at IS NULL ORDER BY id OFFSET 3 LIMIT 1`,
      );
      expect((await ok('users.setSellerFee', `/admin/users/${user.id}/seller-fee`, { sellerFee: 25 })).sellerFee).toBe(
        25,
      );
      expect((await ok('users.setSellerFee', `/admin/users/${user.id}/seller-fee`, { sellerFee: 0 })).sellerFee).toBe(
        0,
      );
      for (const sellerFee of [26, -1, 3.5, '7'])
        await fails('PATCH', `/admin/users/${user.id}/seller-fee`, 400, { sellerFee });
      await fails(
        'PATCH',
        `/admin/users/${user.id}/seller-fee`,
        400,
        { sellerFee: 5, extra: true },
        /Unrecognized key/,
      );
      await fails('PATCH', '/admin/users/unknown-user/seller-fee', 404, { sellerFee: 5 });
    });

    it('enables and disables a seller, features a user, edits several fields at once, and logs each change', async () => {
      const user = await one<{ id: string }>(
        sql`SELECT id FROM users WHERE deleted_at IS NULL ORDER BY id OFFSET 4 LIMIT 1`,
      );
      expect(
        (
          await ok('users.setSellerEnabled', `/admin/users/${user.id}/enable-disable-seller`, {
            sellerEnabled: true,
          })
        ).sellerEnabled,
      ).toBe(true);
      expect(
        (
          await ok('users.setSellerEnabled', `/admin/users/${user.id}/enable-disable-seller`, {
            sellerEnabled: false,
          })
        ).sellerEnabled,
      ).toBe(false);
      expect((await ok('users.setFeatured', `/admin/users/${user.id}/feature`, { featured: true })).featured).toBe(
        true,
      );
      const both = await ok('users.update', `/admin/users/${user.id}`, { sellerFee: 9, featured: false });
      expect([both.sellerFee, both.featured]).toEqual([9, false]);
      await fails('PATCH', `/admin/users/${user.id}`, 400, {});
      await fails('PATCH', `/admin/users/${user.id}/feature`, 400, { featured: 'yes' });
      const log = await queryRows<{
        action: string;
        admin_email: string;
        before: { featured: boolean };
        after: { featured: boolean };
      }>(
        db(),
        sql`SELECT action, admin_email, before, after FROM admin_actions WHERE record_id = ${user.id} ORDER BY created_at`,
      );
      expect(log.map((row) => row.action)).toEqual([
        'setSellerEnabled',
        'setSellerEnabled',
        'setFeatured',
        'updateUser',
      ]);
      expect(log[2]).toMatchObject({
        admin_email: 'admin@market.test',
        before: { featured: false },
        after: { featured: true },
      });
    });

    it('approves and rejects seller requests', async () => {
      const [first, second] = await queryRows<{ id: string; user_id: string }>(
        db(),
        sql`SELECT id, user_id FROM seller_requests WHERE status = 'PENDING' ORDER BY id LIMIT 2`,
      );
      const approved = await ok('users.approveRequest', `/admin/users/${first!.id}/approve`);
      expect([approved.id, approved.sellerEnabled, approved.pendingRequest]).toEqual([first!.user_id, true, null]);
      await fails('PATCH', `/admin/users/${first!.id}/approve`, 409);
      const rejected = await ok('users.rejectRequest', `/admin/users/${second!.id}/reject`);
      expect(rejected.pendingRequest).toBeNull();
      expect(
        (await one<{ status: string }>(sql`SELECT status FROM seller_requests WHERE id = ${second!.id}`)).status,
      ).toBe('REJECTED');
      await fails('PATCH', '/admin/users/unknown-request/reject', 404);
    });

    it('deletes a user softly and disables the Firebase account', async () => {
      const account = await signUp(`deleted-${driver}-${Date.now()}@market.test`, 'secret-pass');
      const user = await one<{ id: string }>(
        sql`SELECT id FROM users WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
      );
      await db().execute(sql`UPDATE users SET firebase_id = ${account.localId} WHERE id = ${user.id}`);
      await ok('users.delete', `/admin/users/${user.id}`);
      await fails('GET', `/admin/users/${user.id}`, 404);
      await fails('DELETE', `/admin/users/${user.id}`, 404);
      expect(
        (
          await one<{ deleted: boolean }>(
            sql`SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE id = ${user.id}`,
          )
        ).deleted,
      ).toBe(true);
      const auth = getAuth(
        getApps().find((app) => app.name === 'suite-admin') ?? initializeApp({ projectId: PROJECT_ID }, 'suite-admin'),
      );
      expect((await auth.getUser(account.localId)).disabled).toBe(true);
    });
  });

  describe('listings', () => {
    it('shows, edits and refuses unknown fields', async () => {
      const listing = await one<{ id: string }>(
        sql`SELECT id FROM listings WHERE status = 'active' AND deleted_at IS NULL LIMIT 1`,
      );
      const shown = await ok('listings.get', `/admin/listings/active/${listing.id}`);
      const edited = await ok('listings.update', `/admin/listings/active/${listing.id}`, {
        title: 'Edited title',
        weight: 3,
        endTime: '1893456000000',
      });
      expect([edited.title, edited.weight, edited.endTime, edited.user.id]).toEqual([
        'Edited title',
        3,
        '1893456000000',
        shown.user.id,
      ]);
      await fails('PATCH', `/admin/listings/active/${listing.id}`, 400, { bid: 5 });
      await fails('PATCH', `/admin/listings/active/${listing.id}`, 400, { startingBid: 1.005 });
      await fails('PATCH', `/admin/listings/active/${listing.id}`, 400, { inStock: '2' });
      await fails('PATCH', `/admin/listings/active/${listing.id}`, 400, { endTime: '99999999999999999999' });
      await fails('GET', '/admin/listings/active/unknown-listing', 404, undefined, 'Listing not found');
    });

    it('features auctions only', async () => {
      const auction = await one<{ id: string }>(
        sql`SELECT id FROM listings WHERE listing_type = 'auction' AND deleted_at IS NULL LIMIT 1`,
      );
      const other = await one<{ id: string }>(
        sql`SELECT id FROM listings WHERE listing_type = 'default' AND deleted_at IS NULL LIMIT 1`,
      );
      expect(
        (await ok('listings.setFeatured', `/admin/listings/feature/${auction.id}`, { featured: true })).featured,
      ).toBe(true);
      await fails(
        'PATCH',
        `/admin/listings/feature/${other.id}`,
        409,
        { featured: true },
        'Only auctions can be featured',
      );
      await fails('PATCH', '/admin/listings/feature/unknown-listing', 404, { featured: true });
    });

    it('deletes a listing softly', async () => {
      const listing = await one<{ id: string }>(
        sql`SELECT id FROM listings WHERE status = 'active' AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
      );
      const before = await ok('listings.active', '/admin/listings/active');
      await ok('listings.delete', `/admin/listings/active/${listing.id}`);
      expect((await ok('listings.active', '/admin/listings/active')).count).toBe(before.count - 1);
      await fails('GET', `/admin/listings/active/${listing.id}`, 404);
    });
  });
}
