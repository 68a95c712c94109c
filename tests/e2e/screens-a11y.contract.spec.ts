// CONTRACT TESTS: every screen, in both themes, against the in-page `window.market` double —
// axe finds no serious or critical violation, the console stays quiet (no error, no warning), and
// a full-page screenshot is saved under test-results/ (artifacts, never committed).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openWithFakeMarket, test } from './support/fixtures.js';
import { watchConsole } from './support/quiet-console.js';
import { adminTable } from './support/table.js';

const SCREENS: [name: string, route: string, ready: (page: Page) => Promise<void>][] = [
  ['dashboard-home', '/dashboard/home', (p) => expect(p.getByText('Total Registered Users')).toBeVisible()],
  ['users', '/dashboard/users', (p) => expect(adminTable(p, 'Users').rows).toHaveCount(10)],
  [
    'active-listings',
    '/dashboard/listings/active',
    (p) => expect(p.getByText('Listing 0', { exact: true })).toBeVisible(),
  ],
  ['sold-listings', '/dashboard/listings/sold', (p) => expect(p.getByText('Sold item 0')).toBeVisible()],
  ['subcategories', '/dashboard/subcategory', (p) => expect(p.getByText('Cameras')).toBeVisible()],
  ['ratings', '/dashboard/ratings', (p) => expect(p.getByText('Deleted user')).toBeVisible()],
  [
    'auction-messages',
    '/dashboard/auctionMessages',
    (p) => expect(p.getByText('Is it still available?')).toBeVisible(),
  ],
  ['chats', '/dashboard/inbox/chats', (p) => expect(p.getByText('See you')).toBeVisible()],
  [
    'chat-messages',
    '/dashboard/inbox/messages',
    (p) => expect(p.getByText('Message 0', { exact: true })).toBeVisible(),
  ],
  [
    'listings-placeholder',
    '/dashboard/listings',
    (p) => expect(p.getByRole('heading', { name: 'Listings' })).toBeVisible(),
  ],
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Screenshots wait for the overlays' enter transitions (CSS transitions, never infinite). */
async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length,
      ),
    )
    .toBe(0);
}

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

    for (const [name, route, ready] of SCREENS) {
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
