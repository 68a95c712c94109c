// What the real-stack specs share: signing in through the UI, toasts, and the real API called
// directly (emulator ID tokens of the demo accounts) to find facts in the seeded data and to
// act as a buyer. Nothing here stands in for our own code.
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../server/platform/auth/demo-accounts.js';
import { signIn } from '../../support/auth-emulator.js';
import type { SoldListing } from '../../../shared/contract/entities.js';
import { adminTable } from '../support/table.js';
import { REAL_STACK } from './real-stack-ports.js';

export { DEMO_ACCOUNTS, REAL_STACK };

/**
 * Where the specs' screenshots go (a folder path ending in '/'): test-results/docs-screenshots/
 * on every run, so a run never rewrites the tracked pictures; docs/screenshots/ only when asked
 * (`npm run screenshots:refresh`, which sets UPDATE_DOCS_SCREENSHOTS=1).
 */
export const SCREENSHOTS = fileURLToPath(
  new URL(
    process.env.UPDATE_DOCS_SCREENSHOTS === '1'
      ? '../../../docs/screenshots/'
      : '../../../test-results/docs-screenshots/',
    import.meta.url,
  ),
);

export function toast(page: Page, text: string | RegExp) {
  return page.locator('.bp6-toast').filter({ hasText: text });
}

/** Signs in through the login screen as the demo admin and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/#/auth/login');
  await page.getByLabel('Email address').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/home$/);
}

/** Opens a dashboard screen by its route, e.g. 'users' or 'inbox/messages'. */
export async function openScreen(page: Page, route: string): Promise<void> {
  await page.goto(`/#/dashboard/${route}`);
  await expect(page).toHaveURL(new RegExp(`#/dashboard/${route}$`));
}

/** A fresh emulator ID token of a demo account. */
export async function idTokenOf(account: keyof typeof DEMO_ACCOUNTS): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS[account];
  return (await signIn(email, password)).idToken;
}

/** Calls the real API under /v1 with a bearer token; throws on a non-2xx answer. */
export async function callApi<T>(
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${REAL_STACK.apiHost}/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} /v1${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface ListAnswer<T> {
  count: number;
  /** The count stopped at the list's cap (a search counts to 100): there are more matches. */
  countCapped?: boolean;
  items: T[];
}

/** One page of an admin list, as the admin. */
export async function adminList<T>(path: string, query: Record<string, string | number> = {}): Promise<ListAnswer<T>> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return callApi<ListAnswer<T>>(await idTokenOf('admin'), `${path}?${params}`);
}

/** Where the app put the page: the dashboard (a session is open) or the login screen. */
async function landingOf(page: Page): Promise<'dashboard' | 'login'> {
  return Promise.race([
    page
      .getByText('Total Registered Users')
      .waitFor()
      .then(() => 'dashboard' as const),
    page
      .getByRole('heading', { name: 'Sign In' })
      .waitFor()
      .then(() => 'login' as const),
  ]);
}

/** Signs in as the demo admin unless the browser host's session already is. */
export async function ensureSignedIn(page: Page): Promise<void> {
  await page.goto('/#/dashboard/home');
  const landed = await landingOf(page);
  if (landed === 'login') await signInAsAdmin(page);
}

/**
 * Opens the login screen signed out. The browser host keeps one session for every page (it
 * lives in main/core), so a session left by an earlier test is logged out first.
 */
export async function openLoginSignedOut(page: Page): Promise<void> {
  await page.goto('/#/auth/login');
  const landed = await landingOf(page);
  if (landed === 'dashboard') await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
}

/** A table screen's search box, by its placeholder. */
export function searchBox(page: Page, placeholder: string) {
  return page.getByRole('searchbox', { name: placeholder });
}

/** The open drawer (SideDrawer) or dialog with this title. */
export function dialogNamed(page: Page, name: string) {
  return page.getByRole('dialog', { name, exact: true });
}

/** Opens a sold order's drawer from Sold listings, found by its unique tracking number. */
export async function openSoldOrder(page: Page, order: SoldListing) {
  await openScreen(page, 'listings/sold');
  const table = adminTable(page, 'Sold listings');
  await table.waitForRows();
  await searchBox(page, 'Search for sold listing').fill(order.trackingCode!);
  await expect.poll(() => table.rowCount()).toBe(1);
  await table.clickRow(order.trackingCode!);
  const drawer = dialogNamed(page, 'Order');
  await expect(drawer.getByText(order.listing.title).first()).toBeVisible();
  return drawer;
}

/** Switches the colour mode through the sidebar's switch and waits until the page shows it. */
export async function setTheme(page: Page, theme: 'dark' | 'light') {
  const dark = await page.locator('html').evaluate((html) => html.classList.contains('bp6-dark'));
  if (dark !== (theme === 'dark')) await page.locator('label').filter({ hasText: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /bp6-dark/ : /^(?!.*bp6-dark)/);
}

/** Waits for toasts to leave and CSS transitions to end: a screenshot taken then is steady. */
export async function settle(page: Page) {
  await page
    .locator('.bp6-toast')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length,
      ),
    )
    .toBe(0);
}
