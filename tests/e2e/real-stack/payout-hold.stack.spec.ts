// A seller's payout held and lifted from the order's drawer, on the real stack at 1280x720: the
// Sold listings "Payout Status" column says Pending before release, Held while an admin holds
// it, and Pending again once the hold is lifted (the payout is not due yet, so lifting it does
// not release it). On the way, screenshots of the drawer with a held payout in both colour modes.
import type { Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { SoldListing } from '../../../shared/contract/entities.js';
import { adminTable } from '../support/table.js';
import {
  adminList,
  ensureSignedIn,
  openScreen,
  openSoldOrder,
  SCREENSHOTS,
  searchBox,
  setTheme,
  settle,
  toast,
} from './real-stack.js';

const REASON = 'Chargeback risk under review';

/** A seeded order whose payout is pending (not due yet, not held) and which a search finds by its tracking number. */
async function pendingPayoutOrder(): Promise<SoldListing> {
  for (let page = 1; ; page++) {
    const { count, items } = await adminList<SoldListing>('/admin/listings/sold', { page, limit: 100 });
    const found = items.find(
      (order) =>
        order.trackingCode &&
        order.payout?.status === 'pending' &&
        order.payoutHold === null &&
        order.payoutStatus === null &&
        order.payout.releasesAt !== null &&
        Date.parse(order.payout.releasesAt) > Date.now() + 60 * 60 * 1000,
    );
    if (found) return found;
    if (items.length === 0 || page * 100 >= count) throw new Error('No seeded order with a pending payout');
  }
}

/** The order's Payout Status cell on Sold listings, read afresh (the screen opened and searched for its tracking number). */
async function payoutStatusCell(page: Page, order: SoldListing) {
  await openScreen(page, 'listings/sold');
  const table = adminTable(page, 'Sold listings');
  await table.waitForRows();
  await searchBox(page, 'Search for sold listing').fill(order.trackingCode!);
  await expect.poll(() => table.rowCount()).toBe(1);
  return table.cell(order.trackingCode!, 'Payout Status');
}

test.use({ viewport: { width: 1280, height: 720 } });

test("an order's payout held from its drawer shows Held on Sold listings; lifted, Pending again", async ({ page }) => {
  const order = await pendingPayoutOrder();
  await ensureSignedIn(page);
  await openScreen(page, 'listings/sold');
  await setTheme(page, 'light');
  await expect(await payoutStatusCell(page, order)).toHaveText('Pending');

  let drawer = await openSoldOrder(page, order);
  await expect(drawer.getByText(/\$[\d.,]+ pending · due/)).toBeVisible();
  await drawer.getByRole('button', { name: 'Hold payout' }).click();
  const ask = page.getByRole('dialog', { name: 'Hold payout' });
  await ask.getByLabel('Reason').fill(REASON);
  await ask.getByRole('button', { name: 'Hold payout' }).click();
  await expect(toast(page, 'Payout held')).toBeVisible();
  await expect(drawer.getByText(`Payout on hold: ${REASON}`, { exact: false })).toBeVisible();
  await expect(drawer.getByText(/^\$[\d.,]+ held$/)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Release payout' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}payout-hold-order-drawer-light-1280x720.png` });

  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(await payoutStatusCell(page, order)).toHaveText('Held');

  // The same drawer in the dark, then the hold lifted: not due yet, so pending again.
  await setTheme(page, 'dark');
  drawer = await openSoldOrder(page, order);
  await expect(drawer.getByText(`Payout on hold: ${REASON}`, { exact: false })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}payout-hold-order-drawer-dark-1280x720.png` });
  await drawer.getByRole('button', { name: 'Release payout' }).click();
  await expect(toast(page, 'Payout hold lifted')).toBeVisible();
  await expect(drawer.getByText(/Payout on hold/)).toBeHidden();
  await expect(drawer.getByRole('button', { name: 'Hold payout' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(await payoutStatusCell(page, order)).toHaveText('Pending');
});
