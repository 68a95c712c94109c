// axe-core in the contract specs: the serious and critical violations of a page (the bar every
// screen, drawer and dialog is held to), the contrast audit of every text, and a wait for the
// overlays' enter transitions before a page is audited or photographed.
//
// axe runs in the page itself (AxeBuilder's legacy mode): its default runs each frame's part and
// then merges the parts in a blank page it opens, sending every passing node's description (a
// table screen has thousands) to the test and back, and took three to five times as long on the
// same page. The app has no frame of another origin, the one case that needs the merge. Only the
// result types a check reads are described in full (axe's resultTypes): the others keep one node.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 A and AA, with axe's best practices: the app-completeness issue's bar. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

function axeIn(page: Page, resultTypes: ('violations' | 'incomplete')[]) {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes });
}

/** The page's violations of impact serious or critical (under `tags` when given, else axe's default rules). */
export async function seriousViolations(page: Page, tags?: string[]) {
  const builder = axeIn(page, ['violations']);
  const results = await (tags ? builder.withTags(tags) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/**
 * Every text's contrast, each node named: the violations, and what axe could not measure. axe's
 * color-contrast rule leaves out what it cannot measure ("incomplete"): text under another element
 * (our tables' transparent keyboard rows and Blueprint's empty overlay layers lie over every cell,
 * so no table text was ever measured), text on a gradient or an image, or cut by a scrolling box.
 * This hides those layers (they draw nothing but the focus ring) for good and runs color-contrast
 * alone: the page's last audit.
 */
export async function contrastAudit(page: Page) {
  await page.addStyleTag({ content: '.data-table-rows, .bp6-table-overlay-layer:empty { display: none !important; }' });
  const results = await axeIn(page, ['violations', 'incomplete']).withRules(['color-contrast']).analyze();
  const named = (list: typeof results.violations) =>
    list.flatMap((rule) =>
      rule.nodes.map(
        (node) =>
          `${node.html.slice(0, 100)} (${node.target.join(' ')}): ${node.any[0]?.message ?? node.failureSummary ?? ''}`,
      ),
    );
  return { violations: named(results.violations), unmeasured: named(results.incomplete) };
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
