// Accountability against the real stack: a seller fee change found in the audit log with its
// before and after; a note seen in the timeline; selling suspended (the impact shown first) and
// the seller's listing creation then refused through the buyer API; the moderator and finance
// roles seeing only what they may do. Also the screenshots of the audit log, a user's whole
// drawer and the enforcement dialog, in both themes and two window sizes.
import type { Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { AdminUser } from '../../../shared/contract/entities.js';
import { adminTable } from '../support/table.js';
import {
  adminList,
  callApi,
  DEMO_ACCOUNTS,
  dialogNamed,
  ensureSignedIn,
  idTokenOf,
  openLoginSignedOut,
  openScreen,
  REAL_STACK,
  SCREENSHOTS,
  searchBox,
  toast,
} from './real-stack.js';

const demoEmails: string[] = Object.values(DEMO_ACCOUNTS).map((account) => account.email);

/** A seller with a payout account and orders, not one of the demo accounts. */
async function aSeller(): Promise<AdminUser> {
  const { items } = await adminList<AdminUser>('/admin/users', { page: 1, limit: 100 });
  const seller = items.find(
    (user) => user.stripeUserId && user.sellerEnabled && user.userName && !demoEmails.includes(user.email),
  );
  expect(seller).toBeDefined();
  return seller!;
}

async function openUser(page: Page, email: string) {
  await openScreen(page, 'users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await searchBox(page, 'Search users').fill(email);
  await expect.poll(() => table.rowCount()).toBe(1);
  await table.clickRow(email);
  const drawer = dialogNamed(page, 'Details');
  await expect(drawer).toBeVisible();
  return drawer;
}

async function signInAs(page: Page, account: 'moderator' | 'finance') {
  await openLoginSignedOut(page);
  await page.getByLabel('Email address').fill(DEMO_ACCOUNTS[account].email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS[account].password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/home$/);
}

test.describe('as the owner', () => {
  test.beforeEach(async ({ page }) => {
    await ensureSignedIn(page);
  });

  test('a seller fee change shows in the audit log with its before and after', async ({ page }) => {
    const seller = await aSeller();
    const drawer = await openUser(page, seller.email);
    const fee = (seller.sellerFee + 3) % 26;
    await drawer.getByLabel('Seller Fee').selectOption(String(fee));
    await drawer
      .locator('.bp6-form-group')
      .filter({ has: page.getByLabel('Seller Fee', { exact: true }) })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(toast(page, 'Seller fee updated successfully')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/#\/dashboard\/audit$/);
    const table = adminTable(page, 'Audit log');
    await page.getByLabel('Action', { exact: true }).fill('setSellerFee');
    await page.getByLabel('Record id').fill(seller.id);
    await expect.poll(() => table.rowCount()).toBe(1);
    const changes = await table.cell('setSellerFee', 'Changes');
    await expect(changes).toHaveText(`sellerFee ${seller.sellerFee} → ${fee}`);
    expect(await table.cellOf('setSellerFee', 'Admin')).toBe(DEMO_ACCOUNTS.admin.email);

    // The record is a link that opens the user.
    await (await table.cell('setSellerFee', 'Record')).getByRole('link').click();
    await expect(dialogNamed(page, 'Details').getByText(seller.email).first()).toBeVisible();
  });

  test('a note added in the drawer shows in the timeline', async ({ page }) => {
    const seller = await aSeller();
    const drawer = await openUser(page, seller.email);
    const text = `Called about a late parcel ${Date.now()}`;
    await drawer.getByLabel('Note').fill(text);
    await drawer.getByRole('button', { name: 'Add note' }).click();
    await expect(toast(page, 'Note added')).toBeVisible();
    const timeline = drawer.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('listitem').first()).toContainText(text);
    await expect(timeline.getByRole('listitem').first()).toContainText(DEMO_ACCOUNTS.admin.email);
  });

  test('suspending selling shows the impact first; then the buyer API refuses the seller a listing', async ({
    page,
  }) => {
    // The demo buyer sells, as an approved seller would.
    const buyerToken = await idTokenOf('buyer');
    const me = await callApi<{ id: string }>(buyerToken, '/user/my-details');
    const adminToken = await idTokenOf('admin');
    await callApi(adminToken, `/admin/users/${me.id}/enable-disable-seller`, {
      method: 'PATCH',
      body: { sellerEnabled: true },
    });
    const listing = { title: 'Signed bat', listingType: 'auction', startingBid: 5 };
    await callApi(buyerToken, '/listing', { method: 'POST', body: listing });

    const drawer = await openUser(page, DEMO_ACCOUNTS.buyer.email);
    await drawer.getByRole('button', { name: 'Enforcement', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Enforcement:/ });
    const impact = dialog.getByRole('table', { name: 'Impact' });
    await expect(impact.getByRole('row', { name: /Active listings/ })).toContainText(/[1-9]/);
    // The label, not the hidden radio: Playwright waits until the dialog has finished opening.
    await dialog.getByText('Suspend selling', { exact: true }).click();
    await expect(dialog.getByLabel('Suspend selling')).toBeChecked();
    await expect(impact.getByRole('row', { name: /Active listings/ })).toContainText('Stay on sale');
    await dialog.getByLabel('Reason').selectOption('Prohibited item');
    await dialog.getByLabel('Details (internal)').fill('counterfeit bats');
    await dialog.getByRole('button', { name: 'Apply suspend selling' }).click();
    await expect(toast(page, 'Suspend selling: applied')).toBeVisible();
    await expect(drawer.getByText('Suspend selling', { exact: true })).toBeVisible();

    const refused = await fetch(`${REAL_STACK.apiHost}/v1/listing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(listing),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('sellingSuspended');

    // Lift it again, so the demo buyer stays as other specs expect.
    await callApi(adminToken, `/admin/users/${me.id}/enforcement`, {
      method: 'POST',
      body: { action: 'lift', reason: 'End of the test' },
    });
    await callApi(adminToken, `/admin/users/${me.id}/enable-disable-seller`, {
      method: 'PATCH',
      body: { sellerEnabled: false },
    });
  });
});

test('the moderator finds Refund Order absent; finance has it', async ({ page }) => {
  await signInAs(page, 'moderator');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Listings' }).click();
  await expect(nav.getByRole('link', { name: 'Active listings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sold listings' })).toHaveCount(0);
  // A deep link to a screen the role may not use says so (issue 25), instead of failing its rows.
  await page.goto('/#/dashboard/listings/sold');
  await expect(page.getByRole('heading', { name: 'Your role, moderator, cannot open Sold listings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Refund Order' })).toHaveCount(0);
  // Users are read-only for a moderator, who may enforce.
  const drawer = await openUser(page, DEMO_ACCOUNTS.buyer.email);
  await expect(drawer.getByRole('button', { name: 'Enforcement', exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Delete user' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();

  await signInAs(page, 'finance');
  await openScreen(page, 'listings/sold');
  const table = adminTable(page, 'Sold listings');
  await table.waitForRows();
  await table.clickFirstRow();
  const order = dialogNamed(page, 'Order');
  await expect(order.getByRole('button', { name: 'Refund Order' })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
  await order.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
});

test('screenshots: the audit log, a user’s whole drawer and the enforcement dialog', async ({ page }) => {
  test.setTimeout(240_000);
  await ensureSignedIn(page);
  const seller = await aSeller();
  const adminToken = await idTokenOf('admin');
  await callApi(adminToken, '/admin/notes', {
    method: 'POST',
    body: { recordType: 'user', recordId: seller.id, text: 'Asked for proof of authenticity on two lots' },
  });
  await callApi(adminToken, `/admin/users/${seller.id}/enforcement`, {
    method: 'POST',
    body: { action: 'warn', reason: 'Off-platform payment or contact: phone number in a listing' },
  });
  const darkMode = page.getByRole('checkbox', { name: 'Dark mode' });
  for (const theme of ['dark', 'light'] as const) {
    if ((await darkMode.isChecked()) !== (theme === 'dark')) await darkMode.click({ force: true });
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      const name = (what: string) => `${SCREENSHOTS}${what}-${theme}-${width}x${height}.png`;
      await openScreen(page, 'audit');
      await adminTable(page, 'Audit log').waitForRows();
      await page.screenshot({ path: name('audit-log'), animations: 'disabled' });

      const drawer = await openUser(page, seller.email);
      await expect(drawer.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first()).toBeVisible();
      await expect(drawer.getByRole('button', { name: /^Orders as seller/ })).toBeVisible();
      // The drawer's slide-in is over once no CSS transition runs (not after a guessed 500 ms).
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
      );
      await page.screenshot({ path: name('user-drawer'), animations: 'disabled' });
      await drawer
        .getByRole('heading', { name: 'History', exact: true })
        .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: name('user-drawer-history'), animations: 'disabled' });
      await drawer.getByRole('button', { name: 'Enforcement', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Enforcement:/ });
      await dialog
        .locator('label')
        .filter({ hasText: /^Suspend$/ })
        .click();
      await expect(dialog.getByRole('table', { name: 'Impact' })).toBeVisible();
      await page.screenshot({ path: name('enforcement-dialog'), animations: 'disabled' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await drawer.getByRole('button', { name: 'Close' }).click();
    }
  }
});
