// Screenshots of every screen in both colour modes from the real stack with demo data, kept
// as artifacts of the run under test-results/ (not committed): dark is the default, light is
// switched on through the sidebar like a moderator would.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import { adminTable } from '../support/table.js';
import { dialogNamed, openLoginSignedOut, openScreen, signInAsAdmin } from './real-stack.js';

const tableScreens: { route: string; table: string; drawer?: string }[] = [
  { route: 'users', table: 'Users', drawer: 'Details' },
  { route: 'listings/active', table: 'Active listings', drawer: 'Listing' },
  { route: 'listings/sold', table: 'Sold listings', drawer: 'Order' },
  { route: 'subcategory', table: 'Subcategories' },
  { route: 'ratings', table: 'Ratings' },
  { route: 'auctionMessages', table: 'Auction messages' },
  { route: 'inbox/chats', table: 'Chats' },
  { route: 'inbox/messages', table: 'Chat messages' },
];
const placeholders = [
  { route: 'listings', text: 'Listings' },
  { route: 'customer-support', text: 'Customer Support' },
  { route: 'settings', text: 'Settings' },
];

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  // Let toasts and drawer transitions settle so the picture shows the screen itself.
  await page
    .locator('.bp6-toast')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function shootEveryScreen(page: Page, testInfo: TestInfo, mode: 'dark' | 'light') {
  await page.goto('/#/dashboard/home');
  await expect(page.getByText('Total Registered Users')).toBeVisible();
  await shoot(page, testInfo, `${mode}-dashboard-home`);
  for (const screen of tableScreens) {
    await openScreen(page, screen.route);
    const table = adminTable(page, screen.table);
    await table.waitForRows();
    await shoot(page, testInfo, `${mode}-${screen.route.replace('/', '-')}`);
    if (screen.drawer) {
      await table.clickFirstRow();
      const drawer = dialogNamed(page, screen.drawer);
      await expect(drawer).toBeVisible();
      await shoot(page, testInfo, `${mode}-${screen.route.replace('/', '-')}-drawer`);
      if (screen.table === 'Sold listings') {
        await drawer.getByRole('button', { name: 'Refund Order' }).click();
        await expect(dialogNamed(page, 'Refund Order').getByText('Refundable amount remaining:')).toBeVisible();
        await shoot(page, testInfo, `${mode}-refund-dialog`);
        await dialogNamed(page, 'Refund Order').getByRole('button', { name: 'Cancel' }).click();
      }
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(drawer).toBeHidden();
    }
  }
  for (const screen of placeholders) {
    await openScreen(page, screen.route);
    await expect(page.getByRole('main').getByText(screen.text, { exact: true })).toBeVisible();
    await shoot(page, testInfo, `${mode}-${screen.route}`);
  }
}

test('every screen in dark (default) and light mode', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await openLoginSignedOut(page);
  await shoot(page, testInfo, 'dark-login');
  await signInAsAdmin(page);
  const darkMode = page.getByRole('checkbox', { name: 'Dark mode' });
  await expect(darkMode).toBeChecked();
  await shootEveryScreen(page, testInfo, 'dark');

  await darkMode.click({ force: true });
  await expect(darkMode).not.toBeChecked();
  await shootEveryScreen(page, testInfo, 'light');
});
