// Paging against the real API: Next appends exactly the server's next page for the table's sort,
// Previous returns to the rows already loaded, and the range label and the buttons' disabled
// states tell the moderator where the ends are.
import { expect, test } from './quiet-console.js';
import type { AdminUser, Subcategory } from '../../../shared/contract/entities.js';
import { adminTable } from '../support/table.js';
import { adminList, ensureSignedIn, openScreen, searchBox } from './real-stack.js';

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

test('Users: Next shows the API page 2 for the same sort, Previous returns to page 1', async ({ page }) => {
  await openScreen(page, 'users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await expect(table.previousButton).toBeDisabled();

  await table.clickSort('Email Address');
  await expect.poll(() => table.sortState('Email Address')).toBe('ascending');
  const query = { limit: 10, sortBy: 'email', order: 'ASC' };
  const first = await adminList<AdminUser>('/admin/users', { ...query, page: 1 });
  const second = await adminList<AdminUser>('/admin/users', { ...query, page: 2 });
  expect(first.count).toBeGreaterThan(20);
  await expect.poll(() => table.columnTexts('Email Address')).toEqual(first.items.map((u) => u.email));
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${first.count}`);

  await table.nextButton.click();
  await expect.poll(() => table.columnTexts('Email Address')).toEqual(second.items.map((u) => u.email));
  await expect(table.rangeLabel).toHaveText(`Rows 11–20 of ${second.count}`);
  await expect(table.previousButton).toBeEnabled();
  await expect(table.nextButton).toBeEnabled();

  await table.previousButton.click();
  await expect.poll(() => table.columnTexts('Email Address')).toEqual(first.items.map((u) => u.email));
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${first.count}`);
  await expect(table.previousButton).toBeDisabled();
});

test('Subcategories: the last page ends the range and disables Next', async ({ page }) => {
  const first = await adminList<Subcategory>('/admin/subCategory', { page: 1, limit: 10 });
  const last = await adminList<Subcategory>('/admin/subCategory', { page: 2, limit: 10 });
  // Two pages, the second one short: the table's end is in sight after one Next.
  expect(first.count).toBeGreaterThan(10);
  expect(first.count).toBeLessThanOrEqual(20);

  await openScreen(page, 'subcategory');
  const table = adminTable(page, 'Subcategories');
  await table.waitForRows();
  await expect.poll(() => table.columnTexts('Title')).toEqual(first.items.map((s) => s.title));
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${first.count}`);
  await expect(table.previousButton).toBeDisabled();
  await expect(table.nextButton).toBeEnabled();

  await table.nextButton.click();
  await expect.poll(() => table.columnTexts('Title')).toEqual(last.items.map((s) => s.title));
  await expect(table.rangeLabel).toHaveText(`Rows 11–${first.count} of ${first.count}`);
  await expect(table.nextButton).toBeDisabled();
  await expect(table.previousButton).toBeEnabled();

  await table.previousButton.click();
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${first.count}`);
  await expect.poll(() => table.columnTexts('Title')).toEqual(first.items.map((s) => s.title));
  await expect(table.previousButton).toBeDisabled();
  await expect(table.nextButton).toBeEnabled();
});

test('Users searched past the count cap: Next goes on to the last match, then the count is exact', async ({ page }) => {
  // Every match of 'a', read from the API a hundred at a time until a page comes back short.
  let matches = 0;
  for (let apiPage = 1; ; apiPage++) {
    const { items } = await adminList<AdminUser>('/admin/users', { page: apiPage, limit: 100, search: 'a' });
    matches += items.length;
    if (items.length < 100) break;
  }
  expect(matches).toBeGreaterThan(100);

  await openScreen(page, 'users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await searchBox(page, 'Search users').fill('a');
  await expect(table.rangeLabel).toHaveText('Rows 1–10 of 100+');
  const lastPage = Math.ceil(matches / 10);
  for (let shown = 2; shown <= lastPage; shown++) {
    await table.nextButton.click();
    await expect(table.rangeLabel).toHaveText(new RegExp(`^Rows ${(shown - 1) * 10 + 1}–`));
  }
  // A full last page: one more Next finds the end (an empty page), and nothing moves.
  if (matches % 10 === 0) await table.nextButton.click();
  await expect(table.rangeLabel).toHaveText(`Rows ${(lastPage - 1) * 10 + 1}–${matches} of ${matches}`);
  await expect(table.nextButton).toBeDisabled();
  await expect(table.previousButton).toBeEnabled();
});
