// The workbench against the real stack at 1280×720 (a laptop window): every table's total and
// pager in view without scrolling; Ctrl+K finds a user by email and opens their drawer; `?` lists
// the shortcuts; three chat messages deleted in one go; Users exported with a search, the file
// checked against the API; #/dashboard/users/{id} opened directly shows that user's drawer.
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { expect, test } from './quiet-console.js';
import type { AdminUser, ChatMessage } from '../../../shared/contract/entities.js';
import { adminTable } from '../support/table.js';
import { adminList, dialogNamed, ensureSignedIn, openScreen, searchBox, toast } from './real-stack.js';

test.use({ viewport: { width: 1280, height: 720 } });

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

const tables = [
  { route: 'users', label: 'Users' },
  { route: 'listings/active', label: 'Active listings' },
  { route: 'listings/sold', label: 'Sold listings' },
  { route: 'subcategory', label: 'Subcategories' },
  { route: 'ratings', label: 'Ratings' },
  { route: 'auctionMessages', label: 'Auction messages' },
  { route: 'inbox/chats', label: 'Chats' },
  { route: 'inbox/messages', label: 'Chat messages' },
];

test("each table's pager and total show without scrolling", async ({ page }) => {
  for (const { route, label } of tables) {
    await openScreen(page, route);
    const table = adminTable(page, label);
    await table.waitForRows();
    await expect(table.rangeLabel, label).toBeInViewport();
    await expect(table.rangeLabel, label).toHaveText(/^Rows 1–\d+ of [\d,]+\+?$/);
    await expect(table.nextButton, label).toBeInViewport();
    await expect(table.previousButton, label).toBeInViewport();
  }
});

test('Ctrl+K finds a user by email and opens their drawer', async ({ page }) => {
  const { items } = await adminList<AdminUser>('/admin/users', { page: 1, limit: 20 });
  const user = items.find((u) => !u.email.endsWith('@market.test')) ?? items[0]!;
  await page.keyboard.press('Control+k');
  const palette = page.getByPlaceholder('Go to a screen, find a user, listing or order…');
  await expect(palette).toBeFocused();
  await palette.fill(user.email);
  await page
    .getByRole('option', { name: new RegExp(user.email.replace(/[.+]/g, '\\$&')) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`#/dashboard/users/${user.id}$`));
  await expect(dialogNamed(page, 'Details').getByLabel('Email')).toHaveValue(user.email);
});

test('? lists the shortcuts', async ({ page }) => {
  await openScreen(page, 'users');
  await adminTable(page, 'Users').waitForRows();
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog').filter({ hasText: 'Open the command palette' });
  await expect(help).toBeVisible();
  for (const text of ["Search the screen's table", 'Next row', 'Previous row', 'Close the drawer or dialog']) {
    await expect(help).toContainText(text);
  }
});

test('select three chat messages and delete them in one go', async ({ page }) => {
  await openScreen(page, 'inbox/messages');
  const table = adminTable(page, 'Chat messages');
  await table.waitForRows();
  const before = await adminList<ChatMessage>('/admin/chat/all-messages', { page: 1, limit: 10 });
  const ids = await table.rows.evaluateAll((rows) => rows.slice(0, 3).map((row) => row.getAttribute('data-row-key')!));
  const box = (n: number) =>
    page
      .locator('.bp6-table-quadrant-main')
      .getByRole('checkbox', { name: `Select row ${n}`, exact: true })
      .locator('xpath=..');
  await box(1).click();
  await box(3).click({ modifiers: ['Shift'] });
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete 3 chat messages?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Deleted 3 chat messages')).toBeVisible();

  const after = await adminList<ChatMessage>('/admin/chat/all-messages', { page: 1, limit: 100 });
  expect(after.count).toBe(before.count - 3);
  for (const id of ids) expect(after.items.map((m) => m.id)).not.toContain(id);
});

test("export Users filtered by a search: the file's rows are the API's", async ({ page }) => {
  await openScreen(page, 'users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await searchBox(page, 'Search users').fill('a');
  await expect.poll(() => table.rangeLabel.innerText()).toMatch(/of/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  await expect(toast(page, /Exported [\d,]+ rows/)).toBeVisible();

  const [header, ...rows] = parse(await readFile(file, 'utf8')) as string[][];
  expect(header).toEqual([
    'Id',
    'Feature',
    'Seller status',
    'Username',
    'Email Address',
    'Amount Spent',
    'Earnings',
    'Signed Up Date',
    'Stripe Account ID',
    'Stripe Customer ID',
    'Payment Failed Strikes',
  ]);
  const api = await adminList<AdminUser>('/admin/users', { page: 1, limit: 100, search: 'a' });
  // The file holds every match; the list counts a search only up to its cap ('100+').
  if (api.countCapped) expect(rows.length).toBeGreaterThan(api.count);
  else expect(rows).toHaveLength(api.count);
  expect(rows.slice(0, api.items.length).map((row) => row[0])).toEqual(api.items.map((u) => u.id));
  rows.slice(0, api.items.length).forEach((row, i) => {
    expect(row[4]).toBe(api.items[i]!.email);
    expect(row[5]).toBe(api.items[i]!.amountSpent.toFixed(2));
    expect(row[7]).toBe(api.items[i]!.createdAt);
  });
});

test("open #/dashboard/users/{id} directly and see that user's drawer", async ({ page }) => {
  const { items } = await adminList<AdminUser>('/admin/users', { page: 3, limit: 10 });
  const user = items[0]!;
  await page.goto(`/#/dashboard/users/${user.id}`);
  const drawer = dialogNamed(page, 'Details');
  await expect(drawer.getByLabel('Email')).toHaveValue(user.email);
  await expect(drawer.getByRole('button', { name: 'Open in new window' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Copy link' })).toBeVisible();
});
