// CONTRACT TESTS of the record routes: /dashboard/users/{id}, /dashboard/listings/active/{id} and
// /dashboard/listings/sold/{id} open their screen with the record's drawer; a row's drawer puts
// its record in the route; the drawer opens the record in a new window and copies its link.
import { callsOf, expect, test, toast } from './support/fixtures.js';
import { adminTable } from './support/table.js';

const records = [
  { route: '/dashboard/users/u4', drawer: 'Details', shows: 'user4@example.com' },
  { route: '/dashboard/listings/active/l3', drawer: 'Listing', shows: 'Listing 3' },
  { route: '/dashboard/listings/sold/o1', drawer: 'Order', shows: 'Shipping Information' },
];

for (const record of records) {
  test(`${record.route} opens the record's drawer`, async ({ signedInPage: page }) => {
    await page.goto(`/#${record.route}`);
    const drawer = page.getByRole('dialog', { name: record.drawer });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(record.shows);

    await drawer.getByRole('button', { name: 'Open in new window' }).click();
    expect(await callsOf(page, 'windows.open')).toEqual([record.route]);

    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#${record.route.replace(/\/[^/]+$/, '')}$`));
  });
}

test('a row click opens the drawer in place; an unknown id goes back to the screen', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/users');
  await adminTable(page, 'Users').clickRow('user2@example.com');
  await expect(page.getByRole('dialog', { name: 'Details' })).toContainText('user2@example.com');
  await expect(page).toHaveURL(/#\/dashboard\/users$/);

  await page.goto('/#/dashboard/users/nobody');
  await expect(page).toHaveURL(/#\/dashboard\/users$/);
  await expect(page.getByRole('dialog', { name: 'Details' })).toHaveCount(0);
});

test('Copy link copies the address of the record', async ({ signedInPage: page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/#/dashboard/users/u4');
  await page.getByRole('dialog', { name: 'Details' }).getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page, 'Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/dashboard\/users\/u4$/);
});
