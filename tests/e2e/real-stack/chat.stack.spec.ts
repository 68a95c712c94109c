// Live moderation: a message the demo buyer posts through the buyer/seller API (with a real
// emulator ID token) shows in the Chat messages table without a reload.
import { expect, test } from './quiet-console.js';
import type { AdminUser } from '../../../shared/contract/entities.js';
import { adminTable } from '../support/table.js';
import { adminList, callApi, ensureSignedIn, idTokenOf, openScreen } from './real-stack.js';

test('a message posted by a buyer appears live in Chat messages', async ({ page }) => {
  await ensureSignedIn(page);
  await openScreen(page, 'inbox/messages');
  const table = adminTable(page, 'Chat messages');
  await table.waitForRows();
  await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();

  const buyerToken = await idTokenOf('buyer');
  const buyer = await callApi<{ id: string }>(buyerToken, '/user/my-details');
  const { items } = await adminList<AdminUser>('/admin/users', { page: 1, limit: 5, sortBy: 'userName', order: 'ASC' });
  const other = items.find((user) => user.id !== buyer.id)!;
  const chat = await callApi<{ id: string }>(buyerToken, '/chat', { method: 'POST', body: { otherUserId: other.id } });
  const message = `Is the ${Date.now()} still available?`;
  await callApi(buyerToken, '/message', { method: 'POST', body: { chatId: chat.id, message } });

  await expect(table.row(message)).toBeVisible();
  expect(await table.cellOf(message, 'User')).toContain('demo_buyer');
  expect(await table.cellOf(message, 'Other User')).toContain(other.userName!);
  expect(await table.cellOf(message, 'Seen')).toBe('Not seen');
});
