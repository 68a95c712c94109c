// The review queue at team scale on the real stack, at 1280x720: the queue sorted by due date with
// time left; a case assigned to the moderator; a case resolved with a macro from the keyboard
// (Ctrl+K); an appeal filed through the API and granted; a shared view saved by the admin and
// opened by the moderator. Screenshots of the queue with due dates and of its Metrics tab in both
// colour modes go to docs/screenshots/.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { AdminUser, ChatMessage } from '../../../shared/contract/entities.js';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import { signIn } from '../../support/auth-emulator.js';
import { adminTable } from '../support/table.js';
import {
  adminList,
  callApi,
  DEMO_ACCOUNTS,
  ensureSignedIn,
  idTokenOf,
  openLoginSignedOut,
  searchBox,
  setTheme,
  settle,
  toast,
} from './real-stack.js';

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const MACRO = 'Warn: keep deals on the marketplace';

/** A chat message with a phone number from the buyer: an off-platform-contact case about the buyer. */
async function flaggedMessage(text: string): Promise<ChatMessage> {
  const buyerToken = await idTokenOf('buyer');
  const buyer = await callApi<{ id: string }>(buyerToken, '/user/my-details');
  const { items } = await adminList<AdminUser>('/admin/users', { page: 1, limit: 5, sortBy: 'userName', order: 'ASC' });
  const other = items.find((user) => user.id !== buyer.id)!;
  const chat = await callApi<{ id: string }>(buyerToken, '/chat', { method: 'POST', body: { otherUserId: other.id } });
  return callApi<ChatMessage>(buyerToken, '/message', { method: 'POST', body: { chatId: chat.id, message: text } });
}

/** Back on the queue without the case (its search and filters stay, as the queue's store keeps them). */
async function closeDrawer(page: Page) {
  await page.goto('/#/dashboard/review');
  await expect(page.locator('.side-drawer')).toHaveCount(0);
}

async function signInAs(page: Page, account: 'admin' | 'moderator') {
  await openLoginSignedOut(page);
  await page.getByLabel('Email address').fill(DEMO_ACCOUNTS[account].email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS[account].password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/home$/);
}

test.use({ viewport: { width: 1280, height: 720 } });

test('the team queue: due dates, assign, a macro from the keyboard, an appeal granted, a shared view', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await ensureSignedIn(page);
  const adminToken = await idTokenOf('admin');
  const macros = await callApi<{ items: { id: string; title: string }[] }>(adminToken, '/admin/macros');
  if (!macros.items.some((macro) => macro.title === MACRO)) {
    await callApi(adminToken, '/admin/macros', {
      method: 'POST',
      body: {
        title: MACRO,
        outcome: 'userWarned',
        note: 'Off-platform contact',
        userMessage: 'Please keep your deals on the marketplace.',
      },
    });
  }
  const stamp = Date.now().toString(36);
  const toAssign = `assign ${stamp}: text me 555 two one two 4567`;
  const toResolve = `macro ${stamp}: call me 555 867 5309`;
  await flaggedMessage(toAssign);
  await flaggedMessage(toResolve);

  // Sorted by due date: the soonest due first, with the time left shown.
  await page.goto('/#/dashboard/review');
  const table = adminTable(page, 'Review queue');
  await table.waitForRows();
  expect(await table.sortState('Due')).toBe('ascending');
  const due = await callApi<{ items: ReviewCase[] }>(
    adminToken,
    '/admin/review-cases?sortBy=dueAt&order=ASC&status=open,claimed&source=listingReport,offPlatformContact,paymentHandle,auctionIntegrity,appeal&limit=10',
  );
  await expect(table.cellsAt(0).nth(4)).toHaveText(due.items[0]!.reason);
  await expect(table.cellsAt(0).nth(1)).toHaveText(/overdue|\d+m/);

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}team-queue-due-${theme}-1280x720.png` });
  }
  await setTheme(page, 'light');
  // This run's cases are due in a day: found by the stamp.
  await searchBox(page, 'Search cases').fill(stamp);
  await expect(table.cellsOf(toAssign).first()).toBeVisible();
  await expect(await table.cell(toAssign, 'Due')).toHaveText(/^\d+h \d+m$/);

  // Assign to the moderator.
  const moderator = await signIn(DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
  await table.clickRow(toAssign);
  let drawer = page.getByRole('dialog', { name: /Off-platform contact/ });
  await drawer.getByLabel('Assign to (admin uid)').fill(moderator.localId);
  await drawer.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(toast(page, 'Case assigned')).toBeVisible();
  await expect(drawer.getByText(DEMO_ACCOUNTS.moderator.email).first()).toBeVisible();
  await expect(await table.cell(toAssign, 'Assignee')).toHaveText(DEMO_ACCOUNTS.moderator.email);
  await closeDrawer(page);

  // Resolve with a macro from the keyboard: the palette offers the open case's macros.
  await table.clickRow(toResolve);
  drawer = page.getByRole('dialog', { name: /Off-platform contact/ });
  await expect(drawer.getByLabel('Macro')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type(`macro: ${MACRO}`);
  await expect(page.getByRole('option', { name: new RegExp(`Resolve with macro: ${MACRO}`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Case resolved')).toBeVisible();
  const resolved = await callApi<{ items: ReviewCase[] }>(
    adminToken,
    `/admin/review-cases?status=resolved&search=${encodeURIComponent(`macro ${stamp}`)}`,
  );
  expect(resolved.items[0]).toMatchObject({ outcome: 'userWarned', note: 'Off-platform contact' });
  const buyerToken = await idTokenOf('buyer');
  const notices = await callApi<{ items: { type: string; body: string | null; data: unknown }[] }>(
    buyerToken,
    '/notifications?page=1&limit=50',
  );
  expect(notices.items.find((n) => n.type === 'moderationMessage')?.body).toBe(
    'Please keep your deals on the marketplace.',
  );
  await closeDrawer(page);

  // An appeal filed through the API, granted in the queue.
  const buyer = await callApi<{ id: string }>(buyerToken, '/user/my-details');
  await callApi(adminToken, `/admin/users/${buyer.id}/enforcement`, {
    method: 'POST',
    body: { action: 'suspendSelling', reason: `Selling paused ${stamp}` },
  });
  const latest = await callApi<{ items: { type: string; data: { enforcementId?: string } | null }[] }>(
    buyerToken,
    '/notifications?page=1&limit=50',
  );
  const enforcementId = latest.items.find((n) => n.type === 'accountAction')!.data!.enforcementId!;
  const filed = await callApi<{ id: string; status: string }>(buyerToken, '/appeal', {
    method: 'POST',
    body: { enforcementId, text: `Please reconsider ${stamp}` },
  });
  expect(filed.status).toBe('open');
  await searchBox(page, 'Search cases').fill('');
  await page.getByLabel('Source').selectOption('appeal');
  await table.clickRow(`Please reconsider ${stamp}`);
  drawer = page.getByRole('dialog', { name: /Appeal/ });
  await expect(drawer.getByLabel('Appeal')).toContainText(`Selling paused ${stamp}`);
  await expect(drawer.getByRole('table', { name: 'Audit trail' })).toBeVisible();
  await drawer.getByLabel('Outcome').selectOption('appealGranted');
  await drawer.getByRole('button', { name: 'Resolve' }).click();
  await expect(toast(page, 'Case resolved')).toBeVisible();
  const appeals = await callApi<{ items: { id: string; status: string }[] }>(buyerToken, '/appeal');
  expect(appeals.items.find((appeal) => appeal.id === filed.id)?.status).toBe('granted');
  expect(
    (await callApi<AdminUser & { enforcement: unknown }>(adminToken, `/admin/users/${buyer.id}`)).enforcement,
  ).toBeNull();
  await closeDrawer(page);

  // A shared view: high priority, saved by the admin.
  const viewName = `High first ${stamp}`;
  await page.getByLabel('Source').selectOption('all');
  await page.getByLabel('Priority').selectOption('high');
  await page.getByRole('button', { name: 'Save view' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save view' });
  await saveDialog.getByLabel('Name').fill(viewName);
  await saveDialog.getByText('Share with the team').click();
  await saveDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'View saved')).toBeVisible();

  // The Metrics tab, in both colour modes.
  await page.goto('/#/dashboard/review?tab=metrics');
  await expect(page.getByRole('region', { name: 'Review metrics' }).getByText('Cases per source')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}team-queue-metrics-${theme}-1280x720.png` });
  }
  await setTheme(page, 'light');

  // The moderator opens the shared view from the sidebar.
  await signInAs(page, 'moderator');
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: viewName });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/view=/);
  await expect(page.getByLabel('Priority')).toHaveValue('high');
  // And from the palette.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(`view ${viewName}`);
  await expect(page.getByRole('option', { name: new RegExp(`Open view: ${viewName}`) })).toBeVisible();
  await page.keyboard.press('Escape');

  await signInAs(page, 'admin');
});
