// CONTRACT TESTS: the controls inside table cells, with the keyboard alone. A row is the grid's
// one tab stop; ArrowRight enters the row's controls (left to right), ArrowRight and ArrowLeft
// walk them, Home and End jump, ArrowLeft from the first or Escape go back to the row. Each
// control draws its focus and does its work from the keyboard (Enter, Space), and the keys of a
// control stay its own.
import { callsOf, expect, test } from './support/fixtures.js';
import { expectFocusVisible, expectFocusWithin, tabTo } from './support/keyboard.js';
import { adminTable } from './support/table.js';

test("a user row's star, reached and used from the row with the arrow keys", async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/users');
  const users = adminTable(page, 'Users');
  await users.waitForRows();
  const row = users.row(/user0@example\.com/);
  await tabTo(page, row);
  // ArrowRight: the first control of the row, its feature star.
  await page.keyboard.press('ArrowRight');
  const star = users.buttonInRow(/user0@example\.com/, 'Feature user0');
  await expectFocusVisible(star);
  const featured = await star.getAttribute('aria-pressed');
  await page.keyboard.press('Enter');
  await expect(star).toHaveAttribute('aria-pressed', featured === 'true' ? 'false' : 'true');
  await expect.poll(() => callsOf(page, 'users.setFeatured')).toHaveLength(1);
  // The drawer did not open: Enter was the star's.
  await expect(page.getByRole('dialog', { name: 'Details' })).toHaveCount(0);
  // The star is the row's one control: End and ArrowRight stay on it.
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect(star).toBeFocused();
  // ArrowLeft from the first control: back on the row.
  await page.keyboard.press('ArrowLeft');
  await expect(row).toBeFocused();
  // Escape from a control goes back to its own row too.
  await page.keyboard.press('ArrowRight');
  await expect(star).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row).toBeFocused();
  // A row with no control in its cells (user1 sells nothing: no star): ArrowRight leaves the focus on it.
  await page.keyboard.press('ArrowDown');
  const plain = users.row(/user1@example\.com/);
  await expect(plain).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(plain).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Details' })).toContainText('user1@example.com');
});

test("a moderation row's pick box and delete, from the keyboard", async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/ratings');
  const ratings = adminTable(page, 'Ratings');
  await ratings.waitForRows();
  await tabTo(page, ratings.rows.nth(0));
  await page.keyboard.press('ArrowRight');
  const pick = page.getByRole('checkbox', { name: 'Select row 1' });
  await expect(pick).toBeFocused();
  await page.keyboard.press('Space');
  await expect(pick).toBeChecked();
  await expect(page.getByText('1 selected')).toBeVisible();
  // ArrowRight walks on to the row's delete, which asks before deleting.
  await page.keyboard.press('ArrowRight');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAccessibleName(/Delete|Options/);
  await expectFocusVisible(focused);
  await page.keyboard.press('ArrowLeft');
  await expect(pick).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(ratings.rows.nth(0)).toBeFocused();
});

test("a listing row's star and Options menu: End, Home and the menu's own keys", async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/listings/active');
  const listings = adminTable(page, 'Active listings');
  await listings.waitForRows();
  await tabTo(page, listings.rows.nth(0));
  await page.keyboard.press('ArrowRight');
  const first = page.locator(':focus');
  await expectFocusVisible(first);
  const firstName = await first.getAttribute('aria-label');
  await page.keyboard.press('End');
  const options = listings.buttonInFirstRow('Options');
  await expectFocusVisible(options);
  // Enter opens the menu; the menu's arrows are its own (it is in a portal, outside the cells).
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Options' });
  await expect(menu).toBeVisible();
  // Escape closes the menu once it holds the focus (Blueprint moves it in a frame after it opens).
  await expectFocusWithin(menu);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await options.focus();
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', firstName!);
  await page.keyboard.press('Escape');
  await expect(listings.rows.nth(0)).toBeFocused();
});
