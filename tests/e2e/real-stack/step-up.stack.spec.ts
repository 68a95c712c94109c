// Step-up on the real stack at 1280×720: a refund asked for by a sign-in older than
// ADMIN_STEP_UP_SECONDS opens "Confirm it's you"; cancelling leaves the order as it was, a wrong
// password is said so, the right one re-authenticates main's session and the refund goes through.
// A fresh sign-in never asks, so this runs in the step-up project, against a stack of its own
// that serve-real-stack starts with ADMIN_STEP_UP_SECONDS=STEP_UP_SECONDS (a window that short
// would make the other specs' refunds ask too): `npx playwright test --project step-up`.
import type { Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { SoldListing } from '../../../shared/contract/entities.js';
import {
  adminList,
  callApi,
  DEMO_ACCOUNTS,
  dialogNamed,
  idTokenOf,
  openLoginSignedOut,
  openSoldOrder,
  signInAsAdmin,
  toast,
} from './real-stack.js';
import { STEP_UP_SECONDS, useStepUpStack } from './real-stack-ports.js';

useStepUpStack();
const stepUpSeconds = STEP_UP_SECONDS;
test.use({ viewport: { width: 1280, height: 720 } });

async function refundRemaining(orderId: string): Promise<number> {
  return callApi<number>(await idTokenOf('admin'), `/admin/transactions/order-refund-remaining/${orderId}`);
}

/** A sold order with a tracking number and at least $5 left to refund. */
async function refundableOrder(): Promise<{ order: SoldListing; remaining: number }> {
  for (let page = 1; page < 10; page++) {
    const { items } = await adminList<SoldListing>('/admin/listings/sold', { page, limit: 100 });
    for (const order of items) {
      if (!order.trackingCode || order.price < 5) continue;
      const remaining = await refundRemaining(order.id);
      if (remaining >= 5) return { order, remaining };
    }
  }
  throw new Error('no refundable sold order in the demo data');
}

async function askRefund(page: Page, order: SoldListing) {
  const drawer = await openSoldOrder(page, order);
  await drawer.getByRole('button', { name: 'Refund Order' }).click();
  const refund = dialogNamed(page, 'Refund Order');
  await expect(refund.getByText('Refundable amount remaining:')).toBeVisible();
  await refund.getByLabel('Amount').fill('1.25');
  await refund.getByLabel('Reason').selectOption('courtesy_refund');
  await refund.getByRole('button', { name: 'Confirm' }).click();
  return { drawer, refund };
}

test('a refund after an old sign-in asks for the password, and goes through after it', async ({ page }) => {
  test.setTimeout(180_000);
  await openLoginSignedOut(page);
  await signInAsAdmin(page);
  const signedInAt = Date.now();
  // The order is found while the sign-in grows older than the step-up window, and only what is
  // left of the window is waited for.
  const { order, remaining } = await refundableOrder();
  const oldEnoughMs = (stepUpSeconds + 2) * 1000;
  await expect.poll(() => Date.now() - signedInAt, { timeout: oldEnoughMs + 5000 }).toBeGreaterThan(oldEnoughMs);

  // Cancelled: nothing refunded, and the action says it was not done.
  let { refund } = await askRefund(page, order);
  let prompt = dialogNamed(page, 'Confirm it’s you');
  await expect(prompt).toBeVisible();
  await expect(prompt.getByLabel('Password')).toBeFocused();
  await page.screenshot({ path: 'test-results/step-up-prompt-1280x720.png' });
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toBeHidden();
  await expect(toast(page, 'Not done: your password was not confirmed')).toBeVisible();
  expect(await refundRemaining(order.id)).toBeCloseTo(remaining, 2);
  if (await refund.isVisible()) await refund.getByRole('button', { name: 'Cancel' }).click();
  await dialogNamed(page, 'Order').getByRole('button', { name: 'Close' }).click();

  // A wrong password is said so and the prompt stays; the right one refunds.
  ({ refund } = await askRefund(page, order));
  prompt = dialogNamed(page, 'Confirm it’s you');
  await prompt.getByLabel('Password').fill('not-the-password');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByRole('alert')).toContainText('That password is not right.');
  await prompt.getByLabel('Password').fill(DEMO_ACCOUNTS.admin.password);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toBeHidden();
  await expect(toast(page, 'Refund created successfully')).toBeVisible();
  await expect(refund).toBeHidden();
  expect(await refundRemaining(order.id)).toBeCloseTo(remaining - 1.25, 2);
});
