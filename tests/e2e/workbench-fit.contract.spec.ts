// CONTRACT TESTS of how every admin table fits a laptop and a desktop window: the range label
// and the pager in view without scrolling, rows filling the spec's 825 px box (no empty band),
// the first column pinned while the box scrolls sideways, resized widths remembered per table.
import { callsOf, expect, test } from './support/fixtures.js';
import { adminTable } from './support/table.js';

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
const windows = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

for (const size of windows) {
  test(`every table's total and pager show without scrolling at ${size.width}×${size.height}`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(size);
    for (const { route, label } of tables) {
      await page.goto(`/#/dashboard/${route}`);
      const table = adminTable(page, label);
      await table.waitForRows();
      await expect(table.rangeLabel, label).toBeInViewport();
      await expect(table.nextButton, label).toBeInViewport();
      await expect(table.previousButton, label).toBeInViewport();
      await expect(table.box, label).toHaveCSS('height', '825px');
      // The page's rows fill the box: the last full page's last row ends at the box's bottom.
      if ((await table.rowCount()) === 10) {
        const box = (await table.box.boundingBox())!;
        const last = (await table.rows.last().boundingBox())!;
        expect(box.y + box.height - (last.y + last.height), `${label}: band under the last row`).toBeLessThan(12);
      }
    }
  });
}

test('the first column stays in view while the table scrolls sideways', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  const first = table.cellsAt(0).first();
  const before = (await first.boundingBox())!;
  await table.box.evaluate((box) => {
    box.scrollLeft = 400;
    box.dispatchEvent(new Event('scroll'));
  });
  await expect.poll(() => table.box.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await expect.poll(async () => (await first.boundingBox())!.x).toBeCloseTo(before.x, 0);
  await expect(first).toBeInViewport();
});

test('columns keep their widths when the pointer goes over a row', async ({ signedInPage: page }) => {
  // The sort icons' paths load after the headers are first drawn. Measured only at the next
  // render, the columns jumped on a row's hover, between a click's press and its release, and
  // the click (a row's Options) was lost.
  await page.goto('/#/dashboard/listings/active');
  const table = adminTable(page, 'Active listings');
  await table.waitForRows();
  await expect(table.headers.locator('svg').first()).toBeVisible();
  const widths = () =>
    table.headers.evaluateAll((headers) => headers.map((h) => Math.round(h.getBoundingClientRect().width)));
  // Two frames: a resize observed when the icons drew has been rendered.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const settled = await widths();
  await table
    .cellsOf(/Listing 1\b/)
    .nth(3)
    .hover();
  await expect(page.locator('.data-table-row-hover').first()).toBeVisible();
  expect(await widths()).toEqual(settled);
});

test('a resized column keeps its width after a reload', async ({ signedInPage: page }) => {
  // Users has no checkbox column: Table's header n is the grid's header n.
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  const header = table.headers.nth(1);
  const width = (await header.boundingBox())!.width;
  // Table's resize grip shows on the right edge of a header the pointer is over.
  const box = (await header.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const handle = page
    .locator('.bp6-table-quadrant-top .bp6-table-header')
    .nth(1)
    .locator('.bp6-table-resize-handle-target');
  const grip = (await handle.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 80, grip.y + grip.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(width + 40);
  const resized = (await header.boundingBox())!.width;

  await page.reload();
  await table.waitForRows();
  await expect
    .poll(async () => Math.round((await table.headers.nth(1).boundingBox())!.width))
    .toBe(Math.round(resized));
});

test('Export CSV exports the table with its current search and sort', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await page.getByPlaceholder('Search users').fill('user1');
  // The search is debounced: wait until the table has asked for it.
  await expect
    .poll(async () => ((await callsOf(page, 'users.list')).at(-1) as { query: { search?: string } }).query.search)
    .toBe('user1');
  await table.clickSort('Email Address');
  await expect.poll(() => table.sortState('Email Address')).toBe('ascending');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Exported 0 rows to users.csv' })).toBeVisible();
  expect(await callsOf(page, 'exports.saveCsv')).toEqual([
    { list: 'users', query: { search: 'user1', sortBy: 'email', order: 'ASC' } },
  ]);
});
