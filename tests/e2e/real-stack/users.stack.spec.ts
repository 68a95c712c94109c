// The Users screen and its Details drawer against the real API: seller requests, seller
// enable/disable, seller fee, the feature star, email and username edits with their conflicts,
// and deleting a user. Every change is read back through the admin API, not only the screen.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { AdminUser } from '../../../shared/contract/entities.js';
import { signIn, signUp } from '../../support/auth-emulator.js';
import { adminTable } from '../support/table.js';
import {
  DEMO_ACCOUNTS,
  REAL_STACK,
  adminList,
  callApi,
  dialogNamed,
  ensureSignedIn,
  idTokenOf,
  openScreen,
  searchBox,
  toast,
} from './real-stack.js';

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

const demoEmails: string[] = Object.values(DEMO_ACCOUNTS).map((account) => account.email);

/** Recent users as the server holds them, the demo accounts left out (other specs sign in with them). */
async function recentUsers(): Promise<AdminUser[]> {
  const { items } = await adminList<AdminUser>('/admin/users', { page: 1, limit: 100 });
  return items.filter((user) => !demoEmails.includes(user.email));
}

async function userById(id: string): Promise<AdminUser> {
  return callApi<AdminUser>(await idTokenOf('admin'), `/admin/users/${id}`);
}

/** The status code of an admin API call (callApi throws on anything but 2xx). */
async function adminStatus(path: string): Promise<number> {
  const response = await fetch(`${REAL_STACK.apiHost}/v1${path}`, {
    headers: { authorization: `Bearer ${await idTokenOf('admin')}` },
  });
  return response.status;
}

/** Shows exactly the user with this email in the Users table. */
async function findUser(page: Page, email: string) {
  await openScreen(page, 'users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await searchBox(page, 'Search users').fill(email);
  await expect.poll(() => table.rowCount()).toBe(1);
  await expect(table.row(email)).toBeVisible();
  return table;
}

/** The Save button beside a drawer's field, by the field's label. */
function saveButtonOf(drawer: Locator, label: string): Locator {
  return drawer
    .locator('.bp6-form-group')
    .filter({ has: drawer.page().getByLabel(label, { exact: true }) })
    .getByRole('button', { name: 'Save' });
}

/** The value of a drawer's read-only row (a label/value description list). */
function detail(drawer: Locator, label: string): Locator {
  return drawer
    .locator('.detail-row')
    .filter({ has: drawer.page().locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
}

test('a pending seller request: Approve makes an accepted seller, Reject does not', async ({ page }) => {
  const pending = (await recentUsers()).filter((user) => user.pendingRequest);
  expect(pending.length).toBeGreaterThanOrEqual(2);
  const [approved, rejected] = pending as [AdminUser, AdminUser];

  const table = await findUser(page, approved.email);
  expect(await table.cellOf(approved.email, 'Seller status')).toBe('Pending request');
  await table.clickRow(approved.email);
  const drawer = dialogNamed(page, 'Details');
  const card = drawer.locator('.request-card');
  await expect(card.getByRole('heading', { name: 'Pending Request' })).toBeVisible();
  const request = approved.pendingRequest!;
  await expect(card.getByText(request.description, { exact: true })).toBeVisible();
  await expect(detail(card, 'Created at')).not.toBeEmpty();
  for (const [label, link] of [
    ['Instagram', request.instagramLink],
    ['TikTok', request.tikTokLink],
    ['Other profile', request.otherProfileLink],
  ] as const) {
    if (link) await expect(detail(card, label)).toHaveText(link);
    else await expect(detail(card, label)).toHaveCount(0);
  }
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(drawer.getByRole('heading', { name: 'Pending Request' })).toHaveCount(0);
  await expect.poll(() => table.cellOf(approved.email, 'Seller status')).toBe('Accepted');
  const afterApprove = await userById(approved.id);
  expect(afterApprove.pendingRequest).toBeNull();
  expect(afterApprove.sellerEnabled).toBe(true);
  await drawer.getByRole('button', { name: 'Close' }).click();

  await searchBox(page, 'Search users').fill(rejected.email);
  await expect.poll(() => table.rowCount()).toBe(1);
  await expect(table.row(rejected.email)).toBeVisible();
  await table.clickRow(rejected.email);
  await drawer.locator('.request-card').getByRole('button', { name: 'Reject' }).click();
  await expect(drawer.getByRole('heading', { name: 'Pending Request' })).toHaveCount(0);
  const expected = rejected.sellerEnabled ? 'Accepted' : rejected.stripeUserId ? 'Disabled seller' : 'Not a seller';
  await expect.poll(() => table.cellOf(rejected.email, 'Seller status')).toBe(expected);
  const afterReject = await userById(rejected.id);
  expect(afterReject.pendingRequest).toBeNull();
  expect(afterReject.sellerEnabled).toBe(rejected.sellerEnabled);
});

test('a seller with a payout account: feature star, Disable/Enable Seller and Seller Fee persist', async ({ page }) => {
  const seller = (await recentUsers()).find(
    (user) => user.stripeUserId && user.sellerEnabled && !user.pendingRequest && user.userName,
  )!;
  expect(seller).toBeDefined();
  const table = await findUser(page, seller.email);
  expect(await table.cellOf(seller.email, 'Seller status')).toBe('Accepted');

  // The feature star (only for users with a payout account) toggles on the server.
  const star = table.buttonInRow(seller.email, `Feature ${seller.userName}`);
  await expect(star).toHaveAttribute('aria-pressed', String(seller.featured));
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', String(!seller.featured));
  await expect.poll(async () => (await userById(seller.id)).featured).toBe(!seller.featured);
  await expect(dialogNamed(page, 'Details')).toHaveCount(0);

  await table.clickRow(seller.email);
  const drawer = dialogNamed(page, 'Details');
  await expect(detail(drawer, 'Seller payment account id')).toHaveText(seller.stripeUserId!);

  await drawer.getByRole('button', { name: 'Disable Seller' }).click();
  await expect(drawer.getByRole('button', { name: 'Enable Seller' })).toBeVisible();
  await expect.poll(() => table.cellOf(seller.email, 'Seller status')).toBe('Disabled seller');
  expect((await userById(seller.id)).sellerEnabled).toBe(false);
  await drawer.getByRole('button', { name: 'Enable Seller' }).click();
  await expect(drawer.getByRole('button', { name: 'Disable Seller' })).toBeVisible();
  await expect.poll(() => table.cellOf(seller.email, 'Seller status')).toBe('Accepted');
  expect((await userById(seller.id)).sellerEnabled).toBe(true);

  // Seller Fee: whole percents 0 to 25.
  const feeSelect = drawer.getByLabel('Seller Fee');
  await expect(feeSelect).toHaveValue(String(seller.sellerFee));
  await expect(feeSelect.locator('option')).toHaveText(Array.from({ length: 26 }, (_, n) => `${n}%`));
  const fee = (seller.sellerFee + 5) % 26;
  await feeSelect.selectOption(String(fee));
  await saveButtonOf(drawer, 'Seller Fee').click();
  await expect(toast(page, 'Seller fee updated successfully')).toBeVisible();
  expect((await userById(seller.id)).sellerFee).toBe(fee);

  await page.reload();
  const again = await findUser(page, seller.email);
  await expect(again.buttonInRow(seller.email, `Feature ${seller.userName}`)).toHaveAttribute(
    'aria-pressed',
    String(!seller.featured),
  );
  await again.clickRow(seller.email);
  await expect(dialogNamed(page, 'Details').getByLabel('Seller Fee')).toHaveValue(String(fee));
});

test('a new account: No data rows, email edit, taken names refused, then deleted', async ({ page }) => {
  // A fresh emulator account becomes a market user on its first call: nobody else's data.
  const stamp = Date.now();
  const password = 'e2e-delete-pass';
  const account = await signUp(`e2e-user-${stamp}@market.test`, password);
  const me = await callApi<{ id: string; email: string; userName: string }>(account.idToken, '/user/my-details');
  const other = (await recentUsers()).find((user) => user.id !== me.id && user.userName)!;

  const table = await findUser(page, me.email);
  expect(await table.cellOf(me.email, 'Seller status')).toBe('Not a seller');
  await expect(table.buttonInRow(me.email, /^Feature/)).toHaveCount(0);
  await table.clickRow(me.email);
  const drawer = dialogNamed(page, 'Details');
  await expect(detail(drawer, 'Seller payment account id')).toHaveText('No data');
  await expect(detail(drawer, 'Seller customer account id')).toHaveText('No data');
  await expect(drawer.getByText('No data', { exact: true })).toHaveCount(3); // + Shipping Information
  await expect(drawer.getByLabel('Seller Fee')).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: /^(Enable|Disable) Seller$/ })).toHaveCount(0);

  // Another user's username or email is refused; nothing changes on the server.
  const userName = drawer.getByLabel('Username', { exact: true });
  const email = drawer.getByLabel('Email', { exact: true });
  await userName.fill(other.userName!);
  await saveButtonOf(drawer, 'Username').click();
  await expect(toast(page, 'Username already exists')).toBeVisible();
  await email.fill(other.email.toUpperCase());
  await saveButtonOf(drawer, 'Email').click();
  await expect(toast(page, 'Email already exists')).toBeVisible();
  const unchanged = await userById(me.id);
  expect([unchanged.userName, unchanged.email]).toEqual([me.userName, me.email]);

  const newEmail = `e2e-user-${stamp}-renamed@market.test`;
  await userName.fill(me.userName);
  await email.fill(newEmail);
  await saveButtonOf(drawer, 'Email').click();
  await expect(toast(page, 'Email updated successfully')).toBeVisible();
  expect((await userById(me.id)).email).toBe(newEmail);
  // The sign-in identity follows the change.
  await signIn(newEmail, password);

  await page.reload();
  const renamed = await findUser(page, newEmail);
  await renamed.clickRow(newEmail);
  await expect(dialogNamed(page, 'Details').getByLabel('Email')).toHaveValue(newEmail);

  await dialogNamed(page, 'Details').getByRole('button', { name: 'Delete user' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user?' });
  await expect(confirm).toContainText('This action cannot be undone');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'User deleted successfully')).toBeVisible();
  await expect(dialogNamed(page, 'Details')).toHaveCount(0);
  await expect.poll(() => renamed.rowCount()).toBe(0);
  expect(await adminStatus(`/admin/users/${me.id}`)).toBe(404);
  expect((await adminList<AdminUser>('/admin/users', { search: newEmail })).count).toBe(0);
});
