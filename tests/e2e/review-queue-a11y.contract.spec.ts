// Accessibility of the review queue and its case drawer, in both themes: no serious or critical
// axe violations (contract double; the real-stack screenshots are in real-stack/review.stack.spec.ts).
import { seriousViolations } from './support/axe.js';
import { expect, openWithFakeMarket, test } from './support/fixtures.js';
import { adminTable } from './support/table.js';

for (const theme of ['dark', 'light'] as const) {
  test(`review queue and case drawer, ${theme} theme`, async ({ page }) => {
    await page.addInitScript((mode) => localStorage.setItem('colorMode', mode), theme);
    await openWithFakeMarket(page, { signedIn: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/#/dashboard/review');
    await expect(adminTable(page, 'Review queue').rows).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/#/dashboard/review/rc1');
    await expect(page.getByRole('region', { name: 'Conversation' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
