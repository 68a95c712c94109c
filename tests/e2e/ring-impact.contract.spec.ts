// CONTRACT TESTS: the ring enforcement dialog's impact. With every member picked it shows the
// ring's summed impact as GET /admin/users/{id}/ring answers it (the same figures as the ring
// view, and no per-member request); with some members picked it sums theirs, asked one by one;
// a member whose impact cannot be read leaves the dialog saying so, with Review disabled.
import type { Locator, Page } from '@playwright/test';
import { callsOf, expect, failNext, test } from './support/fixtures.js';
import { adminTable } from './support/table.js';

async function openRing(page: Page, email: string) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await page.getByPlaceholder('Search users').fill(email);
  await expect(table.rows).toHaveCount(1);
  await table.clickFirstRow();
  const drawer = page.getByRole('dialog', { name: 'Details' });
  await drawer.getByRole('button', { name: 'Ring' }).click();
  await expect(drawer.getByRole('table', { name: 'Ring members' })).toBeVisible();
  return drawer;
}

/** "Label: figure" for each line of a list of figures (the ring view's `dl`, the dialog's table). */
async function figures(scope: Locator, rows: string) {
  return (await scope.locator(rows).allInnerTexts()).map((text) => {
    const [name, figure] = text.split(/\t|\n/).map((part) => part.trim());
    return `${name}: ${figure}`;
  });
}

/** Unpicks a member from the keyboard: the box in the members table takes the focus and Space. */
async function unpick(drawer: Locator, name: string) {
  const box = drawer.getByRole('checkbox', { name: `Pick ${name}` });
  await box.focus();
  await box.press('Space');
  await expect(box).not.toBeChecked();
}

test("every member picked: the dialog shows the ring's summed impact, as the ring view does, and asks no member's", async ({
  signedInPage: page,
}) => {
  const drawer = await openRing(page, 'user1@example.com');
  const ringImpact = drawer.getByRole('region', { name: 'Ring impact' });
  expect(await figures(ringImpact, 'dl > div')).toEqual([
    'Active listings: 2',
    'Live auctions: 1',
    'Leading bids: 3',
    'Unpaid wins: 0',
    'Open orders as buyer: 0',
    'Open orders as seller: 0',
    'Pending payout: $0.00',
  ]);
  await drawer.getByRole('button', { name: 'Enforce on the ring' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enforce on the ring: 3 accounts' });
  const impact = dialog.getByRole('table', { name: 'Impact' });
  await expect(impact).toBeVisible();
  expect(await figures(impact, 'tr')).toEqual([
    'Active listings: 2',
    'Live auctions: 1',
    'Leading bids: 3',
    'Unpaid wins: 0',
    'Open orders as buyer: 0',
    'Open orders as seller: 0',
    'Pending payout: $0.00',
  ]);
  expect(await callsOf(page, 'users.enforcementImpact')).toEqual([]);
  await expect(dialog.getByRole('button', { name: 'Review' })).toBeEnabled();
});

test('some members picked: their impacts are asked and summed', async ({ signedInPage: page }) => {
  const drawer = await openRing(page, 'user1@example.com');
  await unpick(drawer, 'user4');
  await drawer.getByRole('button', { name: 'Enforce on 2 accounts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enforce on the ring: 2 accounts' });
  const impact = dialog.getByRole('table', { name: 'Impact' });
  await expect(impact).toBeVisible();
  // user1: 1 listing, 1 live auction; user2: 1 listing, 2 leading bids.
  expect(await figures(impact, 'tr')).toEqual([
    'Active listings: 2',
    'Live auctions: 1',
    'Leading bids: 2',
    'Unpaid wins: 0',
    'Open orders as buyer: 0',
    'Open orders as seller: 0',
    'Pending payout: $0.00',
  ]);
  expect(await callsOf(page, 'users.enforcementImpact')).toEqual(
    expect.arrayContaining([{ params: { id: 'u1' } }, { params: { id: 'u2' } }]),
  );
  expect(await callsOf(page, 'users.enforcementImpact')).toHaveLength(2);
});

test("a member's impact that cannot be read: said in the dialog, and Review stays off", async ({
  signedInPage: page,
}) => {
  const drawer = await openRing(page, 'user1@example.com');
  await unpick(drawer, 'user2');
  await failNext(page, 'users.enforcementImpact', 'Database unavailable', 503);
  await drawer.getByRole('button', { name: 'Enforce on 2 accounts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enforce on the ring: 2 accounts' });
  await expect(dialog.getByText('The impact could not be loaded')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Review' })).toBeDisabled();
});
