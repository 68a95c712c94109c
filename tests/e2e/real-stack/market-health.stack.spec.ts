// Market health on the real stack at 1280×720: the dashboard's charts draw the seeded market's
// days, the range picker changes them, a chart exports its series as CSV, and a purchase made
// through the API moves today's GMV without a reload (the server's watcher tells /admin, the
// dashboard reads today again). On the way, screenshots of the dashboard in both colour modes at
// 1280×720 and 1920×1080 (test-results/docs-screenshots/; npm run screenshots:refresh updates docs/screenshots/).
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { AdminListing, SoldListing } from '../../../shared/contract/entities.js';
import type { PlacedOrder } from '../../../shared/contract/market/orders.js';
import type { z } from 'zod';
import { adminList, callApi, ensureSignedIn, idTokenOf, SCREENSHOTS } from './real-stack.js';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

test.use({ viewport: { width: 1280, height: 720 } });

const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));
const utcDayLabel = (daysAgo: number) => {
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  return day.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
};

async function setTheme(page: Page, theme: 'dark' | 'light') {
  const dark = await page.locator('html').evaluate((html) => html.classList.contains('bp6-dark'));
  if (dark !== (theme === 'dark')) await page.locator('label').filter({ hasText: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /bp6-dark/ : /^(?!.*bp6-dark)/);
}

/** The bars a chart drew (days with a non-zero first series). */
const bars = (chart: Locator) => chart.locator('.recharts-bar-rectangle');

test('the dashboard charts the market, by range, live, and exports each series', async ({ page }) => {
  await ensureSignedIn(page);
  await page.goto('/#/dashboard/home');
  await expect(page.getByText('Total Registered Users')).toBeVisible();
  const health = page.getByRole('region', { name: 'Market health' });
  const sales = health.getByLabel('GMV and orders chart');
  const activity = health.getByLabel('Bids and new users chart');
  const cases = health.getByLabel('Refunds and cases chart');

  // The default range, 30 days up to today (UTC), drawn from the seeded market.
  await expect(health.getByText(`${utcDayLabel(29)} – ${utcDayLabel(0)} (UTC)`)).toBeVisible();
  await expect(sales.getByRole('img', { name: 'GMV and orders per day' })).toBeVisible();
  await expect(activity.getByRole('img', { name: 'Bids and new users per day' })).toBeVisible();
  await expect(cases.getByRole('img', { name: 'Refunds and cases per day' })).toBeVisible();
  await expect.poll(() => bars(activity).count()).toBeGreaterThan(7);
  const thirtyDayBids = Number((await activity.locator('[data-total="bids"]').textContent())!.replace(/,/g, ''));
  expect(thirtyDayBids).toBeGreaterThan(0);
  await expect(sales.locator('[data-total="gmv"]')).not.toHaveText('$0.00');

  // Hover values: the tooltip of a day names its date and values.
  // Forced: the new-users line is drawn over the bars, and where today's point sits over today's
  // bar the line's path takes the pointer check; the tooltip follows the pointer either way.
  await bars(activity).last().hover({ force: true });
  await expect(activity.locator('.recharts-tooltip-wrapper')).toContainText('Bids');

  // The range picker: 7 days draws at most 7 points and fewer bids than 30 days.
  await health.getByRole('button', { name: '7 days' }).click();
  await expect(health.getByText(`${utcDayLabel(6)} – ${utcDayLabel(0)} (UTC)`)).toBeVisible();
  await expect.poll(() => bars(activity).count()).toBeLessThanOrEqual(7);
  await expect
    .poll(async () => Number((await activity.locator('[data-total="bids"]').textContent())!.replace(/,/g, '')))
    .toBeLessThan(thirtyDayBids);
  // A custom range longer than 92 days is drawn by week.
  await health.getByRole('button', { name: 'Custom' }).click();
  await health.getByLabel('From').fill(new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10));
  await health.getByLabel('To').fill(new Date().toISOString().slice(0, 10));
  await health.getByRole('button', { name: 'Show' }).click();
  await expect(health.getByText(/\(UTC, by week\)/)).toBeVisible();
  await expect(sales.getByRole('img', { name: 'GMV and orders per week' })).toBeVisible();
  await health.getByRole('button', { name: '7 days' }).click();
  await expect(health.getByText(`${utcDayLabel(6)} – ${utcDayLabel(0)} (UTC)`)).toBeVisible();

  // Each chart's series exports as CSV through the tables' export (the API's marketSeries export,
  // saved by the same host call with its toast): the days the metrics route answers for the range.
  const download = page.waitForEvent('download');
  await sales.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gmv-and-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('Date,GMV,Orders');
  expect(csv.filter(Boolean)).toHaveLength(8);
  expect(csv[7]).toMatch(new RegExp(`^${new Date().toISOString().slice(0, 10)},\\d+\\.\\d{2},\\d+$`));
  await expect(page.getByText(/^Exported 7 rows to gmv-and-orders-/)).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  const { series } = await callApi<{ series: { date: string; gmv: number; orders: number }[] }>(
    await idTokenOf('admin'),
    `/admin/metrics/market?from=${weekAgo}&to=${today}`,
  );
  // Today's point may have moved since the file was written (the market is live): the days before it.
  expect(csv.slice(1, 7)).toEqual(series.slice(0, 6).map((day) => `${day.date},${day.gmv.toFixed(2)},${day.orders}`));
  const casesDownload = page.waitForEvent('download');
  await cases.getByRole('button', { name: 'Export CSV' }).click();
  const casesFile = await casesDownload;
  expect(casesFile.suggestedFilename()).toMatch(/^refunds-and-cases-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(readFileSync((await casesFile.path())!, 'utf8').split('\r\n')[0]).toBe(
    'Date,Refunds,Cases opened,Cases resolved',
  );

  // A purchase through the API moves today's GMV on the open dashboard, without a reload.
  const gmv = sales.locator('[data-total="gmv"]');
  await expect.poll(async () => dollars(await gmv.textContent())).toBeGreaterThan(0);
  const before = dollars(await gmv.textContent());
  const buyerToken = await idTokenOf('buyer');
  const buyer = await callApi<{ id: string }>(buyerToken, '/user/my-details');
  await callApi(buyerToken, '/payments/card', { method: 'POST', body: { token: 'tok_visa' } });
  const { items } = await adminList<AdminListing>('/admin/listings/active', { page: 1, limit: 100 });
  const listing = items.find((item) => item.listingType === 'default' && item.inStock > 0 && item.user.id !== buyer.id);
  expect(listing, 'a buy-now listing of another seller in the seeded market').toBeTruthy();
  const placed = await callApi<z.output<typeof PlacedOrder>>(buyerToken, '/order', {
    method: 'POST',
    body: { listingId: listing!.id },
  });
  expect(placed.status).toBe('PAYMENT_CONFIRMED');
  const order = await callApi<SoldListing>(await idTokenOf('admin'), `/admin/listings/order/${placed.orderId}`);
  const paid = order.transactions.find((t) => t.type === 'order_payment' && t.status === 'succeeded')!.amount;
  await expect.poll(async () => dollars(await gmv.textContent()), { timeout: 20_000 }).toBeCloseTo(before + paid, 2);

  // The dashboard in both colour modes, at both sizes.
  await health.getByRole('button', { name: '30 days' }).click();
  await expect.poll(() => bars(activity).count()).toBeGreaterThan(7);
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.mouse.move(0, 0);
      // The picture shows the charts (the screen scrolls inside its layout, not the page), with no focus ring.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await health.locator('.market-charts').evaluate((charts) => charts.scrollIntoView({ block: 'end' }));
      await expect(sales.getByRole('img', { name: 'GMV and orders per day' })).toBeVisible();
      await page.screenshot({
        path: `${SCREENSHOTS}market-health-${theme}-${size.width}x${size.height}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    }
    await page.setViewportSize(SIZES[0]);
  }
  await setTheme(page, 'dark');
});
