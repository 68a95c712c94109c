// CONTRACT TESTS: a contrast audit of the specification's screens and Blocks in both colour modes,
// beyond the serious set the other axe specs check (contrastAudit in support/axe.ts says what it
// measures that they do not). It fails on any violation and on any text axe could not measure,
// with the node named, so no text escapes the rule. A screenshot of each screen at 1280×720 is
// kept (test-results/…/<screen>-<mode>.png). The screens built beyond the specification get the
// same audit in app-a11y.contract.spec.ts, on the page load their axe scan uses.
import { expect, openWithFakeMarket, test } from './support/fixtures.js';
import { contrastAudit } from './support/axe.js';
import { type AuditedScreen, SPEC_SCREENS } from './support/screens.js';
import { adminTable } from './support/table.js';

// The listings placeholder holds no table, only its heading.
const SCREENS: AuditedScreen[] = [
  ...SPEC_SCREENS.filter(([name]) => name !== 'listings-placeholder'),
  ['blocks', '/dashboard/blocks', (p) => expect(adminTable(p, 'Blocks').rows).toHaveCount(1)],
];

for (const theme of ['light', 'dark'] as const) {
  for (const [name, route, ready] of SCREENS) {
    test(`${name} in ${theme} mode: every text meets its contrast, and axe measured it all`, async ({ page }, info) => {
      await page.addInitScript((mode) => localStorage.setItem('colorMode', mode), theme);
      await openWithFakeMarket(page, { signedIn: true });
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`/#${route}`);
      await ready(page);
      await page.screenshot({ path: info.outputPath(`${name}-${theme}.png`) });
      expect(await contrastAudit(page)).toEqual({ violations: [], unmeasured: [] });
    });
  }
}
