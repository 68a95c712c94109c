// Sellers over time on the real stack at 1280×720 (issue 45's "Done when"): a below-standard
// seller's standing in the user drawer with the orders behind the defects; the levels' hold days
// changed in Settings after a preview; the demo chargeback's case opened and its evidence sent; an
// auction's version history in the listing drawer. Screenshots of each in both colour modes go to
// SCREENSHOTS (test-results/ unless the docs' pictures are being refreshed), looked at by eye.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { LevelEffectsTable } from '../../../shared/contract/admin-seller-standing-routes.js';
import type { AdminListing } from '../../../shared/contract/entities.js';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import { adminTable } from '../support/table.js';
import {
  adminList,
  callApi,
  dialogNamed,
  ensureSignedIn,
  idTokenOf,
  openScreen,
  SCREENSHOTS,
  searchBox,
  setTheme,
  settle,
  toast,
} from './real-stack.js';

test.use({ viewport: { width: 1280, height: 720 } });

/**
 * `show` in the light and then in the dark, a screenshot of each (`sellers-<name>-<theme>-1280x720.png`);
 * `hide` closes what `show` opened (the colour switch sits under a drawer's backdrop).
 */
async function inBothModes(page: Page, name: string, show: (theme: Theme) => Promise<void>, hide: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await show(theme);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}sellers-${name}-${theme}-1280x720.png` });
    await hide();
  }
  await setTheme(page, 'light');
}
type Theme = 'light' | 'dark';

/** Closes the open drawer by its Close button and waits for it to go. */
async function closeDrawer(drawer: Locator) {
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

test('a below-standard seller’s standing shows the metrics and the orders behind the defects', async ({ page }) => {
  const drawer = dialogNamed(page, 'Details');
  await inBothModes(
    page,
    'standing-drawer',
    async () => {
      await openScreen(page, 'users');
      const users = adminTable(page, 'Users');
      await users.waitForRows();
      await searchBox(page, 'Search users').fill('demo_late_seller@example.com');
      await expect.poll(() => users.rowCount()).toBe(1);
      await users.clickRow('demo_late_seller@example.com');
      await drawer.getByRole('button', { name: 'Seller Standing' }).click();
      const standing = drawer.getByRole('region', { name: 'Seller standing' });
      await expect(standing).toContainText('Below standard');
      await expect(standing).toContainText('40 orders');
      // 6 shipped late of 40 (15%), 1 cancelled (2.5%): the cancelled one is the defect listed.
      await expect(standing).toContainText('15%');
      await expect(standing).toContainText('2.5%');
      await expect(standing).toContainText('payouts held 7 days after delivery; at most 20 active listings');
      const defects = standing.getByRole('table', { name: 'Orders behind the defects' });
      await expect(defects.getByRole('row')).toHaveCount(2);
      await expect(defects).toContainText('Cancelled');
      await defects.scrollIntoViewIfNeeded();
    },
    () => closeDrawer(drawer),
  );
});

test('the levels’ hold days change in Settings after a preview of what they move', async ({ page }) => {
  const token = await idTokenOf('admin');
  await openScreen(page, 'settings');
  const card = page.getByRole('region', { name: 'Seller level settings' });
  const holdDays = card.getByRole('textbox', { name: 'Below standard payout hold days' });
  await expect(holdDays).toHaveValue('7');
  await holdDays.fill('5');
  await card.getByRole('button', { name: 'Preview change' }).click();
  const preview = card.getByLabel('Preview of the change');
  await expect(preview).toContainText(/Below standard: payout hold 7 → 5 days moves \d+ sellers?'s? payouts/);
  await expect(preview).toContainText('2 days earlier');
  await card.scrollIntoViewIfNeeded();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}sellers-settings-preview-${theme}-1280x720.png` });
  }
  await setTheme(page, 'light');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Seller levels saved')).toBeVisible();
  const saved = await callApi<LevelEffectsTable>(token, '/admin/seller-levels/effects');
  expect(saved.belowStandard).toEqual({ payoutHoldDays: 5, activeListingCap: 20 });
  // Back to the contract's default for the specs after this one.
  await callApi(token, '/admin/seller-levels/effects', {
    method: 'PATCH',
    body: { belowStandard: { payoutHoldDays: 7, activeListingCap: 20 } },
  });
});

test('the demo chargeback’s case shows its packet and sends the evidence', async ({ page }) => {
  const { items } = await adminList<ReviewCase>('/admin/review-cases', { source: 'dispute', status: 'open' });
  const disputeCase = items[0];
  expect(disputeCase, 'the demo dispute opens a case').toBeDefined();
  const drawer = page.getByRole('dialog', { name: /Chargeback dispute/ });
  const dispute = drawer.getByRole('region', { name: 'Dispute' });
  // In the light: the packet before it is sent; in the dark: sent.
  await inBothModes(
    page,
    'dispute-case',
    async (theme) => {
      await openScreen(page, 'review');
      await expect(adminTable(page, 'Review queue').rows.first()).toBeVisible();
      await page.goto(`/#/dashboard/review/${disputeCase!.id}`);
      await expect(dispute).toContainText('product not received');
      await expect(dispute.getByRole('table', { name: 'Chat between buyer and seller' })).toContainText(
        'Could you ship it this week?',
      );
      if (theme === 'light') {
        await expect(dispute).toContainText('Needs a response');
        return;
      }
      await dispute.getByLabel('Note for the bank').fill('Delivered with tracking; the buyer wrote that it arrived.');
      await dispute.getByRole('button', { name: 'Submit evidence' }).click();
      await expect(toast(page, 'Evidence submitted')).toBeVisible();
      await expect(dispute).toContainText('The evidence was sent.');
      await expect(dispute.getByRole('button', { name: 'Submit evidence' })).toHaveCount(0);
    },
    () => closeDrawer(drawer),
  );
});

test('an auction’s version history shows in its drawer', async ({ page }) => {
  const token = await idTokenOf('admin');
  let edited: AdminListing | undefined;
  for (let at = 1; !edited; at += 1) {
    const { count, items } = await adminList<AdminListing>('/admin/listings/active', { page: at, limit: 100 });
    for (const listing of items) {
      const versions = await callApi<{ count: number }>(token, `/admin/listings/active/${listing.id}/versions`);
      if (versions.count > 0) {
        edited = listing;
        break;
      }
    }
    if (!edited && (items.length === 0 || at * 100 >= count)) throw new Error('No seeded listing with versions');
  }
  const drawer = dialogNamed(page, 'Listing');
  await inBothModes(
    page,
    'listing-versions',
    async () => {
      // By its record route: demo titles repeat, the id does not.
      await page.goto(`/#/dashboard/listings/active/${edited!.id}`);
      await expect(drawer.getByText(edited!.title).first()).toBeVisible();
      await drawer.getByRole('button', { name: 'Versions' }).click();
      const history = drawer.getByRole('region', { name: 'Version history' });
      await expect(history).toContainText(/\d+ changes?, newest first/);
      await expect(history.getByRole('listitem').first()).toBeVisible();
      await history.scrollIntoViewIfNeeded();
    },
    () => closeDrawer(drawer),
  );
});
