// CONTRACT TESTS: a contrast audit of every screen in both colour modes, beyond the serious set the
// other axe specs check. axe's color-contrast rule leaves out what it cannot measure ("incomplete"):
// text under another element (our tables' transparent keyboard rows and Blueprint's empty overlay
// layers lie over every cell, so no table text was ever measured), text on a gradient or an image,
// or cut by a scrolling box. This audit hides those layers for the measurement (they draw nothing
// but the focus ring), runs color-contrast alone, and fails on any violation and on any text axe
// still could not measure, with the node named, so no text escapes the rule. A screenshot of each
// screen at 1280×720 is kept (test-results/…/<screen>-<mode>.png).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openWithFakeMarket, test } from './support/fixtures.js';
import { APP_SCREENS, type AuditedScreen, SPEC_SCREENS } from './support/screens.js';
import { adminTable } from './support/table.js';

// Every screen, the Blocks screen too; the listings placeholder holds no table, only its heading.
const SCREENS: AuditedScreen[] = [
  ...SPEC_SCREENS.filter(([name]) => name !== 'listings-placeholder'),
  ...APP_SCREENS,
  ['blocks', '/dashboard/blocks', (p) => expect(adminTable(p, 'Blocks').rows).toHaveCount(1)],
];

async function contrast(page: Page) {
  await page.addStyleTag({ content: '.data-table-rows, .bp6-table-overlay-layer:empty { display: none !important; }' });
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  const named = (list: typeof results.violations) =>
    list.flatMap((rule) =>
      rule.nodes.map(
        (node) =>
          `${node.html.slice(0, 100)} (${node.target.join(' ')}): ${node.any[0]?.message ?? node.failureSummary ?? ''}`,
      ),
    );
  return { violations: named(results.violations), unmeasured: named(results.incomplete) };
}

for (const theme of ['light', 'dark'] as const) {
  for (const [name, route, ready] of SCREENS) {
    test(`${name} in ${theme} mode: every text meets its contrast, and axe measured it all`, async ({ page }, info) => {
      await page.addInitScript((mode) => localStorage.setItem('colorMode', mode), theme);
      await openWithFakeMarket(page, { signedIn: true });
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`/#${route}`);
      await ready(page);
      await page.screenshot({ path: info.outputPath(`${name}-${theme}.png`) });
      const found = await contrast(page);
      expect(found).toEqual({ violations: [], unmeasured: [] });
    });
  }
}
