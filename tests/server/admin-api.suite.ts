// The admin API integration suite, run once per database driver (admin-api.*.test.ts).
// Requests go through app.inject with ID tokens from the real Auth emulator.
import { sql } from 'drizzle-orm';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { adminRoutes, fillPath, type AdminRouteName } from '../../shared/contract/admin-api.js';
import { ApiErrorBody } from '../../shared/contract/entities.js';
import { SORT_KEYS, type ListName } from '../../shared/contract/list-query.js';
import { queryRows } from '../../server/platform/db/database.js';
import { EMULATOR_HOST, PROJECT_ID, signUp } from '../support/auth-emulator.js';
import { buildTestApp, type Driver, type TestApp } from '../support/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Answer {
  statusCode: number;
  json: () => unknown;
  body: string;
}

const LISTS: { route: AdminRouteName; list: ListName }[] = [
  { route: 'users.list', list: 'users' },
  { route: 'listings.active', list: 'activeListings' },
  { route: 'listings.sold', list: 'soldListings' },
  { route: 'subcategories.list', list: 'subcategories' },
  { route: 'ratings.list', list: 'ratings' },
  { route: 'auctionMessages.list', list: 'auctionMessages' },
  { route: 'chats.list', list: 'chats' },
  { route: 'messages.list', list: 'chatMessages' },
];

/** The value each sort key orders by, read from an answered item. */
const SORT_VALUE: Record<string, (item: Record<string, unknown>) => unknown> = {
  userName: (item) => item.userName,
  email: (item) => item.email,
  createdAt: (item) => item.createdAt,
  updatedAt: (item) => item.updatedAt,
  title: (item) => item.title,
  description: (item) => item.description,
  listingType: (item) => item.listingType,
  inStock: (item) => item.inStock,
  startingBid: (item) => item.startingBid,
  price: (item) => item.price,
  shippingPrice: (item) => item.shippingPrice,
  status: (item) => item.status,
  minPackageWeightInOz: (item) => item.minPackageWeightInOz,
  rate: (item) => item.rate,
  experience: (item) => item.experience,
  orderId: (item) => item.orderId,
};

function compare(a: unknown, b: unknown): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1; // NULLS LAST
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return 0; // text order follows the database collation; checked for numbers and dates only
}

function isDateText(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value);
}

export function adminApiSuite(driver: Driver): void {
  const adminToken = inject('adminToken');
  const buyerToken = inject('buyerToken');
  const postgresAdminUrl = inject('postgresAdminUrl');
  const unavailable = !adminToken
    ? 'the Auth emulator is not running (see tests/support/server-global-setup.ts)'
    : driver === 'postgres' && !postgresAdminUrl
      ? 'no PostgreSQL binaries for a throwaway cluster'
      : null;

  describe.skipIf(unavailable !== null)(
    `admin API on ${driver}${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    () => {
      let testApp: TestApp;
      const db = () => testApp.database.db;

      async function call(
        method: Method,
        url: string,
        options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
      ): Promise<Answer> {
        const token = options.token === undefined ? adminToken : options.token;
        return testApp.app.inject({
          method,
          url: `/v1${url}`,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
          ...(options.body !== undefined ? { payload: options.body as object } : {}),
        });
      }
      async function ok<N extends AdminRouteName>(
        name: N,
        url: string,
        body?: unknown,
        headers?: Record<string, string>,
      ) {
        const route = adminRoutes[name];
        const answer = await call(route.method, url, { body, ...(headers ? { headers } : {}) });
        if (route.response === null) {
          expect(answer.statusCode, answer.body).toBe(204);
          return undefined as never;
        }
        expect(answer.statusCode, answer.body).toBe(200);
        return (route.response as z.ZodType).parse(answer.json()) as z.output<
          NonNullable<(typeof adminRoutes)[N]['response']>
        >;
      }
      type ListItem = Record<string, unknown> & { id: string };
      async function listPage(name: AdminRouteName, url: string): Promise<{ count: number; items: ListItem[] }> {
        return (await ok(name, url)) as unknown as { count: number; items: ListItem[] };
      }
      async function fails(method: Method, url: string, statusCode: number, body?: unknown, message?: RegExp | string) {
        const answer = await call(method, url, { body });
        expect(answer.statusCode, answer.body).toBe(statusCode);
        const error = ApiErrorBody.parse(answer.json());
        expect(error.statusCode).toBe(statusCode);
        if (message !== undefined) expect(error.message).toMatch(message);
        return error;
      }
      async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
        const [row] = await queryRows<T>(db(), query);
        if (!row) throw new Error('fixture not found');
        return row;
      }

      beforeAll(async () => {
        testApp = await buildTestApp(driver, postgresAdminUrl);
      }, 60_000);
      afterAll(async () => {
        await testApp?.close();
      });

      describe('access', () => {
        const routes = Object.entries(adminRoutes) as [AdminRouteName, (typeof adminRoutes)[AdminRouteName]][];
        it.each(routes)(
          '%s answers 401 without a token, with a bad token, and 403 for the demo buyer',
          async (_, route) => {
            const url = fillPath(route.path, { id: 'some-id', list: 'users' });
            for (const token of [null, 'not-a-jwt']) {
              const answer = await call(route.method, url, { token });
              expect(answer.statusCode).toBe(401);
              expect(ApiErrorBody.parse(answer.json()).error).toBe('Unauthorized');
            }
            const forbidden = await call(route.method, url, { token: buyerToken });
            expect(forbidden.statusCode).toBe(403);
            expect(ApiErrorBody.parse(forbidden.json())).toEqual({
              statusCode: 403,
              error: 'Forbidden',
              message: expect.any(String),
            });
          },
        );

        it('refuses a revoked token with 401', async () => {
          const account = await signUp(`revoked-${driver}-${Date.now()}@market.test`, 'secret-pass');
          const name = 'suite-admin';
          const auth = getAuth(
            getApps().find((app) => app.name === name) ?? initializeApp({ projectId: PROJECT_ID }, name),
          );
          process.env.FIREBASE_AUTH_EMULATOR_HOST = EMULATOR_HOST;
          await auth.setCustomUserClaims(account.localId, { admin: true });
          // Revocation counts whole seconds since the token was issued.
          await new Promise((resolve) => setTimeout(resolve, 1100));
          await auth.revokeRefreshTokens(account.localId);
          expect((await call('GET', '/admin/statistics', { token: account.idToken })).statusCode).toBe(401);
        });

        it('serves health and the OpenAPI document without a token', async () => {
          const health = await call('GET', '/health', { token: null });
          expect(health.statusCode).toBe(200);
          expect(health.json()).toEqual({ status: 'ok' });
          const docs = await call('GET', '/docs/json', { token: null });
          expect(docs.statusCode).toBe(200);
          const paths = Object.keys((docs.json() as { paths: Record<string, unknown> }).paths);
          for (const route of Object.values(adminRoutes)) {
            expect(paths).toContain(`/v1${route.path.replace(/:(\w+)/g, '{$1}')}`);
          }
        });

        it('answers unknown routes with the error shape', async () => {
          await fails('GET', '/admin/nothing-here', 404);
        });
      });

      describe.each(LISTS)('list $route', ({ route, list }) => {
        const path = adminRoutes[route].path;

        it('answers {count, items} in the contract shape, 10 by default', async () => {
          const page = await listPage(route, path);
          expect(page.count).toBeGreaterThan(0);
          expect(page.items.length).toBe(Math.min(10, page.count));
        });

        it('pages without overlap', async () => {
          const first = await listPage(route, `${path}?page=1&limit=3`);
          const second = await listPage(route, `${path}?page=2&limit=3`);
          expect(second.count).toBe(first.count);
          const ids = new Set(first.items.map((item) => item.id));
          for (const item of second.items) expect(ids.has(item.id)).toBe(false);
          const beyond = await listPage(route, `${path}?page=100000&limit=100`);
          expect(beyond.items).toEqual([]);
        });

        it.each(SORT_KEYS[list] as readonly string[])('sorts by %s both ways', async (key) => {
          for (const order of ['ASC', 'DESC'] as const) {
            const page = await listPage(route, `${path}?sortBy=${key}&order=${order}&limit=100`);
            const values = page.items.map((item) => SORT_VALUE[key]!(item));
            for (let i = 1; i < values.length; i++) {
              const [a, b] = [values[i - 1], values[i]];
              const diff = isDateText(a) && isDateText(b) ? Date.parse(a) - Date.parse(b) : compare(a, b);
              if (a !== null && b !== null) expect(order === 'ASC' ? diff <= 0 : diff >= 0).toBe(true);
            }
          }
        });

        it('defaults to newest first', async () => {
          const page = await listPage(route, `${path}?limit=100`);
          const times = page.items.map((item) => (item as { createdAt?: string }).createdAt).filter(isDateText);
          for (let i = 1; i < times.length; i++)
            expect(Date.parse(times[i - 1]!)).toBeGreaterThanOrEqual(Date.parse(times[i]!));
        });

        it('finds nothing for a term no row has, and treats % and _ as plain characters', async () => {
          for (const term of ['zzqqxx-nothing', '%', '100%_off']) {
            const page = await listPage(route, `${path}?search=${encodeURIComponent(term)}`);
            expect(page).toEqual({ count: 0, items: [] });
          }
        });

        it.each([
          ['limit over 100', 'limit=101'],
          ['page 0', 'page=0'],
          ['a sort key the table does not have', 'sortBy=password'],
          ['an unknown order', 'order=sideways'],
          ['an unknown parameter', 'secret=1'],
        ])('rejects %s with 400', async (_, query) => {
          await fails('GET', `${path}?${query}`, 400);
        });
      });

      describe('search', () => {
        it('matches users by part of the name or email, any case', async () => {
          const page = await ok('users.list', '/admin/users?search=AVA&limit=100');
          expect(page.count).toBeGreaterThan(0);
          for (const user of page.items) expect(`${user.userName} ${user.email}`.toLowerCase()).toContain('ava');
        });
        it('matches listings by title or description', async () => {
          const page = await ok('listings.active', '/admin/listings/active?search=camera&limit=100');
          expect(page.count).toBeGreaterThan(0);
          for (const item of page.items) expect(`${item.title} ${item.description}`.toLowerCase()).toContain('camera');
        });
        it('matches chat messages by text', async () => {
          const page = await ok('messages.list', '/admin/chat/all-messages?search=still%20available&limit=100');
          expect(page.count).toBeGreaterThan(0);
          for (const item of page.items) expect(item.message).toBe('Is this still available?');
        });
        it('matches sold listings by item name and chats by participant', async () => {
          const order = await one<{ title: string }>(
            sql`SELECT l.title FROM orders o JOIN listings l ON l.id = o.listing_id LIMIT 1`,
          );
          const sold = await ok(
            'listings.sold',
            `/admin/listings/sold?search=${encodeURIComponent(order.title)}&limit=100`,
          );
          expect(sold.count).toBeGreaterThan(0);
          const chat = await one<{ user_name: string }>(
            sql`SELECT u.user_name FROM chats c JOIN users u ON u.id = c.user_id LIMIT 1`,
          );
          const chats = await ok('chats.list', `/admin/chat/all-chats?search=${chat.user_name}`);
          expect(
            chats.items.some(
              (item) => item.user.userName === chat.user_name || item.otherUser.userName === chat.user_name,
            ),
          ).toBe(true);
        });
        it('matches ratings by comment', async () => {
          const page = await ok('ratings.list', '/admin/ratings/all?search=would%20buy&limit=100');
          expect(page.count).toBeGreaterThan(0);
          for (const item of page.items) expect(item.experience).toBe('Would buy again');
        });
      });

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
          expect(
            await ok('users.checkUsername', '/admin/users/check-username', { userName: 'nobody_has_this' }),
          ).toEqual({ exists: false });
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
            (await ok('users.setUserName', `/admin/users/${a!.id}/username`, { userName: `renamed_${driver}` }))
              .userName,
          ).toBe(`renamed_${driver}`);

          const account = await signUp(`linked-${driver}-${Date.now()}@market.test`, 'secret-pass');
          await db().execute(sql`UPDATE users SET firebase_id = ${account.localId} WHERE id = ${a!.id}`);
          const email = `changed-${driver}-${Date.now()}@market.test`;
          expect((await ok('users.setEmail', `/admin/users/${a!.id}/email`, { email })).email).toBe(email);
          const auth = getAuth(
            getApps().find((app) => app.name === 'suite-admin') ??
              initializeApp({ projectId: PROJECT_ID }, 'suite-admin'),
          );
          expect((await auth.getUser(account.localId)).email).toBe(email);
        });

        it('sets the seller fee 0–25 as whole numbers only', async () => {
          const user = await one<{ id: string }>(
            sql`SELECT id FROM users WHERE deleted_at IS NULL ORDER BY id OFFSET 3 LIMIT 1`,
          );
          expect(
            (await ok('users.setSellerFee', `/admin/users/${user.id}/seller-fee`, { sellerFee: 25 })).sellerFee,
          ).toBe(25);
          expect(
            (await ok('users.setSellerFee', `/admin/users/${user.id}/seller-fee`, { sellerFee: 0 })).sellerFee,
          ).toBe(0);
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
            getApps().find((app) => app.name === 'suite-admin') ??
              initializeApp({ projectId: PROJECT_ID }, 'suite-admin'),
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

      describe('orders', () => {
        it('shows a sold listing, its order and transactions with the payout status', async () => {
          const order = await one<{ id: string }>(
            sql`SELECT order_id AS id FROM transactions WHERE type = 'order_payout' AND status = 'succeeded' LIMIT 1`,
          );
          for (const [name, url] of [
            ['listings.soldGet', `/admin/listings/sold/${order.id}`],
            ['orders.get', `/admin/listings/order/${order.id}`],
            ['transactions.orderTransactions', `/admin/transactions/order-transactions/${order.id}`],
          ] as const) {
            const sold = await ok(name, url);
            expect(sold.payoutStatus).toBe('succeeded');
            expect(sold.transactions.some((tx) => tx.type === 'order_payment')).toBe(true);
          }
          await fails('GET', '/admin/listings/order/unknown-order', 404, undefined, 'Order not found');
        });

        it('cancels only orders that have not shipped', async () => {
          const delivered = await one<{ id: string }>(
            sql`SELECT id FROM orders WHERE status = 'SHIPPING_DELIVERED' AND deleted_at IS NULL LIMIT 1`,
          );
          await fails(
            'PATCH',
            `/admin/listings/cancel-order/${delivered.id}`,
            409,
            undefined,
            'Order cannot be cancelled: it has been delivered',
          );
          const pending = await one<{ id: string }>(
            sql`SELECT id FROM orders WHERE status IN ('Pending', 'PAYMENT_CONFIRMED') AND deleted_at IS NULL LIMIT 1`,
          );
          expect((await ok('orders.cancel', `/admin/listings/cancel-order/${pending.id}`)).status).toBe('cancelled');
          await fails(
            'PATCH',
            `/admin/listings/cancel-order/${pending.id}`,
            409,
            undefined,
            'Order is already cancelled',
          );
          await fails('PATCH', '/admin/listings/cancel-order/unknown-order', 404);
        });

        it('deletes an order softly', async () => {
          const order = await one<{ id: string }>(
            sql`SELECT id FROM orders WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
          );
          await ok('orders.delete', `/admin/listings/order/${order.id}`);
          await fails('GET', `/admin/listings/sold/${order.id}`, 404);
          await fails('DELETE', `/admin/listings/order/${order.id}`, 404);
        });
      });

      describe('refunds', () => {
        /** A fresh paid order, so each test knows the exact amount. */
        async function paidOrder(paidCents: number): Promise<string> {
          const base = await one<{ listing_id: string; seller_id: string; buyer_id: string }>(
            sql`SELECT listing_id, seller_id, buyer_id FROM orders LIMIT 1`,
          );
          const [order] = await queryRows<{ id: string }>(
            db(),
            sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, shipping_price_cents, status)
              VALUES (${base.listing_id}, ${base.seller_id}, ${base.buyer_id}, ${paidCents}, 0, 'PAYMENT_CONFIRMED') RETURNING id`,
          );
          await db().execute(
            sql`INSERT INTO transactions (order_id, type, status, amount_cents) VALUES (${order!.id}, 'order_payment', 'succeeded', ${paidCents})`,
          );
          return order!.id;
        }
        const remaining = (id: string) =>
          ok('transactions.refundRemaining', `/admin/transactions/order-refund-remaining/${id}`);

        it('refunds in cents up to the remaining amount', async () => {
          const id = await paidOrder(5000);
          expect(await remaining(id)).toBe(50);
          const after = await ok('transactions.refund', `/admin/transactions/order-refund/${id}`, {
            amount: 12.34,
            refundReason: 'damaged_in_shipping',
          });
          expect(after.transactions.find((tx) => tx.type === 'admin_refund')).toMatchObject({
            amount: 12.34,
            refundReason: 'damaged_in_shipping',
            status: 'succeeded',
          });
          expect(await remaining(id)).toBe(37.66);
          await fails(
            'POST',
            `/admin/transactions/order-refund/${id}`,
            409,
            { amount: 37.67, refundReason: 'other' },
            /remaining refundable amount of 37.66/,
          );
          await ok('transactions.refund', `/admin/transactions/order-refund/${id}`, {
            amount: 37.66,
            refundReason: 'other',
          });
          expect(await remaining(id)).toBe(0);
          await fails('POST', `/admin/transactions/order-refund/${id}`, 409, { amount: 0.01, refundReason: 'other' });
        });

        it.each([
          ['three decimals', { amount: 1.005, refundReason: 'other' }],
          ['zero', { amount: 0, refundReason: 'other' }],
          ['a negative amount', { amount: -1, refundReason: 'other' }],
          ['an amount as text', { amount: '5', refundReason: 'other' }],
          ['an unknown reason', { amount: 1, refundReason: 'because' }],
          ['no reason', { amount: 1 }],
          ['an unknown field', { amount: 1, refundReason: 'other', note: 'x' }],
        ])('rejects %s with 400', async (_, body) => {
          const id = await paidOrder(1000);
          await fails('POST', `/admin/transactions/order-refund/${id}`, 400, body);
          expect(await remaining(id)).toBe(10);
        });

        it('answers 404 for an unknown order', async () => {
          await fails('GET', '/admin/transactions/order-refund-remaining/unknown-order', 404);
          await fails('POST', '/admin/transactions/order-refund/unknown-order', 404, {
            amount: 1,
            refundReason: 'other',
          });
        });

        it('gives the same answer for a repeated Idempotency-Key and refunds once', async () => {
          const id = await paidOrder(3000);
          const headers = { 'idempotency-key': `key-${driver}` };
          const first = await ok(
            'transactions.refund',
            `/admin/transactions/order-refund/${id}`,
            { amount: 10, refundReason: 'courtesy_refund' },
            headers,
          );
          const again = await ok(
            'transactions.refund',
            `/admin/transactions/order-refund/${id}`,
            { amount: 10, refundReason: 'courtesy_refund' },
            headers,
          );
          expect(again).toEqual(first);
          expect(await remaining(id)).toBe(20);
        });

        it('refunds once when the same Idempotency-Key arrives twice at the same time', async () => {
          const id = await paidOrder(3000);
          const send = () =>
            call('POST', `/admin/transactions/order-refund/${id}`, {
              body: { amount: 7.5, refundReason: 'other' },
              headers: { 'idempotency-key': `concurrent-${driver}` },
            });
          const [a, b] = await Promise.all([send(), send()]);
          expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
          expect(a.json()).toEqual(b.json());
          expect(await remaining(id)).toBe(22.5);
        });

        it('never lets concurrent refunds exceed the payment', async () => {
          const id = await paidOrder(10000);
          const answers = await Promise.all(
            Array.from({ length: 8 }, () =>
              call('POST', `/admin/transactions/order-refund/${id}`, { body: { amount: 30, refundReason: 'other' } }),
            ),
          );
          const codes = answers.map((answer) => answer.statusCode).sort();
          expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
          expect(await remaining(id)).toBe(10);
          const [sum] = await queryRows<{ cents: string }>(
            db(),
            sql`SELECT sum(amount_cents) AS cents FROM transactions WHERE order_id = ${id} AND type = 'admin_refund'`,
          );
          expect(Number(sum!.cents)).toBe(9000);
        });
      });

      describe('subcategories', () => {
        it('edits the minimum package weight', async () => {
          const { items } = await ok('subcategories.list', '/admin/subCategory');
          const edited = await ok('subcategories.update', `/admin/subCategory/${items[0]!.id}`, {
            minPackageWeightInOz: 7.5,
          });
          expect(edited).toEqual({ ...items[0], minPackageWeightInOz: 7.5 });
          for (const minPackageWeightInOz of [0, -3, '12'])
            await fails('PATCH', `/admin/subCategory/${items[0]!.id}`, 400, { minPackageWeightInOz });
          await fails('PATCH', '/admin/subCategory/unknown', 404, { minPackageWeightInOz: 3 });
        });
      });

      describe.each([
        ['ratings', 'ratings.list', 'ratings.delete', '/admin/ratings/soft-delete/', 'ratings'],
        [
          'auction messages',
          'auctionMessages.list',
          'auctionMessages.delete',
          '/admin/auction-messages/soft-delete/',
          'auction_messages',
        ],
        ['chats', 'chats.list', 'chats.delete', '/admin/chat/soft-delete-chat/', 'chats'],
        ['chat messages', 'messages.list', 'messages.delete', '/admin/chat/soft-delete-message/', 'chat_messages'],
      ] as const)('soft delete of %s', (_, list, remove, deletePath, table) => {
        it('answers 204, leaves the list, keeps the row, and 404s the second time', async () => {
          const listPath = adminRoutes[list].path;
          const before = await ok(list, listPath);
          const victim = before.items[0]!;
          await ok(remove, `${deletePath}${victim.id}`);
          const after = await ok(list, listPath);
          expect(after.count).toBe(before.count - 1);
          expect(after.items.some((item) => item.id === victim.id)).toBe(false);
          const [row] = await queryRows<{ deleted: boolean }>(
            db(),
            sql`SELECT deleted_at IS NOT NULL AS deleted FROM ${sql.identifier(table)} WHERE id = ${victim.id}`,
          );
          expect(row?.deleted).toBe(true);
          await fails('DELETE', `${deletePath}${victim.id}`, 404);
        });
      });

      describe('statistics', () => {
        it('counts users and bidders and lists the past 24 hours', async () => {
          const stats = await ok('statistics.get', '/admin/statistics');
          const users = await one<{ n: string }>(sql`SELECT count(*) AS n FROM users WHERE deleted_at IS NULL`);
          expect(stats.numberOfUsers).toBe(Number(users.n));
          expect(stats.numberOfUniqueBidders).toBeGreaterThan(0);
          expect(stats.newSignUpsPast24Hours.length).toBeGreaterThan(0);
          for (const user of stats.newSignUpsPast24Hours)
            expect(Date.now() - Date.parse(user.createdAt)).toBeLessThan(86_400_000);
        });
      });
    },
  );
}
