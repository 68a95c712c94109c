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
