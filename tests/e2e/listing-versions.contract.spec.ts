// CONTRACT TESTS of a listing's version history in its drawer (DECISIONS "Sellers over time"):
// newest first, who made each change, text as a diff (removed struck, added marked), prices as
// before → after; a listing never changed says so, and a failed read says why.
import { expect, failNext, test } from './support/fixtures.js';
import { adminTable } from './support/table.js';

test.describe('listing versions', () => {
  test('the drawer shows an auction’s history as a diff, newest first', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/listings/active');
    await adminTable(page, 'Active listings').clickRow(/Listing 0\b/);
    const drawer = page.getByRole('dialog', { name: 'Listing' });
    await drawer.getByRole('button', { name: 'Versions' }).click();
    const history = drawer.getByRole('region', { name: 'Version history' });
    await expect(history).toContainText('3 changes, newest first');
    const entries = history.getByRole('listitem');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toHaveAccessibleName('Version 3');

    const byAdmin = history.getByRole('listitem', { name: 'Version 3' });
    await expect(byAdmin).toContainText('by an admin');
    await expect(byAdmin.locator('del')).toHaveText(' lamp');

    const appended = history.getByRole('listitem', { name: 'Version 2' });
    await expect(appended).toContainText('by user1');
    await expect(appended.locator('del')).toHaveCount(0);
    await expect(appended.locator('ins')).toHaveText(
      ' that certainly goes past the fifty character limit of the table',
    );

    const first = history.getByRole('listitem', { name: 'Version 1' });
    await expect(first).toContainText('Title');
    await expect(first.locator('del').first()).toHaveText('Brass');
    await expect(first.locator('ins').first()).toHaveText('Listing 0');
    await expect(first).toContainText('Starting bid');
    await expect(first).toContainText('$25.00 → $20.00');
  });

  test('an unchanged listing says so, and a failed read is shown', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/listings/active');
    const table = adminTable(page, 'Active listings');
    await table.clickRow(/Listing 1\b/);
    const drawer = page.getByRole('dialog', { name: 'Listing' });
    await drawer.getByRole('button', { name: 'Versions' }).click();
    await expect(drawer).toContainText('Not changed since it was listed');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();

    await failNext(page, 'listings.versions', 'The database is busy');
    await table.clickRow(/Listing 2\b/);
    await drawer.getByRole('button', { name: 'Versions' }).click();
    await expect(drawer).toContainText('Could not load the versions');
    await expect(drawer).toContainText('The database is busy');
  });
});
