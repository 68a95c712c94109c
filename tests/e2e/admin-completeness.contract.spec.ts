// CONTRACT TESTS of routes a support agent reaches from the drawers (issue 47, "every admin route
// reachable in the app"): 'Edit user' saves every field PATCH /admin/users/{id} accepts in one
// request, and the order drawer reloads its transactions from the order's transactions route.
// A refused save or read is a toast that says so, never silent.
import { callsOf, emitEvent, expect, failNext, test, toast } from './support/fixtures.js';
import { demoData } from './support/demo-data.js';
import { plainTable } from './support/table.js';

test.describe('the user drawer edits the user in one save', () => {
  test('only the changed fields are sent; a refusal keeps the dialog open with the reason', async ({
    signedInPage: page,
  }) => {
    await page.goto('/#/dashboard/users/u0');
    const drawer = page.getByRole('dialog', { name: 'Details' });
    await expect(drawer).toBeVisible();
    const edit = drawer.getByRole('button', { name: 'Edit user' });
    await edit.click();

    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(dialog.getByLabel('Username')).toBeFocused();
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Email').fill('ada@example.com');
    await dialog.getByLabel('Seller Fee').selectOption('12');
    await dialog.getByText('Featured').click();
    await dialog.getByLabel('Username').fill('  ');
    await expect(save, 'an emptied username is not sent').toBeDisabled();
    await dialog.getByLabel('Username').fill('user0');

    await failNext(page, 'users.update', 'Email already exists', 409);
    await save.click();
    await expect(toast(page, 'Failed to update user')).toContainText('Email already exists');
    await expect(dialog).toBeVisible();

    await save.click();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(edit, 'focus returns to where it came from').toBeFocused();
    await expect(drawer.getByText('ada@example.com')).toBeVisible();
    expect((await callsOf(page, 'users.update')).at(-1)).toEqual({
      params: { id: 'u0' },
      body: { email: 'ada@example.com', sellerFee: 12, featured: true },
    });
  });
});

test.describe('the order drawer reloads its transactions', () => {
  test('a refund made elsewhere shows after Reload transactions; a failed read says so', async ({
    signedInPage: page,
  }) => {
    await page.goto('/#/dashboard/listings/sold/o2');
    const drawer = page.getByRole('dialog', { name: 'Order' });
    const history = plainTable(drawer, 'Transaction History');
    await expect(history.root).toContainText('Order payment');
    await expect(history.root).not.toContainText('Admin refund');

    const reload = drawer.getByRole('button', { name: 'Reload transactions' });
    await failNext(page, 'transactions.orderTransactions', 'Order not found', 404);
    await reload.click();
    await expect(toast(page, 'Failed to load transactions')).toBeVisible();

    // Another admin refunds the order: the server's row changes, the open drawer does not yet.
    const order = (await callsOf(page, 'transactions.orderTransactions')).length;
    const seeded = demoData().sold.find((row) => row.id === 'o2')!;
    await emitEvent(
      page,
      'orderRefundedElsewhere',
      {
        ...seeded,
        transactions: [
          ...seeded.transactions,
          {
            id: 't2r',
            type: 'admin_refund',
            status: 'succeeded',
            amount: 5,
            refundReason: 'courtesy_refund',
            refundDate: '2026-01-05T10:30:00.000Z',
          },
        ],
      },
      'sold',
    );
    await reload.click();
    await expect(history.root).toContainText('Admin refund');
    await expect(history.root).toContainText('$5.00');
    expect((await callsOf(page, 'transactions.orderTransactions')).length).toBe(order + 1);
    expect((await callsOf(page, 'transactions.orderTransactions')).at(-1)).toEqual({ params: { id: 'o2' } });
  });
});

test.describe('Settings', () => {
  test('a failed read of the auto-assign setting says so beside the switch', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/home');
    await expect(page.getByText('Total Registered Users')).toBeVisible();
    await failNext(page, 'reviewCases.settings', 'The setting could not be read', 404);
    await page.goto('/#/dashboard/settings');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Could not load the auto-assign setting: The setting could not be read' }),
    ).toBeVisible();
    await expect(page.getByLabel('Auto-assign new cases to the least-loaded moderator online')).toBeDisabled();
  });
});
