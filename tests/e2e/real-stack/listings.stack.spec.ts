// Active listings' feature star against the real API: only auctions have one, and a toggle is
// what the server then holds (read back through the admin API and after a reload).
import { expect, test } from './quiet-console.js';
import type { AdminListing } from '../../../shared/contract/entities.js';
import { adminTable } from '../support/table.js';
import { adminList, callApi, ensureSignedIn, idTokenOf, openScreen, searchBox } from './real-stack.js';

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

/** A listing of this type that a search for its title shows alone (the search also reads descriptions). */
async function listingFoundAlone(type: AdminListing['listingType']): Promise<AdminListing> {
  const { items } = await adminList<AdminListing>('/admin/listings/active', { page: 1, limit: 100 });
  // Oldest first: drawers.stack.spec.ts renames the newest listing.
  for (const listing of items.filter((item) => item.listingType === type).reverse()) {
    const found = await adminList<AdminListing>('/admin/listings/active', { limit: 2, search: listing.title });
    if (found.count === 1) return listing;
  }
  throw new Error(`No active ${type} listing that a search for its title shows alone`);
}

test('the feature star: only auctions have it, and a toggle persists on the server', async ({ page }) => {
  const auction = await listingFoundAlone('auction');
  const buyNow = await listingFoundAlone('default');
  const featuredOnServer = async () =>
    (await callApi<AdminListing>(await idTokenOf('admin'), `/admin/listings/active/${auction.id}`)).featured;

  await openScreen(page, 'listings/active');
  const table = adminTable(page, 'Active listings');
  await table.waitForRows();
  const search = searchBox(page, 'Search for listing');

  await search.fill(buyNow.title);
  await expect.poll(() => table.rowCount()).toBe(1);
  await expect(table.row(buyNow.title)).toBeVisible();
  await expect(table.buttonInRow(buyNow.title, /^Feature/)).toHaveCount(0);
  expect(await table.cellOf(buyNow.title, 'Feature')).toBe('-');

  await search.fill(auction.title);
  await expect.poll(() => table.rowCount()).toBe(1);
  const star = table.buttonInRow(auction.title, `Feature ${auction.title}`);
  await expect(star).toHaveAttribute('aria-pressed', String(auction.featured));
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', String(!auction.featured));
  await expect.poll(featuredOnServer).toBe(!auction.featured);
  // The star does not open the row's drawer.
  await expect(page.getByRole('dialog', { name: 'Listing' })).toHaveCount(0);

  await page.reload();
  await table.waitForRows();
  await search.fill(auction.title);
  await expect.poll(() => table.rowCount()).toBe(1);
  await expect(star).toHaveAttribute('aria-pressed', String(!auction.featured));
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', String(auction.featured));
  await expect.poll(featuredOnServer).toBe(auction.featured);
});
