// Accessibility of the review queue and its case drawer, in both themes: no serious or critical
// axe violations (contract double; the real-stack screenshots are in real-stack/review.stack.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openWithFakeMarket, test } from './support/fixtures.js';
import { adminTable } from './support/table.js';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

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
