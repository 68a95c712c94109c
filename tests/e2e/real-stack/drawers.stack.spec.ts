// Every drawer and confirm dialog of the back-office against the real API, with edits that
// must survive a page reload (the renderer refetches everything from the server).
import { expect, test } from './quiet-console.js';
import type { AdminUser } from '../../../shared/contract/entities.js';
import { adminTable } from '../support/table.js';
import { adminList, dialogNamed, ensureSignedIn, openScreen, searchBox, toast } from './real-stack.js';

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

test('user details: a new username persists; delete asks first', async ({ page }) => {
  const { items } = await adminList<AdminUser>('/admin/users', { page: 2, limit: 10, sortBy: 'email', order: 'ASC' });
  const user = items.find((u) => u.userName)!;
  const newName = `${user.userName}_e2e`;
  await openScreen(page, 'users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await searchBox(page, 'Search users').fill(user.email);
  await expect.poll(() => table.rowCount()).toBe(1);
  await table.clickRow(user.email);

  const drawer = dialogNamed(page, 'Details');
  for (const label of ['Amount Spent', 'Amount Sold', 'Signed Up Date', 'Payment Failed Strikes'])
    await expect(drawer.getByText(label, { exact: true })).toBeVisible();
  await expect(drawer.getByLabel('Email')).toHaveValue(user.email);
  await drawer.getByLabel('Username').fill(newName);
  await drawer.getByRole('button', { name: 'Save' }).first().click();
  await expect(toast(page, 'Username updated successfully')).toBeVisible();

  await drawer.getByRole('button', { name: 'Delete user' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user?' });
  await expect(confirm).toContainText('This action cannot be undone');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await page.reload();
  await table.waitForRows();
  await searchBox(page, 'Search users').fill(user.email);
  await expect.poll(() => table.rowCount()).toBe(1);
  expect(await table.cellOf(user.email, 'Username')).toContain(newName);
  await table.clickRow(user.email);
  await expect(dialogNamed(page, 'Details').getByLabel('Username')).toHaveValue(newName);
});

test('listing drawer: an edited title persists; delete asks first', async ({ page }) => {
  await openScreen(page, 'listings/active');
  const table = adminTable(page, 'Active listings');
  await table.waitForRows();
  const oldTitle = await table.firstRowCell('Item name');
  const newTitle = `${oldTitle} (edited ${Date.now()})`;

  await table.clickButtonInFirstRow('Options');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete listing?' });
  await expect(confirm).toContainText('Are you sure you want to delete this listing? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'No, keep it' }).click();
  await expect(confirm).toBeHidden();

  await table.clickFirstRow();
  const drawer = dialogNamed(page, 'Listing');
  await expect(drawer.getByRole('heading', { name: oldTitle })).toBeVisible();
  for (const section of ['Listing Detail', 'Seller Information'])
    await expect(drawer.getByRole('button', { name: section })).toHaveAttribute('aria-expanded', 'true');
  await drawer.getByRole('button', { name: 'Edit Listing' }).click();
  await drawer.getByLabel('Title').fill(newTitle);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Listing updated successfully')).toBeVisible();

  await page.reload();
  await table.waitForRows();
  await searchBox(page, 'Search for listing').fill(newTitle);
  await expect.poll(() => table.rowCount()).toBe(1);
  await table.clickRow(newTitle);
  await expect(dialogNamed(page, 'Listing').getByRole('heading', { name: newTitle })).toBeVisible();
});

test('subcategory drawer: a new minimum weight persists', async ({ page }) => {
  await openScreen(page, 'subcategory');
  const table = adminTable(page, 'Subcategories');
  await table.waitForRows();
  const title = await table.firstRowCell('Title');
  const weight = Number(await table.firstRowCell('Minimum Package Weight In Oz')) + 1.5;

  await table.clickFirstRow();
  const drawer = dialogNamed(page, title);
  await expect(drawer.getByText('Category', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Edit' }).click();
  await drawer.getByLabel('Minimum package weight (oz)').fill(String(weight));
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByRole('button', { name: 'Edit' })).toBeVisible();

  await page.reload();
  await table.waitForRows();
  expect(await table.cellOf(title, 'Minimum Package Weight In Oz')).toBe(String(weight));
});

test('sold listings: delete order asks first', async ({ page }) => {
  await openScreen(page, 'listings/sold');
  const table = adminTable(page, 'Sold listings');
  await table.waitForRows();
  await table.clickButtonInFirstRow('Options');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete order?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
});

// The moderation deletes: each asks first; confirming deletes on the server.
const deletes = [
  {
    route: 'ratings',
    list: '/admin/ratings/all',
    table: 'Ratings',
    open: 'Options',
    menu: true,
    title: 'Delete rating?',
    done: 'Rating deleted successfully',
  },
  {
    route: 'auctionMessages',
    list: '/admin/auction-messages/active',
    table: 'Auction messages',
    open: 'Delete auction message',
    menu: false,
    title: 'Delete auction message?',
    done: 'Auction message deleted',
  },
  {
    route: 'inbox/chats',
    list: '/admin/chat/all-chats',
    table: 'Chats',
    open: 'Delete chat',
    menu: false,
    title: 'Delete chat?',
    done: 'Chat deleted',
  },
  {
    route: 'inbox/messages',
    list: '/admin/chat/all-messages',
    table: 'Chat messages',
    open: 'Delete message',
    menu: false,
    title: 'Delete message?',
    done: 'Message deleted',
  },
];

for (const screen of deletes) {
  test(`${screen.table}: delete asks first, then deletes on the server`, async ({ page }) => {
    await openScreen(page, screen.route);
    const table = adminTable(page, screen.table);
    await table.waitForRows();
    // An avatar that cannot load (offline) turns into initials a moment later: read the row after.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('img.avatar')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    const before = await table.firstRowCells();
    const ask = async () => {
      await table.clickButtonInFirstRow(screen.open);
      if (screen.menu) await page.getByRole('menuitem', { name: 'Delete' }).click();
      return page.getByRole('alertdialog', { name: screen.title });
    };
    let confirm = await ask();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(await table.firstRowCells()).toEqual(before);

    confirm = await ask();
    const counted = (await adminList(screen.list, { limit: 1 })).count;
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, screen.done)).toBeVisible();
    // The server lists one row fewer (nothing else writes these tables during the run), and the
    // screen, read again from the server, no longer starts with the deleted row.
    expect((await adminList(screen.list, { limit: 1 })).count).toBe(counted - 1);
    await page.reload();
    await table.waitForRows();
    expect(await table.firstRowCells()).not.toEqual(before);
  });
}
