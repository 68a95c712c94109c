// Live moderation beyond chat messages: what buyers do through the buyer/seller API (real
// emulator ID tokens) and what another moderator deletes through the admin API reaches an open
// table without a reload; on page 2 new rows wait behind the "N new" button.
import type { Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { AdminUser, AuctionMessage, Chat } from '../../../shared/contract/entities.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { adminTable } from '../support/table.js';
import { adminList, callApi, ensureSignedIn, idTokenOf, openScreen, REAL_STACK } from './real-stack.js';

interface PublicListing {
  id: string;
  title: string;
  startingBid: number;
  bid: number | null;
  endTime: string;
  user: { id: string };
}

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

async function expectLive(page: Page) {
  const indicator = page.getByRole('status', { name: 'Live updates: connected' });
  await expect(indicator).toBeVisible();
  await expect(indicator).toHaveText('Live');
}

async function buyer() {
  const token = await idTokenOf('buyer');
  const me = await callApi<{ id: string; userName: string }>(token, '/user/my-details');
  return { token, ...me };
}

/** An active auction, not the buyer's, the buyer not leading it, open for a while yet. */
async function auctionToBidOn(buyerId: string): Promise<PublicListing> {
  const response = await fetch(`${REAL_STACK.apiHost}/v1/auctions?limit=100`);
  const { items } = (await response.json()) as { items: PublicListing[] };
  for (const auction of items) {
    if (auction.user.id === buyerId || Number(auction.endTime) < Date.now() + 3_600_000) continue;
    const latest = await (await fetch(`${REAL_STACK.apiHost}/v1/bid/latest/${auction.id}`)).json();
    if ((latest as { leaderId: string | null }).leaderId !== buyerId) return auction;
  }
  throw new Error('No active auction for the demo buyer to bid on');
}

test('a bid placed by a buyer appears live; another moderator deleting it removes it live', async ({ page }) => {
  await openScreen(page, 'auctionMessages');
  const table = adminTable(page, 'Auction messages');
  await table.waitForRows();
  await expectLive(page);
  const { count } = await adminList<AuctionMessage>('/admin/auction-messages/active', { limit: 1 });
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${count}`);

  const me = await buyer();
  const auction = await auctionToBidOn(me.id);
  const amount = Math.round(((auction.bid ?? auction.startingBid) + 25) * 100) / 100;
  await callApi(me.token, '/bid', { method: 'POST', body: { listingId: auction.id, amount } });

  // The server's own record of the bid's auction message: the newest one of this listing.
  const { items } = await adminList<AuctionMessage>('/admin/auction-messages/active', {
    limit: 10,
    sortBy: 'createdAt',
    order: 'DESC',
    search: auction.title,
  });
  const message = items.find((item) => item.listing.id === auction.id)!;
  expect(message).toMatchObject({ type: 'bid', user: { id: me.id } });

  const row = new RegExp(`${me.userName}.*${auction.title}`);
  await expect(table.row(row)).toBeVisible();
  await expect(table.cellsAt(0)).toContainText([/Bid/, me.userName, auction.title]);
  expect(await table.cellOf(row, 'Type')).toBe('Bid');
  expect(await table.cellOf(row, 'Bid Value')).toBe(formatUsd(message.amount!));
  expect(await table.cellOf(row, 'Message')).toBe('N/A');
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${count + 1}`);

  // Another moderator deletes it through the admin API: gone here without a reload.
  await callApi(await idTokenOf('admin'), `/admin/auction-messages/soft-delete/${message.id}`, { method: 'DELETE' });
  await expect(table.row(row)).toHaveCount(0);
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${count}`);
  const after = await adminList<AuctionMessage>('/admin/auction-messages/active', {
    limit: 100,
    search: auction.title,
  });
  expect(after.items.map((item) => item.id)).not.toContain(message.id);
});

test('a new chat appears live, on page 2 behind "1 new"; another moderator deleting one removes it', async ({
  page,
}) => {
  await openScreen(page, 'inbox/chats');
  const table = adminTable(page, 'Chats');
  await table.waitForRows();
  await expectLive(page);

  // Two users the demo buyer has no chat with yet: each POST /chat opens a new one.
  const me = await buyer();
  const chatted = new Set(
    (await callApi<{ items: Chat[] }>(me.token, '/chat')).items.flatMap((chat) => [chat.user.id, chat.otherUser.id]),
  );
  const { items: users } = await adminList<AdminUser>('/admin/users', {
    page: 1,
    limit: 50,
    sortBy: 'email',
    order: 'DESC',
  });
  const [first, second] = users.filter((user) => user.id !== me.id && user.userName && !chatted.has(user.id)) as [
    AdminUser,
    AdminUser,
  ];
  const rowWith = (other: AdminUser) => new RegExp(`${me.userName}.*${other.userName}`);
  const { count } = await adminList<Chat>('/admin/chat/all-chats', { limit: 1 });

  // At the top of page 1 a new chat goes straight in, first.
  const chat = await callApi<Chat>(me.token, '/chat', { method: 'POST', body: { otherUserId: first.id } });
  await expect(table.row(rowWith(first))).toBeVisible();
  await expect(table.cellsAt(0)).toContainText([me.userName, first.userName!]);
  expect(await table.cellOf(rowWith(first), 'Last message')).toBe('No messages');
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${count + 1}`);
  const listed = await adminList<Chat>('/admin/chat/all-chats', { limit: 10, sortBy: 'updatedAt', order: 'DESC' });
  expect(listed.items.map((item) => item.id)).toContain(chat.id);

  // On page 2 the next one waits behind the "1 new" button instead of shifting the rows.
  await table.nextButton.click();
  await expect(table.rangeLabel).toHaveText(`Rows 11–20 of ${count + 1}`);
  const pageTwo = await table.columnTexts('Other User');
  await callApi<Chat>(me.token, '/chat', { method: 'POST', body: { otherUserId: second.id } });
  await expect(table.newRowsButton).toHaveText('1 new');
  expect(await table.columnTexts('Other User')).toEqual(pageTwo);
  await expect(table.rangeLabel).toHaveText(`Rows 11–20 of ${count + 1}`);
  await table.newRowsButton.click();
  await expect(table.newRowsButton).toHaveCount(0);
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${count + 2}`);
  await expect(table.cellsAt(0)).toContainText([me.userName, second.userName!]);
  await expect(table.row(rowWith(first))).toBeVisible();

  // Another moderator deletes the first chat through the admin API: gone without a reload.
  await callApi(await idTokenOf('admin'), `/admin/chat/soft-delete-chat/${chat.id}`, { method: 'DELETE' });
  await expect(table.row(rowWith(first))).toHaveCount(0);
  await expect(table.rangeLabel).toHaveText(`Rows 1–10 of ${count + 1}`);
  const after = await adminList<Chat>('/admin/chat/all-chats', { limit: 100, search: first.userName! });
  expect(after.items.map((item) => item.id)).not.toContain(chat.id);
});

test('a moderator scrolled down to the last rows is not shifted: the bid waits behind "1 new"', async ({ page }) => {
  await openScreen(page, 'auctionMessages');
  const table = adminTable(page, 'Auction messages');
  await table.waitForRows();
  await expectLive(page);
  // The table is taller than the window: reading rows 9 and 10 takes the first rows out of view.
  await table.scrollToFooter();
  const shown = await table.columnTexts('Date created');

  const me = await buyer();
  const auction = await auctionToBidOn(me.id);
  const amount = Math.round(((auction.bid ?? auction.startingBid) + 25) * 100) / 100;
  await callApi(me.token, '/bid', { method: 'POST', body: { listingId: auction.id, amount } });

  await expect(table.newRowsButton).toHaveText('1 new');
  expect(await table.columnTexts('Date created')).toEqual(shown);
  await table.newRowsButton.click();
  await expect(table.newRowsButton).toHaveCount(0);
  await expect(table.cellsAt(0)).toContainText([/Bid/, me.userName, auction.title]);
  await expect(table.cellsAt(0).first()).toBeInViewport();
});
