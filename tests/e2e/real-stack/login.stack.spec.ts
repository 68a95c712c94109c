// Signing in against the real Auth emulator and API: the three sign-in failures and the admin.
import { expect, test } from './quiet-console.js';
import { DEMO_ACCOUNTS, openLoginSignedOut, signInAsAdmin, toast } from './real-stack.js';

test.beforeEach(async ({ page }) => {
  await openLoginSignedOut(page);
});

test('empty fields ask for credentials', async ({ page }) => {
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Please fill in your credentials')).toBeVisible();
  await expect(page).toHaveURL(/#\/auth\/login$/);
});

test('the demo buyer is denied and stays signed out', async ({ page }) => {
  await page.getByLabel('Email address').fill(DEMO_ACCOUNTS.buyer.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.buyer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Access Denied')).toContainText('You are not an admin. Access denied.');
  await expect(page).toHaveURL(/#\/auth\/login$/);
  // Signed out for real: the dashboard sends us back to the login screen.
  await page.goto('/#/dashboard/users');
  await expect(page).toHaveURL(/#\/auth\/login$/);
});

test('a wrong password says something went wrong', async ({ page }) => {
  await page.getByLabel('Email address').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Something went wrong, please try again later.')).toBeVisible();
  await expect(page).toHaveURL(/#\/auth\/login$/);
});

test('the demo admin signs in, sees the statistics and logs out', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByText('Total Registered Users')).toBeVisible();
  await expect(page.getByText('Total Unique Bidders')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/auth\/login$/);
});
