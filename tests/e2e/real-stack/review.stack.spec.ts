// The review queue on the real stack: a buyer posts "text me 555 two one two 4567" in a chat; the
// case appears live in the open queue with the number highlighted; the moderator resolves it with
// contentRemoved; the message is gone from Chat messages. On the way, screenshots of the queue and
// the case drawer in both themes at 1280x720 and 1920x1080 (test-results/docs-screenshots/; npm run screenshots:refresh updates docs/screenshots/).
import { expect, test } from './quiet-console.js';
import type { AdminUser, ChatMessage } from '../../../shared/contract/entities.js';
import { adminTable } from '../support/table.js';
import {
  adminList,
  callApi,
  dialogNamed,
  ensureSignedIn,
  idTokenOf,
  openScreen,
  SCREENSHOTS,
  searchBox,
  setTheme,
  settle,
  toast,
} from './real-stack.js';

const MESSAGE = 'text me 555 two one two 4567';
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

test('a phone number in a chat opens a case live; contentRemoved takes the message down', async ({ page }) => {
  await ensureSignedIn(page);
  await openScreen(page, 'review');
  await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();
  const table = adminTable(page, 'Review queue');

  const buyerToken = await idTokenOf('buyer');
  const buyer = await callApi<{ id: string }>(buyerToken, '/user/my-details');
  const { items } = await adminList<AdminUser>('/admin/users', { page: 1, limit: 5, sortBy: 'userName', order: 'ASC' });
  const other = items.find((user) => user.id !== buyer.id)!;
  const chat = await callApi<{ id: string }>(buyerToken, '/chat', { method: 'POST', body: { otherUserId: other.id } });
  const message = await callApi<ChatMessage>(buyerToken, '/message', {
    method: 'POST',
    body: { chatId: chat.id, message: MESSAGE },
  });

  // Live: no reload between the post and the row.
  const row = table.cellsOf(MESSAGE);
  await expect(row.first()).toBeVisible();
  await expect(row.locator('mark.review-match-phone')).toHaveText('555 two one two 4567');
  await expect(page.getByRole('link', { name: /Review queue/ }).locator('.sidebar-badge')).toBeVisible();

  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await openScreen(page, 'review');
      await expect(table.cellsOf(MESSAGE).first()).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${SCREENSHOTS}review-queue-${theme}-${size.width}x${size.height}.png` });
      await table.clickRow(MESSAGE);
      const drawer = page.getByRole('dialog', { name: /Off-platform contact/ });
      await expect(drawer.getByRole('region', { name: 'Conversation' })).toContainText(MESSAGE);
      await settle(page);
      await page.screenshot({ path: `${SCREENSHOTS}review-drawer-${theme}-${size.width}x${size.height}.png` });
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(drawer).toBeHidden();
    }
  }
  await setTheme(page, 'dark');

  await table.clickRow(MESSAGE);
  const drawer = page.getByRole('dialog', { name: /Off-platform contact/ });
  await drawer.getByRole('button', { name: 'Claim' }).click();
  await expect(toast(page, 'Case claimed')).toBeVisible();
  await drawer.getByLabel('Outcome').selectOption('contentRemoved');
  await drawer.getByLabel('Note').fill('Phone number in chat');
  await drawer.getByRole('button', { name: 'Resolve' }).click();
  await expect(toast(page, 'Case resolved')).toBeVisible();
  await expect(drawer.getByText('Remove content')).toBeVisible();

  await openScreen(page, 'inbox/messages');
  const messages = adminTable(page, 'Chat messages');
  await searchBox(page, 'Search for messages').fill(MESSAGE);
  await expect(messages.row(MESSAGE)).toHaveCount(0);
  const listed = await adminList<ChatMessage>('/admin/chat/all-messages', { search: MESSAGE, limit: 100 });
  expect(listed.items.map((item) => item.id)).not.toContain(message.id);
  await expect(dialogNamed(page, 'Case')).toHaveCount(0);
});
