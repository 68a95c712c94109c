// The admin API suite: access to every route, the eight lists (paging, sorting, defaults, bad queries) and search.
// Declared inside adminApiSuite's describe (admin-api.suite.ts), which builds the app once per driver.
import { sql } from 'drizzle-orm';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { adminRoutes, fillPath, type AdminRouteName } from '../../shared/contract/admin-api.js';
import { ApiErrorBody } from '../../shared/contract/entities.js';
import { SORT_KEYS, type ListName } from '../../shared/contract/list-query.js';
import { EMULATOR_HOST, PROJECT_ID, signUp } from '../support/auth-emulator.js';
import type { AdminApiSuiteContext } from './admin-api.suite.js';

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
  sellerLevel: (item) => item.sellerLevel,
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
export function listSections(suite: AdminApiSuiteContext): void {
  const { driver, call, ok, listPage, fails, one, buyerToken } = suite;
  describe('access', () => {
    const routes = Object.entries(adminRoutes) as [AdminRouteName, (typeof adminRoutes)[AdminRouteName]][];
    it.each(routes)(
      '%s answers 401 without a token, with a bad token, and 403 for the demo buyer',
      async (_, route) => {
        const url = fillPath(route.path, { id: 'some-id', uid: 'some-uid', list: 'users' });
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
        chats.items.some((item) => item.user.userName === chat.user_name || item.otherUser.userName === chat.user_name),
      ).toBe(true);
    });
    it('matches ratings by comment', async () => {
      const page = await ok('ratings.list', '/admin/ratings/all?search=would%20buy&limit=100');
      expect(page.count).toBeGreaterThan(0);
      for (const item of page.items) expect(item.experience).toBe('Would buy again');
    });
  });
}
