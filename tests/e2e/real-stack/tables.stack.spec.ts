// Every admin table against the real API and its seeded data: its columns, a sort that
// really reorders what the server answers (ascending and descending agree with the API), and a
// search that really filters it (same first row and row count as the API with that term).
import { expect, test } from './quiet-console.js';
import { adminTable } from '../support/table.js';
import { adminList, ensureSignedIn, openScreen, searchBox } from './real-stack.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- API items are read loosely: the UI is under test, not the shapes. */
type Item = any;

interface TableScreen {
  route: string;
  table: string;
  api: string;
  columns: string[];
  /** A sortable header, its server key, and the column whose first-row text shows the order. */
  sort: { column: string; sortBy: string; shownIn: string; shown: (item: Item) => string };
  search?: { placeholder: string; term: (firstItem: Item) => string; shownIn: string; shown: (item: Item) => string };
}

const title = (item: Item) => item.listing?.title ?? item.title;

const screens: TableScreen[] = [
  {
    route: 'users',
    table: 'Users',
    api: '/admin/users',
    columns: [
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
    ],
    sort: { column: 'Username', sortBy: 'userName', shownIn: 'Email Address', shown: (u) => u.email },
    search: { placeholder: 'Search users', term: () => 'demo_buyer', shownIn: 'Email Address', shown: (u) => u.email },
  },
  {
    route: 'listings/active',
    table: 'Active listings',
    api: '/admin/listings/active',
    columns: [
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
    ],
    sort: { column: 'Item name', sortBy: 'title', shownIn: 'Item name', shown: title },
    search: { placeholder: 'Search for listing', term: () => 'Vinyl', shownIn: 'Item name', shown: title },
  },
  {
    route: 'listings/sold',
    table: 'Sold listings',
    api: '/admin/listings/sold',
    columns: [
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
    ],
    sort: { column: 'Order Status', sortBy: 'status', shownIn: 'Order Status', shown: (o) => o.status },
    search: { placeholder: 'Search for sold listing', term: () => 'Pocket Watch', shownIn: 'Item name', shown: title },
  },
  {
    route: 'subcategory',
    table: 'Subcategories',
    api: '/admin/subCategory',
    columns: ['Title', 'Minimum Package Weight In Oz', 'Category'],
    sort: {
      column: 'Minimum Package Weight In Oz',
      sortBy: 'minPackageWeightInOz',
      shownIn: 'Minimum Package Weight In Oz',
      shown: (s) => String(s.minPackageWeightInOz),
    },
  },
  {
    route: 'ratings',
    table: 'Ratings',
    api: '/admin/ratings/all',
    columns: ['Buyer', 'Seller', 'Date', 'Rating', 'Comment', 'Order ID', 'Options'],
    sort: { column: 'Order ID', sortBy: 'orderId', shownIn: 'Order ID', shown: (r) => r.orderId ?? '-' },
    search: {
      placeholder: 'Search for ratings',
      term: (r) => r.seller?.userName ?? r.buyer?.userName,
      shownIn: 'Order ID',
      shown: (r) => r.orderId ?? '-',
    },
  },
  {
    route: 'auctionMessages',
    table: 'Auction messages',
    api: '/admin/auction-messages/active',
    columns: ['Type', 'User', 'Date created', 'Listing name', 'Seller name', 'Bid Value', 'Message', 'Actions'],
    sort: { column: 'Date created', sortBy: 'createdAt', shownIn: 'Listing name', shown: title },
    search: { placeholder: 'Search for auction message', term: () => 'Vinyl', shownIn: 'Listing name', shown: title },
  },
  {
    route: 'inbox/chats',
    table: 'Chats',
    api: '/admin/chat/all-chats',
    columns: ['User', 'Other User', 'Date updated', 'Last message', 'Blocked user', 'Actions'],
    sort: {
      column: 'Date updated',
      sortBy: 'updatedAt',
      // The user, not the last message: a chat opened without a message shows 'No messages', and
      // the oldest and the newest chat may both be such a chat.
      shownIn: 'User',
      shown: (c) => c.user.userName ?? '',
    },
    search: {
      placeholder: 'Search for chat users',
      term: (c) => c.user.userName,
      shownIn: 'Last message',
      shown: (c) => c.lastMessage ?? 'No messages',
    },
  },
  {
    route: 'inbox/messages',
    table: 'Chat messages',
    api: '/admin/chat/all-messages',
    columns: ['User', 'Other User', 'Date created', 'Message', 'Seen', 'Actions'],
    sort: { column: 'Date created', sortBy: 'createdAt', shownIn: 'Message', shown: (m) => m.message },
  },
];

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

for (const screen of screens) {
  test(`${screen.table}: columns, sort and search against the server`, async ({ page }) => {
    await openScreen(page, screen.route);
    const table = adminTable(page, screen.table);
    await table.waitForRows();
    expect(await table.columnLabels()).toEqual(screen.columns);
    expect(await table.rowCount()).toBe(10);

    // Sorting asks the server again: the first row follows the API's own ascending and
    // descending answers, which differ.
    const { sort } = screen;
    const [ascending] = (await adminList<Item>(screen.api, { page: 1, limit: 10, sortBy: sort.sortBy, order: 'ASC' }))
      .items;
    const [descending] = (await adminList<Item>(screen.api, { page: 1, limit: 10, sortBy: sort.sortBy, order: 'DESC' }))
      .items;
    expect(sort.shown(ascending)).not.toBe(sort.shown(descending));
    await table.clickSort(sort.column);
    await expect.poll(() => table.sortState(sort.column)).toBe('ascending');
    await expect.poll(() => table.firstRowCell(sort.shownIn)).toContain(sort.shown(ascending));
    await table.clickSort(sort.column);
    await expect.poll(() => table.sortState(sort.column)).toBe('descending');
    await expect.poll(() => table.firstRowCell(sort.shownIn)).toContain(sort.shown(descending));
    await table.clickSort(sort.column);
    await expect.poll(() => table.sortState(sort.column)).toBe('none');

    if (!screen.search) return;
    const { search } = screen;
    const all = await adminList<Item>(screen.api, { page: 1, limit: 10 });
    const term = search.term(all.items[0]);
    const found = await adminList<Item>(screen.api, { page: 1, limit: 10, search: term });
    expect(found.count).toBeGreaterThan(0);
    expect(found.count).toBeLessThan(all.count);
    await searchBox(page, search.placeholder).fill(term);
    await expect.poll(() => table.rowCount()).toBe(found.items.length);
    await expect.poll(() => table.firstRowCell(search.shownIn)).toContain(search.shown(found.items[0]));
  });
}

// The seeded avatars live on a public host this machine cannot reach, as a picture host can be
// down for a moderator: a picture that fails to load gives way to the person's initials, never
// a broken-image icon.
test('avatars that cannot load show initials instead of a broken image', async ({ page }) => {
  await ensureSignedIn(page);
  await openScreen(page, 'users');
  const users = await adminList<Item>('/admin/users', { page: 1, limit: 10 });
  expect(users.items.some((user: Item) => user.avatar)).toBe(true);
  await expect(page.locator('.avatar-initials').first()).toBeVisible();
  await expect
    .poll(() =>
      page
        .locator('img.avatar')
        .evaluateAll((images) =>
          images.filter(
            (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth === 0,
          ),
        ),
    )
    .toHaveLength(0);
});
