// Type-ahead against the real stack: a moderator types a name into the Users search one key at a
// time, slower than the search's debounce, so every prefix is asked for. Each call from the page
// to the desktop host is held back on the way (as a slow API would answer) until the next prefix's
// call is sent, so a newer prefix is always typed while the one before is still out: the list store aborts it, the host aborts its HTTP
// request (the API cancels its statement), and the call answers `aborted`. The table ends up
// showing only the last term's rows, with at most one list call still running.
import type { Request } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { AdminUser } from '../../../shared/contract/entities.js';
import { SEARCH_DEBOUNCE_MS } from '../../../renderer/components/search-debounce.js';
import { adminTable } from '../support/table.js';
import { DEMO_ACCOUNTS, adminList, ensureSignedIn, openScreen, searchBox } from './real-stack.js';

const USERS_LIST_CALL = '/call/admin.users.list';
const ABORT_CALL = '/call/calls.abort';

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page);
});

test('typing a name key by key aborts the searches nobody reads and shows only the last term', async ({ page }) => {
  const demoEmails: string[] = Object.values(DEMO_ACCOUNTS).map((account) => account.email);
  const { items } = await adminList<AdminUser>('/admin/users', { page: 1, limit: 100 });
  const someone = items.find((user) => user.userName && !demoEmails.includes(user.email));
  expect(someone, 'a seeded user with a name').toBeDefined();
  const name = someone!.userName!;
  const term = name.slice(0, Math.min(name.length, 7));

  await openScreen(page, 'users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();

  // The list calls out and back, and what each answered.
  const running = new Set<Request>();
  const answers: { term: string; ok: boolean; code: string | null }[] = [];
  // Held by what happens, not by a clock: a prefix's call goes on to the host only once the host
  // has taken the page's abort of it (its `calls.abort` answered), so it arrives aborted; the whole
  // term's call, the last, goes on at once.
  const callOf = (request: Request) =>
    JSON.parse(request.postData() ?? '[]') as [{ query?: { search?: string } }?, { callId?: string }?];
  const searchOf = (request: Request) => callOf(request)[0]?.query?.search ?? '';
  const held = new Map<string, () => void>();
  const abortedCalls = new Set<string>();
  page.on('requestfinished', (request) => {
    if (!request.url().endsWith(ABORT_CALL)) return;
    const [callId] = JSON.parse(request.postData() ?? '[]') as [string?];
    if (!callId) return;
    abortedCalls.add(callId);
    held.get(callId)?.();
  });
  await page.route(`**${USERS_LIST_CALL}`, async (route) => {
    const callId = callOf(route.request())[1]?.callId;
    if (searchOf(route.request()) !== term && callId && !abortedCalls.has(callId))
      await new Promise<void>((resolve) => held.set(callId, resolve));
    await route.continue();
  });
  page.on('request', (request) => {
    if (request.url().endsWith(USERS_LIST_CALL)) running.add(request);
  });
  page.on('requestfailed', (request) => running.delete(request));
  page.on('requestfinished', (request) => {
    if (!running.delete(request)) return;
    void request.response().then(async (response) => {
      const body = (await response?.json()) as { value?: { ok: boolean; error?: { code: string } } };
      answers.push({
        term: searchOf(request),
        ok: body.value?.ok === true,
        code: body.value?.error?.code ?? null,
      });
    });
  });

  const box = searchBox(page, 'Search users');
  await box.click();
  // Slower than the debounce: every prefix is sent, each while the one before is still held.
  await box.pressSequentially(term, { delay: SEARCH_DEBOUNCE_MS + 150 });

  // Only the last term's rows: each names it, and the one we took the term from is among them.
  await expect(table.row(someone!.email)).toBeVisible();
  const names = async () => {
    const [userNames, emails] = [await table.columnTexts('Username'), await table.columnTexts('Email Address')];
    return userNames.map((userName, i) => `${userName} ${emails[i] ?? ''}`.toLowerCase());
  };
  await expect
    .poll(async () => {
      const rows = await names();
      return rows.length > 0 && rows.every((row) => row.includes(term.toLowerCase()));
    })
    .toBe(true);
  expect(running.size).toBeLessThanOrEqual(1);

  // Every earlier prefix that was sent was aborted; the last term answered.
  await expect.poll(() => answers.some((answer) => answer.term === term && answer.ok)).toBe(true);
  const earlier = answers.filter((answer) => answer.term !== term);
  expect(earlier.length).toBeGreaterThan(0);
  expect(earlier.filter((answer) => answer.ok)).toEqual([]);
  expect(new Set(earlier.map((answer) => answer.code))).toEqual(new Set(['aborted']));
  expect(running.size).toBe(0);
});
