// Screenshots of every screen at 1280×720 and 1920×1080 in both colour modes, as the window
// shows them (no full-page stitching: what fits is what a user sees), into
// test-results/screenshots/ for the CI artifacts; plus the palette, the shortcuts and bulk.
import type { Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import { expectFocusWithin } from '../support/keyboard.js';
import { adminTable } from '../support/table.js';
import { ensureSignedIn, openScreen } from './real-stack.js';

const screens: { route: string; table?: string; text?: string }[] = [
  { route: 'home', text: 'Total Registered Users' },
  { route: 'users', table: 'Users' },
  { route: 'listings/active', table: 'Active listings' },
  { route: 'listings/sold', table: 'Sold listings' },
  { route: 'subcategory', table: 'Subcategories' },
  { route: 'ratings', table: 'Ratings' },
  { route: 'auctionMessages', table: 'Auction messages' },
  { route: 'inbox/chats', table: 'Chats' },
  { route: 'inbox/messages', table: 'Chat messages' },
  { route: 'listings', text: 'Listings' },
  { route: 'customer-support', text: 'Customer Support' },
  { route: 'settings', text: 'Settings' },
];
const sizes = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

async function shoot(page: Page, name: string) {
  await page
    .locator('.bp6-toast')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, animations: 'disabled' });
}

async function setMode(page: Page, mode: 'dark' | 'light') {
  const dark = page.getByRole('checkbox', { name: 'Dark mode' });
  if ((await dark.isChecked()) !== (mode === 'dark')) await dark.click({ force: true });
}

// Opt-in (WORKBENCH_SCREENSHOTS=1): one run of this spec hung for minutes on a shared CI machine,
// and the suite must not depend on it. The screenshots it takes are artifacts, not assertions.
test.skip(!process.env.WORKBENCH_SCREENSHOTS, 'set WORKBENCH_SCREENSHOTS=1 to take every screen');

for (const mode of ['dark', 'light'] as const) {
  for (const size of sizes) {
    test(`every screen, ${mode}, ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size);
      await ensureSignedIn(page);
      await setMode(page, mode);
      const tag = `${mode}-${size.width}x${size.height}`;
      for (const screen of screens) {
        await openScreen(page, screen.route);
        if (screen.table) await adminTable(page, screen.table).waitForRows();
        else await expect(page.getByRole('main').getByText(screen.text!, { exact: true }).first()).toBeVisible();
        await shoot(page, `${tag}-${screen.route.replace('/', '-')}`);
      }
      // A record's drawer from its route, the palette, the shortcuts, a bulk selection.
      await openScreen(page, 'users');
      const users = adminTable(page, 'Users');
      await users.waitForRows();
      await users.clickFirstRow();
      const drawer = page.getByRole('dialog', { name: 'Details' });
      await expect(drawer).toBeVisible();
      await shoot(page, `${tag}-user-drawer`);
      // Blueprint moves the focus into the drawer a frame after it shows; Escape pressed before is lost.
      await expectFocusWithin(drawer);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await page.keyboard.press('Control+k');
      await page.getByPlaceholder('Go to a screen, find a user, listing or order…').fill('example');
      await expect(page.getByRole('option', { name: /@example/ }).first()).toBeVisible();
      await shoot(page, `${tag}-command-palette`);
      await page.keyboard.press('Escape');
      // `?` is a key of the page, not of a text field: click the screen's title first.
      await page.getByRole('heading', { name: 'Users' }).click();
      await page.keyboard.press('Shift+?');
      const shortcuts = page.getByRole('dialog').filter({ hasText: 'Open the command palette' });
      await expect(shortcuts).toBeVisible();
      await shoot(page, `${tag}-shortcuts`);
      await expectFocusWithin(shortcuts);
      await page.keyboard.press('Escape');
      await expect(shortcuts).toBeHidden();
      await openScreen(page, 'inbox/messages');
      await adminTable(page, 'Chat messages').waitForRows();
      const box = (n: number) =>
        page
          .locator('.bp6-table-quadrant-main')
          .getByRole('checkbox', { name: `Select row ${n}`, exact: true })
          .locator('xpath=..');
      await box(1).click();
      await box(3).click({ modifiers: ['Shift'] });
      await shoot(page, `${tag}-bulk-selection`);
    });
  }
}
