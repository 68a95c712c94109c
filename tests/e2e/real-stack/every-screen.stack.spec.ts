// Every screen of the browser host against the real stack, in both colour modes at 1280×720 and
// 1920×1080: a screenshot of each (test-results/, looked at for the visual pass), a quiet console
// (./quiet-console.ts fails the test on any error or warning), and the layout defects the
// app-completeness issue named: the Team table's action cells on the row's height, the review
// queue's Excerpt column in view or the table marked as scrolling, the Queue/Metrics tabs clear
// of the window's top edge.
import type { Page, TestInfo } from '@playwright/test';
import { adminTable } from '../support/table.js';
import { expect, test } from './quiet-console.js';
import { openScreen, setTheme, settle, ensureSignedIn } from './real-stack.js';

/** The table's footer tells its range once the first page has loaded ('Rows 1–10 of 304', 'No rows'). */
const tableReady = (page: Page, name: string) =>
  expect(adminTable(page, name).rangeLabel).toHaveText(/^(Rows |No rows)/);

const SCREENS: [route: string, ready: (page: Page) => Promise<unknown>][] = [
  ['home', (p) => expect(p.getByText('Total Registered Users')).toBeVisible()],
  ['users', (p) => tableReady(p, 'Users')],
  ['listings/active', (p) => tableReady(p, 'Active listings')],
  ['listings/sold', (p) => tableReady(p, 'Sold listings')],
  ['listings', (p) => expect(p.getByRole('heading', { name: 'Listings' })).toBeVisible()],
  ['customer-support', (p) => expect(p.getByRole('heading', { name: 'Customer Support' })).toBeVisible()],
  ['review', (p) => tableReady(p, 'Review queue')],
  ['settings', (p) => expect(p.getByRole('heading', { name: 'Settings' })).toBeVisible()],
  ['subcategory', (p) => tableReady(p, 'Subcategories')],
  ['ratings', (p) => tableReady(p, 'Ratings')],
  ['auctionMessages', (p) => tableReady(p, 'Auction messages')],
  ['inbox/chats', (p) => tableReady(p, 'Chats')],
  ['inbox/messages', (p) => tableReady(p, 'Chat messages')],
  ['audit', (p) => tableReady(p, 'Audit log')],
  ['team', (p) => expect(p.getByRole('heading', { name: 'Team' })).toBeVisible()],
  ['blocks', (p) => tableReady(p, 'Blocks')],
  ['rules', (p) => expect(p.getByRole('heading', { name: 'Rules' })).toBeVisible()],
];

async function shoot(page: Page, info: TestInfo, name: string) {
  await settle(page);
  await page.screenshot({ path: info.outputPath(`${name}.png`), animations: 'disabled' });
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test(`every screen in both colour modes at ${size.width}×${size.height}, console quiet`, async ({ page }, info) => {
    test.setTimeout(300_000);
    await page.setViewportSize(size);
    await ensureSignedIn(page);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      for (const [route, ready] of SCREENS) {
        await openScreen(page, route);
        await ready(page);
        await shoot(page, info, `${theme}-${route.replace('/', '-')}-${size.width}x${size.height}`);
      }
      await page.goto('/#/dashboard/review?tab=metrics');
      await expect(page.getByRole('tab', { name: 'Metrics', selected: true })).toBeVisible();
      await shoot(page, info, `${theme}-review-metrics-${size.width}x${size.height}`);
    }
  });
}

test('layout: Team action cells, the review queue Excerpt, the review tabs', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await ensureSignedIn(page);

  // The Team table: every cell of a row is as tall as the row's other cells.
  await openScreen(page, 'team');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button') })
    .first();
  await expect(row).toBeVisible();
  const heights = await row
    .getByRole('cell')
    .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().height)));
  expect(new Set(heights).size, `cell heights ${heights.join(', ')}`).toBe(1);

  // The review queue's tabs sit clear of the window's top edge.
  await openScreen(page, 'review');
  const queueTab = page.getByRole('tab', { name: 'Queue' });
  expect((await queueTab.boundingBox())!.y).toBeGreaterThanOrEqual(8);

  // The Excerpt column fits in the window, or the table says it scrolls sideways.
  const excerpt = page.getByRole('columnheader', { name: 'Excerpt' });
  await expect(excerpt).toBeVisible();
  const box = (await excerpt.boundingBox())!;
  const fits = box.x + box.width <= 1280;
  const marked = await page.locator('.data-table-scroll-more').count();
  expect(fits || marked > 0, `Excerpt ends at ${box.x + box.width}px with no scroll mark`).toBe(true);
});
