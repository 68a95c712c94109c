// Contract-test fixtures: a page with the in-page `window.market` double installed, signed
// in or not. These test the UI against the shared contract, not the real stack.
import { test as base, expect, type Page } from '@playwright/test';
import { demoData } from './demo-data.js';
import { installFakeMarket, type FakeMarketControl } from './fake-market.js';
import { installFakePolicy } from './fake-policy.js';
import { installFakeDisputes } from './fake-disputes.js';
import { installFakeSellerLevels } from './fake-seller-levels.js';
import { ACTOR_FIELDS, EVENT_FIELDS } from '../../../shared/contract/policy.js';

export async function openWithFakeMarket(page: Page, { signedIn }: { signedIn: boolean }) {
  if (signedIn) await page.addInitScript(() => sessionStorage.setItem('fake-market-user', 'admin@example.com'));
  await page.addInitScript(installFakeMarket, demoData());
  await page.addInitScript(installFakePolicy, { actor: ACTOR_FIELDS, events: EVENT_FIELDS });
  await page.addInitScript(installFakeDisputes);
  await page.addInitScript(installFakeSellerLevels);
}

/** The calls the UI made through `window.market`, by name. */
export async function callsOf(page: Page, name: string): Promise<unknown[]> {
  return page.evaluate(
    (n) =>
      (window as unknown as { __fakeMarket: FakeMarketControl }).__fakeMarket.calls
        .filter((c) => c.name === n)
        .map((c) => c.input),
    name,
  );
}

export async function emitEvent(page: Page, name: string, payload: unknown, table?: string) {
  await page.evaluate(
    ([n, p, t]) =>
      (window as unknown as { __fakeMarket: FakeMarketControl }).__fakeMarket.emit(
        n as string,
        p,
        t as string | undefined,
      ),
    [name, payload, table] as const,
  );
}

export async function failNext(page: Page, name: string, message = 'Server said no', status = 409) {
  await page.evaluate(
    ([n, m, s]) => {
      (window as unknown as { __fakeMarket: FakeMarketControl }).__fakeMarket.failNext[n as string] = {
        status: s as number,
        message: m as string,
        code: 'Conflict',
      };
    },
    [name, message, status] as const,
  );
}

export function toast(page: Page, text: string) {
  return page.locator('.bp6-toast').filter({ hasText: text });
}

export const test = base.extend<{ signedInPage: Page }>({
  signedInPage: async ({ page }, use) => {
    await openWithFakeMarket(page, { signedIn: true });
    await use(page);
  },
});
export { expect };
