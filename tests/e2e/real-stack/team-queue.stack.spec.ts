// The review queue at team scale on the real stack, at 1280x720: the queue sorted by due date with
// time left; a case assigned to the moderator picked from the assignee list (the admin shown
// online); a case resolved with a macro from the keyboard (Ctrl+K); an appeal filed through the
// API and granted; a shared view saved by the admin, opened by the moderator (who may not delete
// it) and deleted by the admin from the sidebar; a macro edited in Settings. Screenshots of the
// queue with due dates, the assignee picker and the Metrics tab in both colour modes go to
// test-results/docs-screenshots/ (npm run screenshots:refresh: docs/screenshots/).
import type { Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { AdminUser, ChatMessage } from '../../../shared/contract/entities.js';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import { adminTable } from '../support/table.js';
import {
  adminList,
  callApi,
  DEMO_ACCOUNTS,
  ensureSignedIn,
  idTokenOf,
  openLoginSignedOut,
  SCREENSHOTS,
  searchBox,
  setTheme,
  settle,
  toast,
} from './real-stack.js';

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
  // The detector opens each case after the message's commit: wait for both, or one arrives live
  // after the queue's first page and is put on top of it (seen once in seven runs).
  await expect
    .poll(async () => {
      const found = await callApi<{ count: number }>(
        adminToken,
        `/admin/review-cases?search=${encodeURIComponent(stamp)}&status=open,claimed&limit=10`,
      );
      return found.count;
    })
    .toBe(2);

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

  // Assign to the moderator, picked from the admins who may work cases with their roles (online
  // first: the admin has this back office open, the moderator has not).
  const picker = page.getByRole('listbox');
  let drawer = page.getByRole('dialog', { name: /Off-platform contact/ });
  // The picker open, in both colour modes (the theme switch is behind the drawer's backdrop).
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await table.clickRow(toAssign);
    await drawer.getByRole('button', { name: 'Assign to' }).click();
    await expect(picker.getByRole('option', { name: `${DEMO_ACCOUNTS.admin.email} owner · online` })).toBeVisible();
    await expect(
      picker.getByRole('option', { name: `${DEMO_ACCOUNTS.moderator.email} moderator · offline` }),
    ).toBeVisible();
    await expect(picker.getByRole('option', { name: /finance@/ })).toHaveCount(0);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}team-queue-assign-${theme}-1280x720.png` });
    if (theme === 'dark') await closeDrawer(page);
  }
  await picker.getByRole('option', { name: new RegExp(DEMO_ACCOUNTS.moderator.email) }).click();
  await expect(drawer.getByRole('button', { name: 'Assign to' })).toHaveText(DEMO_ACCOUNTS.moderator.email);
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
  // Keys typed before the palette's field has the focus would be lost.
  await expect(page.getByPlaceholder('Go to a screen, find a user, listing or order…')).toBeFocused();
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
  // The macro's "Case resolved" may still be showing: wait for it to go, so the toast below is this one's.
  await expect(toast(page, 'Case resolved')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Resolve' }).click();
  await expect(toast(page, 'Case resolved')).toBeVisible();
  const appeals = await callApi<{ items: { id: string; status: string }[] }>(buyerToken, '/appeal');
  expect(appeals.items.find((appeal) => appeal.id === filed.id)?.status).toBe('granted');
  expect(
    (await callApi<AdminUser & { enforcement: unknown }>(adminToken, `/admin/users/${buyer.id}`)).enforcement,
  ).toBeNull();
  await closeDrawer(page);

  // A shared view: high priority, saved by the admin.
  let viewName = `High first ${stamp}`;
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
  // Keys typed before the palette's field has the focus would be lost.
  await expect(page.getByPlaceholder('Go to a screen, find a user, listing or order…')).toBeFocused();
  await page.keyboard.type(`view ${viewName}`);
  await expect(page.getByRole('option', { name: new RegExp(`Open view: ${viewName}`) })).toBeVisible();
  await page.keyboard.press('Escape');
  // The admin's shared view is not the moderator's to delete: no trash button, and its menu says whose it is.
  await expect(page.getByRole('button', { name: `Delete view ${viewName}` })).toHaveCount(0);
  await link.click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: `Shared by ${DEMO_ACCOUNTS.admin.email}` })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Delete view|Rename view/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Rename view ${viewName}` })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The admin renames it (its pencil button), then deletes it from the sidebar (its context menu), after a confirm.
  await signInAs(page, 'admin');
  await page.getByRole('button', { name: `Rename view ${viewName}` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename view' });
  await rename.getByLabel('Name').fill(`${viewName} (renamed)`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(toast(page, 'View renamed')).toBeVisible();
  viewName = `${viewName} (renamed)`;
  const ownLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: viewName });
  await ownLink.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Delete view…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete view?' });
  await confirm.getByRole('button', { name: 'Delete view' }).click();
  await expect(toast(page, 'View deleted')).toBeVisible();
  await expect(ownLink).toHaveCount(0);
  const views = await callApi<{ items: { name: string }[] }>(adminToken, '/admin/views');
  expect(views.items.map((view) => view.name)).not.toContain(viewName);

  // A macro edited in Settings: its title and message change in place.
  const draft = await callApi<{ id: string }>(await idTokenOf('admin'), '/admin/macros', {
    method: 'POST',
    body: { title: `Draft ${stamp}`, outcome: 'dismissed', note: 'Nothing to do', userMessage: 'Old words' },
  });
  await page.goto('/#/dashboard/settings');
  const settings = page.getByLabel('Review queue settings');
  await settings.getByRole('button', { name: `Edit macro Draft ${stamp}` }).click();
  const editing = settings.getByRole('form', { name: `Edit macro Draft ${stamp}` });
  await editing.getByLabel('Title').fill(`Edited ${stamp}`);
  await editing.getByLabel('Message to the user').fill('New words');
  await editing.getByLabel('Enforcement').selectOption('warn');
  await editing.getByRole('button', { name: 'Save macro' }).click();
  await expect(toast(page, 'Macro saved')).toBeVisible();
  await expect(editing).toHaveCount(0);
  const macroRow = settings.getByRole('row').filter({ hasText: `Edited ${stamp}` });
  await expect(macroRow).toContainText('New words');
  await expect(macroRow).toContainText('Warn');
  const edited = (await callApi<{ items: Record<string, unknown>[] }>(await idTokenOf('admin'), '/admin/macros')).items;
  expect(edited.find((macro) => macro.id === draft.id)).toMatchObject({
    title: `Edited ${stamp}`,
    outcome: 'dismissed',
    note: 'Nothing to do',
    userMessage: 'New words',
    enforcement: { action: 'warn' },
  });
  await settings.getByRole('button', { name: `Delete macro Edited ${stamp}` }).click();
  await expect(toast(page, 'Macro deleted')).toBeVisible();
});
