// CONTRACT TESTS of the back-office UI: Chromium drives the real renderer against an in-page
// `window.market` double (support/fake-market.ts) that follows shared/contract. The
// end-to-end tests through the browser host and the real stack come later (issue 6).
// Login, layout, the dashboard home and users; listings and moderation are in
// listings-and-moderation.contract.spec.ts.
import { callsOf, expect, openWithFakeMarket, test, toast } from './support/fixtures.js';
import { expectFocusWithin } from './support/keyboard.js';
import { adminTable, plainTable } from './support/table.js';

test.describe('login', () => {
  test('redirects to the login screen and shows its texts', async ({ page }) => {
    await openWithFakeMarket(page, { signedIn: false });
    await page.goto('/');
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText('If you already have an account, login here.')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  });
});

test.describe('login outcomes', () => {
  test.beforeEach(async ({ page }) => {
    await openWithFakeMarket(page, { signedIn: false });
    await page.goto('/#/auth/login');
  });

  test('empty fields ask for credentials', async ({ page }) => {
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Please fill in your credentials')).toBeVisible();
    expect(await callsOf(page, 'session.signIn')).toEqual([]);
  });

  test('a non-admin is denied', async ({ page }) => {
    await page.getByLabel('Email address').fill('user@example.com');
    await page.getByLabel('Password').fill('password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Access Denied')).toContainText('You are not an admin. Access denied.');
    await expect(page).toHaveURL(/#\/auth\/login$/);
  });

  test('wrong credentials and an unreachable provider say something went wrong', async ({ page }) => {
    await page.getByLabel('Email address').fill('admin@example.com');
    await page.getByLabel('Password').fill('nope');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Something went wrong, please try again later.')).toBeVisible();
    await page.getByLabel('Email address').fill('down@example.com');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Something went wrong, please try again later.')).toHaveCount(2);
  });

  test('an admin signs in with the keyboard and lands on the dashboard', async ({ page }) => {
    await page.getByLabel('Email address').fill('admin@example.com');
    await page.getByLabel('Password').fill('password');
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/#\/dashboard\/home$/);
    await expect(page.getByText('Total Registered Users')).toBeVisible();
    // A signed-in admin is sent away from the login route.
    await page.goto('/#/auth/login');
    await expect(page).toHaveURL(/#\/dashboard\/home$/);
  });
});

test.describe('layout', () => {
  test('the sidebar lists every entry, groups expand, placeholders show', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of [
      'Dashboard',
      'Users',
      'Subcategories',
      'Auction messages',
      'Ratings',
      'Customer support',
      'Settings',
    ])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.locator('.sidebar')).toHaveCSS('width', '250px');
    await nav.getByRole('button', { name: 'Listings' }).click();
    await expect(nav.getByRole('link', { name: 'Active listings' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sold listings' })).toBeVisible();
    await nav.getByRole('button', { name: 'Inbox' }).click();
    await expect(nav.getByRole('link', { name: 'Chats' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

    for (const [route, text] of [
      ['listings', 'Listings'],
      ['customer-support', 'Customer Support'],
      ['settings', 'Settings'],
    ]) {
      await page.goto(`/#/dashboard/${route}`);
      await expect(page.getByRole('main').getByRole('heading', { name: text, exact: true })).toBeVisible();
    }
  });

  test('dark by default, light on the switch, Logout returns to login', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/home');
    await expect(page.locator('html')).toHaveClass(/bp6-dark/);
    await page.locator('label').filter({ hasText: 'Dark mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/bp6-dark/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await page.goto('/#/dashboard/users');
    await expect(page).toHaveURL(/#\/auth\/login$/);
  });
});

test.describe('dashboard home', () => {
  test('shows the cards and only the non-empty table, 5 rows a page', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/home');
    await expect(page.getByText('7 new sign ups in the past 24 hours')).toBeVisible();
    await expect(page.getByText('0 new bidders in the past 24 hours')).toBeVisible();
    const signUps = plainTable(page, 'New Sign Ups Past 24 Hours');
    await expect(signUps.rows).toHaveCount(5);
    await expect(signUps.headers).toHaveText(['User', 'Date Joined']);
    await page.locator('.home-table').getByRole('button', { name: 'Next' }).click();
    await expect(signUps.rows).toHaveCount(2);
    await expect(plainTable(page, 'New Bidders Past 24 Hours').root).toHaveCount(0);
  });
});

test.describe('users', () => {
  test('columns, debounced search, sort cycle, paging', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/users');
    const table = adminTable(page, 'Users');
    await expect(table.headers).toHaveText([
      'Feature',
      'Seller status',
      'Username',
      'Email Address',
      'Amount Spent',
      'Earnings',
      'Signed Up Date',
      'Stripe Account ID',
      'Stripe Customer ID',
      'Payment Failed Strikes',
    ]);
    await expect(table.rows).toHaveCount(10);
    await expect(table.box).toHaveCSS('height', '825px');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Rows 11–20 of 23')).toBeVisible();
    expect((await callsOf(page, 'users.list')).at(-1)).toEqual({ query: { page: 2, limit: 10 } });

    await table.clickSort('Username');
    await expect.poll(() => table.sortState('Username')).toBe('ascending');
    await table.clickSort('Username');
    await expect.poll(() => table.sortState('Username')).toBe('descending');
    await table.clickSort('Username');
    await expect.poll(() => table.sortState('Username')).toBe('none');
    const sorts = (await callsOf(page, 'users.list')).slice(-3);
    expect(sorts).toEqual([
      { query: { page: 1, limit: 10, sortBy: 'userName', order: 'ASC' } },
      { query: { page: 1, limit: 10, sortBy: 'userName', order: 'DESC' } },
      { query: { page: 1, limit: 10 } },
    ]);

    const before = (await callsOf(page, 'users.list')).length;
    await page.getByPlaceholder('Search users').fill('user1');
    await expect(table.rows).toHaveCount(10);
    await expect.poll(async () => (await callsOf(page, 'users.list')).length).toBe(before + 1);
    expect((await callsOf(page, 'users.list')).at(-1)).toEqual({ query: { page: 1, limit: 10, search: 'user1' } });
  });

  test('the Details drawer edits, checks availability and deletes', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/users');
    const users = adminTable(page, 'Users');
    await users.focusRow(/user0@example\.com/);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Details' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Seller payment account id')).toBeVisible();
    await expect(drawer.getByText('Shipping Information')).toBeVisible();
    await expect(drawer.getByText('1 Main St')).toBeVisible();
    await expect(drawer.getByLabel('Seller Fee')).toBeVisible();

    await drawer.getByLabel('Username').fill('user2');
    await drawer.getByRole('button', { name: 'Save' }).first().click();
    await expect(toast(page, 'Username already exists')).toBeVisible();
    await drawer.getByLabel('Username').fill('ada');
    await drawer.getByRole('button', { name: 'Save' }).first().click();
    await expect(toast(page, 'Username updated successfully')).toBeVisible();

    await drawer.getByLabel('Seller Fee').selectOption('12');
    await drawer.getByRole('button', { name: 'Save' }).nth(2).click();
    await expect(toast(page, 'Seller fee updated successfully')).toBeVisible();

    await drawer.getByRole('button', { name: 'Delete user' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete user?' });
    await expect(confirm).toContainText('This action cannot be undone');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer.getByRole('button', { name: 'Delete user' })).toBeFocused();
    await drawer.getByRole('button', { name: 'Delete user' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'User deleted successfully')).toBeVisible();
    await expect(users.row(/user0@example\.com/)).toHaveCount(0);
  });

  test('the drawer opens from the keyboard and Escape returns focus to the row', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/users');
    const users = adminTable(page, 'Users');
    await users.focusRow(/user5@example\.com/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Details' })).toBeVisible();
    await expectFocusWithin(page.getByRole('dialog', { name: 'Details' }));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Details' })).toHaveCount(0);
    await expect(users.row(/user5@example\.com/)).toBeFocused();
  });

  test('arrow keys move between rows, Space opens one, controls in cells keep their keys', async ({
    signedInPage: page,
  }) => {
    await page.goto('/#/dashboard/users');
    const users = adminTable(page, 'Users');
    // The grid is one tab stop: Tab from the search box lands on its first row.
    await page.getByPlaceholder('Search users').focus();
    await page.keyboard.press('Tab');
    await expect(users.row(/user0@example\.com/)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(users.row(/user2@example\.com/)).toBeFocused();
    await page.keyboard.press(' ');
    const drawer = page.getByRole('dialog', { name: 'Details' });
    await expect(drawer.getByLabel('Email')).toHaveValue('user2@example.com');
    await expectFocusWithin(drawer);
    await page.keyboard.press('Escape');
    await expect(users.row(/user2@example\.com/)).toBeFocused();

    // Enter on the feature star toggles it and does not open the row.
    const star = users.buttonInRow(/user0@example\.com/, 'Feature user0');
    const featured = await star.getAttribute('aria-pressed');
    await star.focus();
    await page.keyboard.press('Enter');
    await expect(star).toHaveAttribute('aria-pressed', featured === 'true' ? 'false' : 'true');
    await expect(drawer).toHaveCount(0);
  });

  test('a pending request is approved', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/users');
    await adminTable(page, 'Users').clickRow(/user3@example\.com/);
    const drawer = page.getByRole('dialog', { name: 'Details' });
    await expect(drawer.getByText('Pending Request')).toBeVisible();
    await expect(drawer.getByText('I sell vintage cameras')).toBeVisible();
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await expect(drawer.getByText('Pending Request')).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Disable Seller' })).toBeVisible();
  });
});
