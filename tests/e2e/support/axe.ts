// axe-core in the contract specs: the serious and critical violations of a page (the bar every
// screen, drawer and dialog is held to), and a wait for the overlays' enter transitions before a
// page is audited or photographed.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 A and AA, with axe's best practices: the app-completeness issue's bar. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** The page's violations of impact serious or critical (under `tags` when given, else axe's default rules). */
export async function seriousViolations(page: Page, tags?: string[]) {
  const builder = new AxeBuilder({ page });
  const results = await (tags ? builder.withTags(tags) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Screenshots and audits wait for the overlays' enter transitions (CSS transitions, never infinite). */
export async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length,
      ),
    )
    .toBe(0);
}
