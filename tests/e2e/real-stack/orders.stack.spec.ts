// Refunds and cancels of sold listings against the real API. The orders are found through the
// admin API (by status and refundable amount), not hard-coded, and opened by their unique
// tracking number through the screen's search.
import { expect, test } from './quiet-console.js';
import type { SoldListing } from '../../../shared/contract/entities.js';
import { drawerTable } from '../support/table.js';
import { adminList, callApi, dialogNamed, ensureSignedIn, idTokenOf, openSoldOrder, toast } from './real-stack.js';

/** Every sold listing (a few hundred in the demo data). */
async function soldOrders(): Promise<SoldListing[]> {
  const orders: SoldListing[] = [];
  for (let page = 1; ; page++) {
    const { count, items } = await adminList<SoldListing>('/admin/listings/sold', { page, limit: 100 });
    orders.push(...items);
    if (items.length === 0 || orders.length >= count) return orders;
  }
}

async function refundRemaining(orderId: string): Promise<number> {
  return callApi<number>(await idTokenOf('admin'), `/admin/transactions/order-refund-remaining/${orderId}`);
}

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

test('a refund checks the amount against the real remaining amount and adds an admin refund', async ({ page }) => {
  let order: SoldListing | undefined;
  let remaining = 0;
  for (const candidate of await soldOrders()) {
    if (!candidate.trackingCode || candidate.price < 5) continue;
    remaining = await refundRemaining(candidate.id);
    if (remaining >= 5) {
      order = candidate;
      break;
    }
  }
  expect(order, 'a sold order with a tracking number and at least $5 refundable').toBeDefined();
  const drawer = await openSoldOrder(page, order!);

  await drawer.getByRole('button', { name: 'Refund Order' }).click();
  const refund = dialogNamed(page, 'Refund Order');
  await expect(refund.getByText('Refundable amount remaining:')).toBeVisible();
  const amount = refund.getByLabel('Amount');
  const confirm = refund.getByRole('button', { name: 'Confirm' });
  const invalid = `Please enter a valid amount up to ${remaining} with max 2 decimal places.`;

  await amount.fill(String(remaining + 1));
  await expect(refund.getByText(invalid)).toBeVisible();
  await expect(confirm).toBeDisabled();
  await amount.fill('0');
  await expect(refund.getByText(invalid)).toBeVisible();
  // The input truncates to 2 decimals.
  await amount.fill('1.509');
  await expect(amount).toHaveValue('1.50');
  await expect(refund.getByText(invalid)).toBeHidden();
  await expect(confirm).toBeDisabled(); // no reason yet
  await refund.getByLabel('Reason').selectOption('courtesy_refund');
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(toast(page, 'Refund created successfully')).toBeVisible();
  await expect(refund).toBeHidden();
  const history = drawerTable(page, 'Transaction History');
  await expect(history.row('Admin refund')).toContainText('$1.50');
  expect(await refundRemaining(order!.id)).toBeCloseTo(remaining - 1.5, 2);
});

test('cancelling follows the server: a printed label is cancelled, a delivered order is refused', async ({ page }) => {
  const orders = await soldOrders();
  const printed = orders.find((o) => o.status === 'SHIPPING_LABEL_PRINTED' && o.trackingCode);
  const delivered = orders.find((o) => o.status === 'SHIPPING_DELIVERED' && o.trackingCode);
  expect(printed && delivered, 'seeded orders with a printed label and a delivered one').toBeTruthy();

  let drawer = await openSoldOrder(page, printed!);
  await drawer.getByRole('button', { name: 'Cancel Order' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Cancel order?' });
  await expect(confirm).toContainText('This action cannot be undone');
  await confirm.getByRole('button', { name: 'Dismiss' }).click();
  await expect(confirm).toBeHidden();
  await drawer.getByRole('button', { name: 'Cancel Order' }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
  // The drawer shows the refetched order.
  await expect(drawer.getByText('cancelled', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  drawer = await openSoldOrder(page, delivered!);
  await drawer.getByRole('button', { name: 'Cancel Order' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Cancel order?' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Order cannot be cancelled: it has been delivered')).toBeVisible();
});
