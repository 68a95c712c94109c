// CONTRACT TESTS of the back-office UI's listings, subcategories, ratings and live moderation:
// Chromium drives the real renderer against an in-page `window.market` double
// (support/fake-market.ts) that follows shared/contract.
import { callsOf, emitEvent, expect, failNext, test, toast } from './support/fixtures.js';
import { adminTable, plainTable } from './support/table.js';

test.describe('active listings', () => {
  test('columns, price cells, delete confirm and the drawer', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/listings/active');
    const table = adminTable(page, 'Active listings');
    await expect(table.headers).toHaveText([
      'Feature',
      'Item name',
      'Description',
      'Date posted',
      'Seller',
      'Type',
      'Quantity',
      'Price',
      'Starting bid',
      'Current bid',
      'Options',
    ]);
    const auction = table.cellsOf(/Listing 0\b/);
    await expect(auction).toContainText(['A very long description that certainly goes past t...']);
    await expect(auction.nth(7)).toHaveText('N/A');
    await expect(auction.nth(8)).toHaveText('$20.00');
    await expect(auction.nth(9)).toHaveText('$30.00');
    await expect(table.buttonInRow(/Listing 0\b/, 'Feature Listing 0')).toBeVisible();
    const buyNow = table.cellsOf(/Listing 1\b/);
    await expect(buyNow.nth(7)).toHaveText('$21.00');
    await expect(buyNow.nth(8)).toHaveText('N/A');

    await table.clickButtonInRow(/Listing 1\b/, 'Options');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete listing?' });
    await expect(confirm).toContainText('Are you sure you want to delete this listing? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete listing' }).click();
    await expect(toast(page, 'Listing deleted successfully')).toBeVisible();
    await expect(table.row(/Listing 1\b/)).toHaveCount(0);

    await table.clickRow(/Listing 0\b/);
    const drawer = page.getByRole('dialog', { name: 'Listing' });
    await expect(drawer.locator('video')).toHaveAttribute('src', 'https://videos.example.com/l0.mp4');
    await expect(drawer.getByText('Auction', { exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: 'Edit Listing' }).click();
    await expect(drawer.getByLabel('In Stock')).toHaveCount(0);
    await expect(drawer.getByLabel('End time')).toBeVisible();
    await drawer.getByLabel('Title').fill('Renamed auction');
    await drawer.getByLabel('Weight').fill('16');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Listing updated successfully')).toBeVisible();
    await expect(table.row(/Renamed auction/)).toBeVisible();
    const body = ((await callsOf(page, 'listings.update')).at(-1) as { body: Record<string, unknown> }).body;
    expect(body).toMatchObject({ title: 'Renamed auction', weight: 16 });
    expect(body).not.toHaveProperty('inStock');
  });
});

test.describe('sold listings', () => {
  test('refund with the exact validation, then cancel', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/listings/sold');
    const table = adminTable(page, 'Sold listings');
    await expect(table.headers).toHaveText([
      'Item name',
      'Listing type',
      'Item price',
      'Shipping price',
      'Buyer Detail',
      'Seller Detail',
      'Date sold',
      'Order Status',
      'Tracking number',
      'Payout Status',
      'Options',
    ]);
    await expect(table.cellsOf(/Sold item 0/)).toContainText(['Succeeded']);
    await expect(table.cellsOf(/Sold item 1/)).toContainText(['Failed']);

    await table.clickRow(/Sold item 0/);
    const drawer = page.getByRole('dialog', { name: 'Order' });
    for (const title of [
      'Shipping Information',
      'Listing Detail',
      'Buyer Information',
      'Seller Information',
      'Transaction History',
    ])
      await expect(drawer.getByRole('button', { name: title })).toBeVisible();

    await drawer.getByRole('button', { name: 'Refund Order' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund Order' });
    const confirm = refund.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    await refund.getByRole('textbox', { name: 'Amount (USD)' }).fill('60');
    await expect(refund).toContainText('Please enter a valid amount up to 55.5 with max 2 decimal places.');
    await refund.getByRole('textbox', { name: 'Amount (USD)' }).fill('10.259');
    await expect(refund.getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('10.25');
    await expect(confirm).toBeDisabled();
    await refund.getByLabel('Reason').selectOption('courtesy_refund');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(toast(page, 'Refund created successfully')).toBeVisible();
    await expect(plainTable(drawer, 'Transaction History').root).toContainText('Admin refund');
    await expect(plainTable(drawer, 'Transaction History').root).toContainText('$10.25');

    await failNext(page, 'orders.cancel', 'Order already shipped');
    await drawer.getByRole('button', { name: 'Cancel Order' }).click();
    let cancel = page.getByRole('alertdialog', { name: 'Cancel order?' });
    await expect(cancel).toContainText('This action cannot be undone');
    await cancel.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Order already shipped')).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel Order' }).click();
    cancel = page.getByRole('alertdialog', { name: 'Cancel order?' });
    await cancel.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
    await expect(drawer).toContainText('cancelled');
  });

  test('delete with confirm', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/listings/sold');
    const table = adminTable(page, 'Sold listings');
    await table.clickButtonInRow(/Sold item 2/, 'Options');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete order?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Order deleted successfully')).toBeVisible();
    await expect(table.row(/Sold item 2/)).toHaveCount(0);
  });
});

test.describe('subcategories and ratings', () => {
  test('the minimum weight is edited as a decimal', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/subcategory');
    const table = adminTable(page, 'Subcategories');
    await expect(table.headers).toHaveText(['Title', 'Minimum Package Weight In Oz', 'Category']);
    await table.clickRow(/Cameras/);
    const drawer = page.getByRole('dialog', { name: 'Cameras' });
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByLabel('Minimum package weight (oz)').fill('13.5');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(table.cellsOf(/Cameras/)).toContainText(['13.5']);
    expect((await callsOf(page, 'subcategories.update')).at(-1)).toEqual({
      params: { id: 's1' },
      body: { minPackageWeightInOz: 13.5 },
    });
  });

  test('ratings show their fallbacks and delete', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/ratings');
    const table = adminTable(page, 'Ratings');
    await expect(table.headers).toHaveText(['Buyer', 'Seller', 'Date', 'Rating', 'Comment', 'Order ID', 'Options']);
    const orphan = table.cellsOf('Deleted user');
    await expect(orphan).toContainText(['No rate']);
    await expect(orphan).toContainText(['No comment']);
    await failNext(page, 'ratings.delete');
    await table.clickButtonInRow('Deleted user', 'Options');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Failed to delete listing')).toBeVisible();
    await table.clickButtonInRow('Deleted user', 'Options');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Rating deleted successfully')).toBeVisible();
    await expect(table.rows).toHaveCount(1);
  });
});

test.describe('live moderation', () => {
  test('auction messages show badges, bid values and text rules', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/auctionMessages');
    const table = adminTable(page, 'Auction messages');
    await expect(table.headers).toHaveText([
      'Type',
      'User',
      'Date created',
      'Listing name',
      'Seller name',
      'Bid Value',
      'Message',
      'Actions',
    ]);
    await expect(table.cellsOf(/^Bid/)).toContainText(['$31.00']);
    await expect(table.cellsOf(/^Text/)).toContainText(['Is it still available?']);
    await expect(table.cellsOf(/^Giveaway Entry/).nth(5)).toHaveText('N/A');
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await table.cellsAt(0).getByRole('button', { name: 'Delete auction message' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Auction message deleted')).toBeVisible();
    await expect(table.rows).toHaveCount(2);
  });

  test('chats say No messages and No blocked user', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/inbox/chats');
    const table = adminTable(page, 'Chats');
    await expect(table.headers).toHaveText([
      'User',
      'Other User',
      'Date updated',
      'Last message',
      'Blocked user',
      'Actions',
    ]);
    await expect(table.cellsOf(/user1/)).toContainText(['No blocked user']);
    await expect(table.cellsOf(/user3/)).toContainText(['No messages']);
    await emitEvent(page, 'chatDeleted', { id: 'c2' }, 'chats');
    await expect(table.rows).toHaveCount(1);
  });

  test('chat messages arrive at the top, wait while scrolled away, and vanish when deleted', async ({
    signedInPage: page,
  }) => {
    await page.goto('/#/dashboard/inbox/messages');
    const table = adminTable(page, 'Chat messages');
    await expect(table.headers).toHaveText(['User', 'Other User', 'Date created', 'Message', 'Seen', 'Actions']);
    await expect(table.cellsAt(0)).toContainText(['Message 0']);
    await expect(table.cellsAt(0)).toContainText(['Seen']);
    await expect(table.cellsAt(1)).toContainText(['Not seen']);

    const live = (id: string, text: string) => ({
      id,
      user: { id: 'u7', userName: 'user7', avatar: null },
      otherUser: { id: 'u8', userName: 'user8', avatar: null },
      createdAt: new Date().toISOString(),
      message: text,
      isSeen: false,
    });
    await emitEvent(page, 'newMessage', live('live1', 'Hello from the API'), 'messages');
    await expect(table.cellsAt(0)).toContainText(['Hello from the API']);
    await expect(page.getByText('Rows 1–10 of 13')).toBeVisible();

    // Away from the top (page 2) a new row waits behind the "N new" button.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Rows 11–13 of 13')).toBeVisible();
    await emitEvent(page, 'newMessage', live('live2', 'Second live message'), 'messages');
    await expect(page.getByText('Rows 11–13 of 13')).toBeVisible();
    await page.getByRole('button', { name: '1 new' }).click();
    await expect(table.cellsAt(0)).toContainText(['Second live message']);

    await emitEvent(page, 'messageDeleted', { id: 'live1' }, 'messages');
    await expect(table.row('Hello from the API')).toHaveCount(0);
    await expect(page.getByText('Rows 1–10 of 13')).toBeVisible();

    await page.evaluate(() =>
      (window as unknown as { __fakeMarket: { setConnection(s: string): void } }).__fakeMarket.setConnection('offline'),
    );
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  });
});
