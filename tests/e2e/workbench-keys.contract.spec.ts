// CONTRACT TESTS of the workbench's keyboard: the command palette (Ctrl+K) finds a user by email
// and opens their drawer and goes to screens; `?` lists the shortcuts; `/` focuses the search;
// j/k move between rows (on the review queue they open the next and previous case instead); the
// open drawer's actions run from the palette and their keys.
import { callsOf, expect, test } from './support/fixtures.js';
import { expectFocusWithin } from './support/keyboard.js';
import { adminTable } from './support/table.js';

test('Ctrl+K finds a user by email and opens their drawer', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/home');
  await expect(page.getByText('Total Registered Users')).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByPlaceholder('Go to a screen, find a user, listing or order…');
  await expect(palette).toBeFocused();
  await palette.fill('user7@example.com');
  await page.getByRole('option', { name: /user7/ }).click();
  await expect(page).toHaveURL(/#\/dashboard\/users\/u7$/);
  await expect(page.getByRole('dialog', { name: 'Details' })).toContainText('user7@example.com');

  // The open record's actions are in the palette too.
  await page.keyboard.press('Control+k');
  await page.getByPlaceholder('Go to a screen, find a user, listing or order…').fill('new window');
  await page.getByRole('option', { name: /Open in new window/ }).click();
  expect(await callsOf(page, 'windows.open')).toEqual(['/dashboard/users/u7']);
  // …and on their key.
  await page.getByRole('dialog', { name: 'Details' }).getByRole('heading', { name: 'Details' }).click();
  await page.keyboard.press('w');
  expect(await callsOf(page, 'windows.open')).toEqual(['/dashboard/users/u7', '/dashboard/users/u7']);
});

test('Ctrl+K goes to a screen', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/home');
  await expect(page.getByText('Total Registered Users')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByPlaceholder('Go to a screen, find a user, listing or order…').fill('ratings');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/dashboard\/ratings$/);
});

test('? lists the shortcuts; / searches; j and k move between rows; Enter opens', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog').filter({ hasText: 'Open the command palette' });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Search the screen's table");
  await expect(help).toContainText('Next row');
  await expectFocusWithin(help);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.keyboard.press('/');
  await expect(page.getByPlaceholder('Search users')).toBeFocused();
  await page.getByPlaceholder('Search users').blur();

  await page.keyboard.press('j');
  await expect(table.rows.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(table.rows.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(table.rows.nth(0)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Details' })).toBeVisible();
  await expectFocusWithin(page.getByRole('dialog', { name: 'Details' }));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Details' })).toBeHidden();
});

test('an offline banner shows while live updates are down, and goes when they are back', async ({
  signedInPage: page,
}) => {
  await page.goto('/#/dashboard/inbox/chats');
  await adminTable(page, 'Chats').waitForRows();
  const setConnection = (state: string) =>
    page.evaluate(
      (s) => (window as unknown as { __fakeMarket: { setConnection(s: string): void } }).__fakeMarket.setConnection(s),
      state,
    );
  await setConnection('offline');
  const banner = page.locator('.connection-banner');
  await expect(banner).toContainText('Offline: live updates are paused.');
  await setConnection('connected');
  await expect(banner).toHaveCount(0);
});

test("a drawer's actions have keys: listed on ?, D asks to delete the user", async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/users/u4');
  const drawer = page.getByRole('dialog', { name: 'Details' });
  await expect(drawer.getByRole('button', { name: 'Delete user' })).toBeVisible();
  await drawer.getByRole('heading', { name: 'Details' }).click();
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog').filter({ hasText: 'Open the command palette' });
  await expect(help).toContainText('Delete user');
  await expect(help).toContainText('Copy link');
  await expectFocusWithin(help);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await drawer.getByRole('heading', { name: 'Details' }).click();
  await page.keyboard.press('d');
  await expect(page.getByRole('alertdialog', { name: 'Delete user?' })).toBeVisible();
});

test('on the review queue j and k open the next and previous case, and only that', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/review');
  const table = adminTable(page, 'Review queue');
  await expect(table.rows).toHaveCount(4);
  const ids = await table.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')));

  // The shortcuts list says what the keys do here.
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog').filter({ hasText: 'Open the command palette' });
  await expect(help).toContainText('Next case');
  await expect(help).toContainText('Previous case');
  await expect(help).not.toContainText('Next row');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // One press opens one case: the first, not the first and then (as the row moved too) the second.
  // Each key waits for the case's drawer to hold the focus (Blueprint moves it a frame after the
  // drawer shows), as a person's next press comes after they see the case.
  const caseDrawer = page.getByRole('dialog').last();
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`#/dashboard/review/${ids[0]}$`));
  await expectFocusWithin(caseDrawer);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`#/dashboard/review/${ids[1]}$`));
  await expectFocusWithin(caseDrawer);
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`#/dashboard/review/${ids[0]}$`));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/dashboard\/review$/);

  // With the drawer closed, j opens the case after the focused row. The drawer gives the focus
  // back to where it was when it closes (at the end of its transition), so the row is focused once
  // the drawer is gone, and the test looks that it still is before the key.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(async () => {
    await table.rows.nth(2).focus();
    await expect(table.rows.nth(2)).toBeFocused({ timeout: 200 });
  }).toPass();
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`#/dashboard/review/${ids[3]}$`));
  await page.keyboard.press('Escape');

  // Leaving the queue gives the keys back to the rows.
  await page.goto('/#/dashboard/users');
  const users = adminTable(page, 'Users');
  await users.waitForRows();
  await page.keyboard.press('j');
  await expect(users.rows.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(users.rows.nth(1)).toBeFocused();
  await expect(page).toHaveURL(/#\/dashboard\/users$/);
});
