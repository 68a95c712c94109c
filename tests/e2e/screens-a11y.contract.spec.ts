// CONTRACT TESTS: every screen, in both themes, against the in-page `window.market` double —
// axe finds no serious or critical violation, the console stays quiet (no error, no warning), and
// a full-page screenshot is saved under test-results/ (artifacts, never committed).
import type { Page } from '@playwright/test';
import { expect, openWithFakeMarket, test } from './support/fixtures.js';
import { seriousViolations, settled } from './support/axe.js';
import { watchConsole } from './support/quiet-console.js';
import { SPEC_SCREENS } from './support/screens.js';
import { adminTable } from './support/table.js';

async function useTheme(page: Page, theme: 'dark' | 'light') {
  await page.addInitScript((mode) => localStorage.setItem('colorMode', mode), theme);
}

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme} theme`, () => {
    test('login screen', async ({ page }, info) => {
      await useTheme(page, theme);
      await openWithFakeMarket(page, { signedIn: false });
      await page.goto('/#/auth/login');
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`login-${theme}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });

    for (const [name, route, ready] of SPEC_SCREENS) {
      test(name, async ({ page }, info) => {
        const console = watchConsole(page);
        await useTheme(page, theme);
        await openWithFakeMarket(page, { signedIn: true });
        await page.setViewportSize({ width: 1440, height: 1000 });
        await page.goto(`/#${route}`);
        await ready(page);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /bp6-dark/ : /^(?!.*bp6-dark)/);
        await page.screenshot({ path: info.outputPath(`${name}-${theme}.png`), fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        expect(console.noise).toEqual([]);
      });
    }

    test('drawers and dialogs', async ({ page }, info) => {
      const console = watchConsole(page);
      await useTheme(page, theme);
      await openWithFakeMarket(page, { signedIn: true });
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.goto('/#/dashboard/users');
      await adminTable(page, 'Users').clickRow(/user3@example\.com/);
      await expect(page.getByRole('dialog', { name: 'Details' })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: info.outputPath(`user-drawer-${theme}.png`) });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/#/dashboard/listings/sold');
      await adminTable(page, 'Sold listings').clickRow(/Sold item 0/);
      await page.getByRole('button', { name: 'Refund Order' }).click();
      await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('100');
      await expect(page.getByText('Please enter a valid amount up to 55.5 with max 2 decimal places.')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: info.outputPath(`refund-dialog-${theme}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
      expect(console.noise).toEqual([]);
    });
  });
}
