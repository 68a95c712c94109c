// CONTRACT TESTS of a seller's standing in the user drawer (DECISIONS "Sellers over time"): the
// level, its projection, the window, the metrics that decide it and its effects; a failed read says why.
import { callsOf, expect, failNext, test } from './support/fixtures.js';
import { adminTable } from './support/table.js';

test.describe('seller standing', () => {
  test('the user drawer shows a below-standard seller’s metrics and effects', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/users');
    await adminTable(page, 'Users').clickRow(/user1@example\.com/);
    const drawer = page.getByRole('dialog', { name: 'Details' });
    await drawer.getByRole('button', { name: 'Seller Standing' }).click();
    const standing = drawer.getByRole('region', { name: 'Seller standing' });
    await expect(standing).toContainText('Below standard');
    await expect(standing).toContainText('Standard');
    await expect(standing).toContainText('46 orders');
    await expect(standing).toContainText('2.2%');
    await expect(standing).toContainText('10.9%');
    await expect(standing).toContainText('75%');
    await expect(standing).toContainText('4.25');
    await expect(standing).toContainText('payouts held 7 days after delivery; at most 20 active listings');
    // The orders behind the defects, each with why.
    const defects = standing.getByRole('table', { name: 'Orders behind the defects' });
    await expect(defects.getByRole('row')).toHaveCount(3);
    await expect(defects).toContainText('Cancelled, dispute lost');
    await expect(defects).toContainText('Order issue upheld');
  });

  test('Settings previews a change of the levels’ hold days, then saves it', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/settings');
    const card = page.getByRole('region', { name: 'Seller level settings' });
    const save = card.getByRole('button', { name: 'Save' });
    await expect(card.getByRole('textbox', { name: 'Below standard payout hold days' })).toHaveValue('7');
    await expect(save).toBeDisabled();
    await card.getByRole('textbox', { name: 'Below standard payout hold days' }).fill('3');
    await card.getByRole('button', { name: 'Preview change' }).click();
    await expect(card).toContainText(
      "Below standard: payout hold 7 → 3 days moves 312 sellers' payouts (540 pending) 4 days earlier.",
    );
    await save.click();
    await expect(page.getByText('Seller levels saved')).toBeVisible();
    expect((await callsOf(page, 'sellerLevels.updateEffects')).at(-1)).toMatchObject({
      body: { belowStandard: { payoutHoldDays: 3, activeListingCap: 20 } },
    });
    await card.getByRole('textbox', { name: 'Below standard payout hold days' }).fill('-2');
    await expect(card).toContainText('Below standard: the payout hold is a whole number of days');
    await expect(card.getByRole('button', { name: 'Preview change' })).toBeDisabled();
  });

  // The table keeps the specification's columns: the level is a filter (the API also sorts by it).
  test('the Users list filters by seller level', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/users');
    const users = adminTable(page, 'Users');
    await users.waitForRows();
    await page.getByRole('combobox', { name: 'Seller level' }).selectOption({ label: 'Below standard' });
    await expect.poll(() => users.rowCount()).toBe(6);
    expect((await callsOf(page, 'users.list')).at(-1)).toMatchObject({ query: { sellerLevel: ['belowStandard'] } });
    await page.getByRole('combobox', { name: 'Seller level' }).selectOption({ label: 'Any seller level' });
    await expect.poll(() => users.rowCount()).toBe(10);
  });

  test('a failed read is shown', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/users');
    await failNext(page, 'users.sellerStanding', 'The database is busy');
    await adminTable(page, 'Users').clickRow(/user2@example\.com/);
    const drawer = page.getByRole('dialog', { name: 'Details' });
    await drawer.getByRole('button', { name: 'Seller Standing' }).click();
    await expect(drawer).toContainText('Could not load the standing');
    await expect(drawer).toContainText('The database is busy');
  });
});
