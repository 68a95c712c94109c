import { expect, test } from '@playwright/test';

// Proves Playwright drives Debian's Chromium (playwright.config.ts) against the served renderer.
test('the renderer loads in Chromium with its strict CSP', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page).toHaveTitle('Market Admin');
  expect(await page.evaluate(() => navigator.userAgent)).toContain('Chrome/');
  expect(errors).toEqual([]);
});
