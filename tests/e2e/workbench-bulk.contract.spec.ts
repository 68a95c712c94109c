// CONTRACT TESTS of bulk delete on the moderation tables: checkboxes with shift-click ranges,
// one confirm for the lot, and a report of every row that could not be deleted.
import { callsOf, expect, failNext, test, toast } from './support/fixtures.js';
import { adminTable } from './support/table.js';
import type { Page } from '@playwright/test';

/** The checkbox's label (its box): Table draws its body in more than one quadrant, the main one is clicked. */
const rowCheckbox = (page: Page, name: string) =>
  page.locator('.bp6-table-quadrant-main').getByRole('checkbox', { name, exact: true }).locator('xpath=..');

test('select three chat messages with a shift-click range and delete them in one go', async ({
  signedInPage: page,
}) => {
  await page.goto('/#/dashboard/inbox/messages');
  const table = adminTable(page, 'Chat messages');
  await table.waitForRows();
  const before = await table.rangeLabel.innerText();
  const ids = await table.rows.evaluateAll((rows) => rows.slice(0, 3).map((row) => row.getAttribute('data-row-key')));
  // The headers the spec names are unchanged: the checkbox column is not one of them.
  await expect(table.headers).toHaveText(['User', 'Other User', 'Date created', 'Message', 'Seen', 'Actions']);

  await rowCheckbox(page, 'Select row 1').click();
  await rowCheckbox(page, 'Select row 3').click({ modifiers: ['Shift'] });
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 3 chat messages?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted 3 chat messages')).toBeVisible();

  const deleted = (await callsOf(page, 'messages.delete')) as { params: { id: string } }[];
  expect(deleted.map((call) => call.params.id).sort()).toEqual([...ids].sort());
  for (const id of ids) await expect(table.root.locator(`[data-row-key="${id}"]`)).toHaveCount(0);
  expect(await table.rangeLabel.innerText()).not.toBe(before);
});

test('a row that fails is reported, the others are deleted', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/ratings');
  const table = adminTable(page, 'Ratings');
  await table.waitForRows();
  await rowCheckbox(page, 'Select row 1').click();
  await rowCheckbox(page, 'Select row 2').click();
  await failNext(page, 'ratings.delete', 'Rating not found', 404);
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('alertdialog', { name: 'Delete 2 ratings?' }).getByRole('button', { name: 'Delete' }).click();
  const report = page.getByRole('alertdialog', { name: 'Some rows were not deleted' });
  await expect(report).toContainText('Deleted 1; 1 could not be deleted');
  await expect(report).toContainText('Rating not found');
});

test('select all N matching takes every row of the search', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/auctionMessages');
  const table = adminTable(page, 'Auction messages');
  await table.waitForRows();
  await rowCheckbox(page, 'Select row 1').click();
  const total = Number((await table.rangeLabel.innerText()).replace(/.* of /, ''));
  await page.getByRole('button', { name: `Select all ${total} matching` }).click();
  await expect(page.getByText(`${total} selected`)).toBeVisible();
});
