// 'Export CSV' through the admin API on embedded PGlite: every table answers text/csv with its
// column names and every matching row in the list's own sort, the search applied, money in
// dollars and dates in ISO 8601; a sort the table does not offer is a 400.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../shared/contract/export-columns.js';
import { EXPORT_LISTS } from '../../shared/contract/admin-export-routes.js';
import { adminRoutes } from '../../shared/contract/admin-api.js';
import { EXPORT_LIST_ROUTES } from '../../shared/contract/admin-permissions.js';
import { streamListItems } from '../../server/platform/db/admin-list.js';
import { adminUsersSource } from '../../server/modules/accounts/index.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';
import { canRun } from '../support/service-skips.js';

const adminToken = inject('adminToken');

describe.skipIf(!canRun('auth-emulator'))('admin CSV export (pglite)', () => {
  let testApp: TestApp;
  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url: `/v1${url}`, headers: { authorization: `Bearer ${adminToken}` } });
  const rowsOf = (body: string) => parse(body) as string[][];

  beforeAll(async () => {
    testApp = await buildTestApp('pglite', '');
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it.each(EXPORT_LISTS)('%s: header row of the column names, then every row the list counts', async (list) => {
    const answer = await get(`/admin/export/${list}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = rowsOf(answer.body);
    expect(header).toEqual(EXPORT_COLUMNS[list].map((column) => column.label));
    for (const row of rows) expect(row).toHaveLength(header!.length);
    expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
    // The list's own count (no search: exact, never capped), from its list route.
    const listed = await get(`${adminRoutes[EXPORT_LIST_ROUTES[list]].path}?limit=1`);
    expect(listed.statusCode, listed.body).toBe(200);
    const { count, countCapped } = listed.json() as { count: number; countCapped?: boolean };
    expect(countCapped).toBeUndefined();
    // The demo data fills every table but the audit log, which starts empty.
    if (list !== 'auditLog') expect(count).toBeGreaterThan(0);
    expect(rows).toHaveLength(count);
  });

  it('exports users with the search and sort of the table, in dollars and ISO dates', async () => {
    const listed = (await get('/admin/users?search=a&sortBy=email&order=ASC&limit=100')).json() as {
      count: number;
      items: { id: string; amountSpent: number; createdAt: string }[];
    };
    const answer = await get('/admin/export/users?search=a&sortBy=email&order=ASC');
    const [header, ...rows] = rowsOf(answer.body);
    expect(listed.count).toBeGreaterThan(1);
    expect(rows.map((row) => row[0])).toEqual(listed.items.map((item) => item.id));
    const spent = header!.indexOf('Amount Spent');
    const joined = header!.indexOf('Signed Up Date');
    rows.forEach((row, i) => {
      expect(row[spent]).toBe(listed.items[i]!.amountSpent.toFixed(2));
      expect(row[joined]).toBe(listed.items[i]!.createdAt);
      expect(row[joined]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    });
  });

  it('refuses a sort the table does not offer, and an unknown table', async () => {
    expect((await get('/admin/export/chats?sortBy=email')).statusCode).toBe(400);
    expect((await get('/admin/export/secrets')).statusCode).toBe(400);
  });

  it('reads the rows from a cursor in batches, every row once, in order', async () => {
    const listed = (await get('/admin/users?limit=100&sortBy=createdAt&order=DESC')).json() as {
      count: number;
      items: { id: string }[];
    };
    const batches: string[][] = [];
    const total = await streamListItems(
      testApp.database.db,
      adminUsersSource,
      { sortBy: 'createdAt', order: 'DESC' },
      async (items) => void batches.push(items.map((item) => item.id)),
      7,
    );
    expect(total).toBe(listed.count);
    expect(batches.every((batch) => batch.length <= 7)).toBe(true);
    expect(batches.flat()).toEqual(listed.items.map((item) => item.id).slice(0, batches.flat().length));
  });

  it('the palette search finds a user by email and by id, a listing by title, and refuses a 1-letter term', async () => {
    const first = (await get('/admin/users?limit=1')).json() as { items: { id: string; email: string }[] };
    const user = first.items[0]!;
    const byEmail = (await get(`/admin/search?q=${encodeURIComponent(user.email)}`)).json() as {
      users: { id: string }[];
    };
    expect(byEmail.users.map((u) => u.id)).toContain(user.id);
    const byId = (await get(`/admin/search?q=${user.id}`)).json() as { users: { id: string }[] };
    expect(byId.users).toEqual([expect.objectContaining({ id: user.id, email: user.email })]);

    const listing = ((await get('/admin/listings/active?limit=1')).json() as { items: { id: string; title: string }[] })
      .items[0]!;
    const byTitle = (await get(`/admin/search?q=${encodeURIComponent(listing.title)}`)).json() as {
      listings: { id: string }[];
    };
    expect(byTitle.listings.map((l) => l.id)).toContain(listing.id);
    expect((await get('/admin/search?q=a')).statusCode).toBe(400);
  });
});
