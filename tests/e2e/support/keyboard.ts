// Keyboard-only helpers for the contract specs: reach a control with Tab (as a person without a
// mouse does) and check that the focus is drawn where it is.
import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement, null, { timeout: 2000 })) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
}

/** The focused element shows a focus ring (an outline or a box-shadow), as WCAG 2.4.7 asks. */
export async function expectFocusVisible(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== 'none' && element.matches(':focus-visible'),
    };
  });
  expect(ring.outline || ring.shadow, `no visible focus on ${target.toString()}`).toBe(true);
}

/**
 * Waits until the focus is inside the overlay that holds `container` (its own focus trap counts).
 * Blueprint moves the focus into an opened overlay one animation frame after it is shown; a key
 * pressed in that frame (faster than a person can) lands on what opened it, and is lost.
 */
export async function expectFocusWithin(container: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        container.evaluate((element) => (element.closest('.bp6-overlay') ?? element).contains(document.activeElement)),
      {
        message: `the focus is inside ${container.toString()}`,
      },
    )
    .toBe(true);
}
