// CONTRACT TESTS: the main flows with the keyboard alone (no mouse event is sent): find a user,
// open their drawer, suspend them through the Enforcement dialog, resolve a case with a macro and
// refund an order. Focus is visible on every control reached, and goes back to the control that
// opened a dialog or a drawer when it closes.
import { callsOf, expect, test } from './support/fixtures.js';
import { expectFocusVisible, expectFocusWithin, tabTo } from './support/keyboard.js';
import { adminTable } from './support/table.js';

test('find a user, open the drawer, suspend them with the dialog', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();

  // Find: '/' focuses the search; the list narrows to the one user.
  await page.keyboard.press('/');
  await expect(page.getByPlaceholder('Search users')).toBeFocused();
  await page.keyboard.type('user3@example.com');
  await expect(table.rows).toHaveCount(1);
  // Open: Tab from the search reaches the row, Enter opens its drawer.
  await tabTo(page, table.rows.nth(0));
  await expectFocusVisible(table.rows.nth(0));
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Details' });
  await expect(drawer).toContainText('user3@example.com');

  // Suspend: Tab to Enforcement, Enter opens the dialog.
  const enforcement = drawer.getByRole('button', { name: 'Enforcement', exact: true });
  await tabTo(page, enforcement);
  await expectFocusVisible(enforcement);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Enforcement:/ });
  await expect(dialog).toBeVisible();
  // The action: arrows move within the radio group, from Warn to Suspend.
  const warn = dialog.getByRole('radio', { name: 'Warn' });
  await tabTo(page, warn);
  const suspend = dialog.getByRole('radio', { name: 'Suspend', exact: true });
  while (!(await suspend.isChecked())) await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('table', { name: 'Impact' })).toBeVisible();
  // The reason: the first preset, chosen with the arrow key.
  const reason = dialog.getByLabel('Reason');
  await tabTo(page, reason);
  await page.keyboard.press('ArrowDown');
  await expect(reason).not.toHaveValue('');
  // A suspension lasts until a date: typed into the date field's parts.
  const until = dialog.getByLabel('Until', { exact: true });
  await tabTo(page, until);
  // The year takes up to six digits: ArrowRight moves on to the hour.
  await page.keyboard.type('01012030');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('1200P');
  await expect(until).toHaveValue('2030-01-01T12:00');
  const apply = dialog.getByRole('button', { name: 'Apply suspend' });
  await tabTo(page, apply);
  await expectFocusVisible(apply);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(await callsOf(page, 'users.enforce')).toEqual([
    expect.objectContaining({ params: { id: 'u3' }, body: expect.objectContaining({ action: 'suspend' }) }),
  ]);
  // The focus is back on the button that opened the dialog.
  await expect(enforcement).toBeFocused();

  // Escape closes the drawer and the focus goes back to the row it was opened from.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(table.rows.nth(0)).toBeFocused();
});

test('resolve a case with a macro, from the keyboard', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/review');
  const table = adminTable(page, 'Review queue');
  await expect(table.rows).toHaveCount(4);
  // On the review queue `j` opens the next case (its own keys: j/k next and previous case), and
  // the drawer takes the focus a frame later. (It used to wait for the first row to have the
  // focus, which the workbench's `j` gives it for that frame only, then press Enter: it failed
  // whenever the drawer had already taken the focus.)
  await page.keyboard.press('j');
  const drawer = page.getByRole('dialog').filter({ has: page.getByLabel('Macro') });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/#\/dashboard\/review\/rc1$/);
  await expectFocusWithin(drawer);
  // The macro from its select, then Resolve.
  const macro = drawer.getByLabel('Macro');
  await tabTo(page, macro);
  await expectFocusVisible(macro);
  await page.keyboard.press('ArrowDown');
  await expect(macro).toHaveValue('macro-spam');
  const resolve = drawer.getByRole('button', { name: 'Resolve', exact: true });
  await tabTo(page, resolve);
  await expectFocusVisible(resolve);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => callsOf(page, 'reviewCases.resolve'))
    .toEqual([expect.objectContaining({ body: expect.objectContaining({ macroId: 'macro-spam' }) })]);
});

test('refund an order, from the keyboard', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/listings/sold');
  const table = adminTable(page, 'Sold listings');
  await table.waitForRows();
  await page.keyboard.press('j');
  await expect(table.rows.nth(0)).toBeFocused();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: /Order|Details/ }).first();
  const refund = page.getByRole('button', { name: 'Refund Order' });
  await expect(refund).toBeVisible();
  await tabTo(page, refund);
  await expectFocusVisible(refund);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Refund Order' });
  // The amount has the focus as the dialog opens.
  await expect(dialog.getByRole('textbox', { name: 'Amount (USD)' })).toBeFocused();
  await page.keyboard.type('10');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await tabTo(page, confirm);
  await expectFocusVisible(confirm);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(await callsOf(page, 'transactions.refund')).toEqual([
    expect.objectContaining({ body: expect.objectContaining({ amount: 10 }) }),
  ]);
  await expect(refund).toBeFocused();
  await expect(drawer).toBeVisible();
});
