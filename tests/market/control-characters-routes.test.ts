// Control characters in client input (U+0000 above all, which PostgreSQL cannot store) answer
// 400 with the contract's error body on every kind of input: path ids, body text, query strings
// and the admin lists' `search`, on market and admin routes alike. Embedded PGlite, fake identity.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { ApiErrorBody } from '../../shared/contract/entities.js';
import { SEARCHABLE_PATHS } from '../support/searchable-lists.js';
import { fakeIdentity, marketCall, type MarketMethod } from './market-db.js';

const NUL = '\u0000';
const SOME_ID = '6f1c1f54-8f0b-4b44-9d55-0c3f4f0c2a11';

describe('control characters in client input', () => {
  let database: Database;
  let app: FastifyInstance;
  let annId = '';
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({ database, ports: localPorts(database, { identity: fakeIdentity }) });
    const registered = await call('ann', 'POST', '/user', {
      userName: 'ann',
      firstName: 'Ann',
      lastName: 'Lee',
      acceptedTerms: true,
    });
    annId = registered.body.id as string;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  async function refused(user: string | null, method: MarketMethod, url: string, payload?: object) {
    const answer = await call(user, method, url, payload);
    expect({ url, status: answer.status }).toEqual({ url, status: 400 });
    expect(ApiErrorBody.strict().parse(answer.body)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('must not contain control characters'),
    });
  }

  describe('in a path id', () => {
    it.each([
      [null, 'GET', '/listing/%00'],
      [null, 'GET', '/listing/a%00b'],
      [null, 'GET', '/listing/%01'],
      [null, 'GET', '/listing/%7F'],
      [null, 'GET', '/listing/%00/messages'],
      [null, 'GET', '/public/listings/auctions-by-subcategory/%00'],
      ['ann', 'GET', '/chat/%00/%00'],
      ['ann', 'GET', '/user/firebase/%00'],
      ['ann', 'POST', '/offer/%00/decline'],
      ['ann', 'GET', '/draft-listing/%00'],
      ['admin', 'GET', '/admin/users/%00'],
      ['admin', 'PATCH', '/admin/users/%00', { featured: true }],
      ['admin', 'GET', '/admin/listings/active/%00'],
      ['admin', 'GET', '/admin/listings/order/%00'],
      ['admin', 'GET', '/admin/transactions/order-refund-remaining/%00'],
      ['admin', 'DELETE', '/admin/chat/soft-delete-message/%00'],
    ] as const)('%s %s %s answers 400', async (user, method, url, payload?: object) => {
      await refused(user, method, url, payload);
    });
  });

  describe('in body text', () => {
    const listing = { title: 'Camera', description: 'Works', price: 10, listingType: 'default' };
    it.each([
      ['ann', 'POST', '/customer-support', { message: `help${NUL}` }],
      ['ann', 'POST', '/customer-support', { message: 'help', issue: `late${NUL}` }],
      ['ann', 'POST', '/customer-support/order-issue', { orderId: SOME_ID, issue: 'late', message: `x${NUL}` }],
      ['ann', 'PATCH', '/user/profile', { firstName: `Ann${NUL}` }],
      ['ann', 'PATCH', '/user/profile', { profileDescription: `about${NUL}me` }],
      ['ann', 'PATCH', '/user/profile', { lastName: 'Lee\u0007' }],
      ['ann', 'POST', '/listing', { ...listing, title: `Camera${NUL}` }],
      ['ann', 'POST', '/listing', { ...listing, description: `Works${NUL}` }],
      ['ann', 'POST', '/listing', { ...listing, video: `https://cdn.example.test/v${NUL}.mp4` }],
      ['ann', 'POST', '/listing', { ...listing, subCategoryId: NUL }],
      ['ann', 'POST', '/draft-listing', { title: `Draft${NUL}` }],
      ['ann', 'POST', '/message', { chatId: SOME_ID, message: `hi${NUL}` }],
      ['ann', 'POST', '/bid', { listingId: NUL, amount: 1 }],
      [null, 'POST', '/setting/contact-us', { name: `Ann${NUL}`, email: 'ann@market.test', message: 'Hi' }],
      [null, 'POST', '/setting/contact-us', { name: 'Ann', email: `ann${NUL}@market.test`, message: 'Hi' }],
      [null, 'POST', '/setting/contact-us', { name: 'Ann', email: 'ann@market.test', message: `Hi${NUL}` }],
      [
        null,
        'POST',
        '/setting/contact-us',
        { name: 'Ann', email: 'ann@market.test', subject: 'a\u001bb', message: 'Hi' },
      ],
      ['ann', 'POST', '/user/update-phone', { phoneNumber: `(512) 555${NUL}-0143` }],
      ['ann', 'POST', '/user-requests', { description: `I sell${NUL}` }],
      ['ann', 'POST', '/user/device-token', { token: `fcm${NUL}`, platform: 'android' }],
      ['admin', 'POST', '/admin/users/check-username', { userName: `ann${NUL}` }],
      ['admin', 'POST', '/admin/users/check-email', { email: `ann${NUL}@market.test` }],
    ] as const)('%s %s %s %j answers 400', async (user, method, url, payload) => {
      await refused(user, method, url, payload);
    });

    it('refuses them in admin edits of a real user', async () => {
      await refused('admin', 'PATCH', `/admin/users/${annId}`, { userName: `ann${NUL}` });
      await refused('admin', 'PATCH', `/admin/users/${annId}/username`, { userName: `ann\ttwo` });
    });

    it('keeps tab and line breaks in free text', async () => {
      const answer = await call('ann', 'POST', '/customer-support', { message: 'line one\r\nline two\ttabbed' });
      expect(answer.status).toBe(201);
      expect(answer.body.message).toBe('line one\r\nline two\ttabbed');
    });
  });

  describe('in a query string', () => {
    it.each(SEARCHABLE_PATHS.map((path) => [path]))('GET %s?search=%00 answers 400', async (path) => {
      await refused('admin', 'GET', `${path}?search=%00`);
      await refused('admin', 'GET', `${path}?search=ann%00`);
      await refused('admin', 'GET', `${path}?search=%0A`);
    });

    it.each([
      [null, '/subCategory?categoryId=%00'],
      ['ann', '/payments/stock?listingId=%00'],
      ['ann', '/following/is-following?userId=%00'],
    ] as const)('%s GET %s answers 400', async (user, url) => {
      await refused(user, 'GET', url);
    });

    it('ignores a query parameter a route does not read', async () => {
      expect((await call(null, 'GET', '/listing?junk=%00')).status).toBe(200);
    });
  });

  it('refuses a control character in the Idempotency-Key header', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: `/v1/admin/transactions/order-refund/${SOME_ID}`,
      headers: { authorization: 'Bearer token-admin', 'idempotency-key': 'key\u0001one' },
      payload: { amount: 1, refundReason: 'courtesy_refund' },
    });
    expect(answer.statusCode).toBe(400);
    expect(ApiErrorBody.parse(answer.json()).message).toContain('must not contain control characters');
  });
});
