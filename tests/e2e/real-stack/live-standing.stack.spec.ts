// Voided bids reach every back office live: with an auction's row, its drawer and its bid ladder
// open, another moderator voids a buyer's bids through the admin API; the `/admin` event
// `auctionStandingChanged` moves the row's and the drawer's current bid and the ladder marks the
// voided bid, without a reload.
import { expect, test } from './quiet-console.js';
import type { VoidBidsResult } from '../../../shared/contract/admin-bid-void-routes.js';
import type { AdminListing } from '../../../shared/contract/entities.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { adminTable } from '../support/table.js';
import { adminList, callApi, ensureSignedIn, idTokenOf, openScreen, searchBox } from './real-stack.js';

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

const moneyOrNA = (amount: number | null) => (amount === null ? 'N/A' : formatUsd(amount));

/** A running auction (open another hour at least) that a search for its title shows alone, not the buyer's. */
async function auctionFoundAlone(buyerId: string): Promise<AdminListing> {
  const { items } = await adminList<AdminListing>('/admin/listings/active', { page: 1, limit: 100 });
  for (const listing of items.reverse()) {
    if (listing.listingType !== 'auction' || listing.user.id === buyerId || listing.hold) continue;
    if (Number(listing.endTime) < Date.now() + 3_600_000) continue;
    const found = await adminList<AdminListing>('/admin/listings/active', { limit: 2, search: listing.title });
    if (found.count === 1) return listing;
  }
  throw new Error('No running auction that a search for its title shows alone');
}

test("bids voided by another moderator move the auction's row, drawer and ladder live", async ({ page }) => {
  const buyerToken = await idTokenOf('buyer');
  const buyer = await callApi<{ id: string; userName: string }>(buyerToken, '/user/my-details');
  const auction = await auctionFoundAlone(buyer.id);
  const amount = Math.round(((auction.bid ?? auction.startingBid ?? 1) + 25) * 100) / 100;
  const placed = await callApi<{ currentBid: number }>(buyerToken, '/bid', {
    method: 'POST',
    body: { listingId: auction.id, amount },
  });

  await openScreen(page, 'listings/active');
  const table = adminTable(page, 'Active listings');
  await table.waitForRows();
  await searchBox(page, 'Search for listing').fill(auction.title);
  await expect.poll(() => table.rowCount()).toBe(1);
  await expect.poll(() => table.cellOf(auction.title, 'Current bid')).toBe(formatUsd(placed.currentBid));
  await table.clickRow(auction.title);
  const drawer = page.getByRole('dialog', { name: 'Listing' });
  const currentBid = drawer.locator('dt:text-is("Current bid") + dd');
  await expect(currentBid).toHaveText(formatUsd(placed.currentBid));
  await drawer.getByRole('button', { name: 'Bids' }).click();
  const ladder = drawer.getByRole('table', { name: 'Bids' });
  await expect(ladder).toContainText(buyer.userName);
  await expect(ladder.getByText('voided: Live standing check')).toHaveCount(0);

  // Another back office voids the buyer's bids.
  const voided = await callApi<VoidBidsResult>(
    await idTokenOf('admin'),
    `/admin/listings/active/${auction.id}/void-bids`,
    { method: 'POST', body: { userIds: [buyer.id], reason: 'Live standing check' } },
  );
  expect(voided.voided).toBeGreaterThan(0);

  const after = moneyOrNA(voided.after.currentBid);
  await expect(ladder.getByText('voided: Live standing check').first()).toBeVisible();
  await expect(currentBid).toHaveText(after);
  await expect.poll(() => table.cellOf(auction.title, 'Current bid')).toBe(after);
});
