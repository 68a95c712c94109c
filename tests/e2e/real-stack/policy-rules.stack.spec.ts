// A policy rule from first keystroke to its first case, on the real stack at 1280×720: a moderator
// writes a rule over chat messages, sees the CEL error of a misspelt field under the expression,
// fixes it, backtests 30 days of the seeded history, switches the rule to shadow, then on; the demo
// buyer then sends a matching chat message through the buyer/seller API and the rule opens a
// review case that names it, and the audit log names the rule with a link that opens it. On the way, screenshots of the editor and of the backtest in both
// colour modes (test-results/docs-screenshots/; npm run screenshots:refresh updates docs/screenshots/).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { AdminUser } from '../../../shared/contract/entities.js';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import { adminTable } from '../support/table.js';
import {
  adminList,
  callApi,
  ensureSignedIn,
  idTokenOf,
  openScreen,
  SCREENSHOTS,
  setTheme,
  settle,
  toast,
} from './real-stack.js';

test.use({ viewport: { width: 1280, height: 720 } });

/** Picks a mode by its label, as a person clicks it (Blueprint draws the radio over its hidden input). */
async function pickMode(editor: Locator, mode: 'Off' | 'Shadow' | 'On') {
  await editor.getByRole('radiogroup', { name: 'Mode' }).getByText(mode, { exact: true }).click();
}

/** The value of one fact of a definition list ('Matches'). */
function fact(scope: Locator, label: string) {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');
}

/**
 * The rule's editor opened from its row in `theme` (the sidebar's switch sits under the drawer's
 * backdrop, so the drawer is closed first), backtested over 30 days, then its top (name and
 * expression) and its backtest as the window shows them.
 */
async function shootEditor(page: Page, name: string, theme: 'dark' | 'light') {
  const editor = page.getByRole('dialog', { name });
  if (await editor.isVisible()) {
    await editor.getByRole('button', { name: 'Close' }).first().click();
    await expect(editor).toBeHidden();
  }
  await setTheme(page, theme);
  await adminTable(page, 'Rules').clickRow(name);
  await editor.getByRole('button', { name: 'Backtest 30 days' }).click();
  await expect(editor.getByRole('region', { name: 'Backtest result' })).toBeVisible();
  await editor.getByRole('textbox', { name: 'Name' }).scrollIntoViewIfNeeded();
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}rule-editor-${theme}-1280x720.png` });
  await editor.getByRole('heading', { name: 'Backtest' }).evaluate((heading) => heading.scrollIntoView());
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}rule-backtest-${theme}-1280x720.png` });
  return editor;
}

/** The open case a rule opened, found by the rule's name in its reason (the live path acts after its answer). */
async function caseOfRule(name: string): Promise<ReviewCase | undefined> {
  const { items } = await adminList<ReviewCase>('/admin/review-cases', { source: 'rule', status: 'open', limit: 50 });
  return items.find((item) => item.reason.includes(`“${name}”`));
}

test('write a rule, fix it, backtest 30 days, shadow then on: a matching chat message opens its case', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `Pay words in chats ${Date.now()}`;
  await ensureSignedIn(page);
  await setTheme(page, 'dark');
  await openScreen(page, 'rules');
  await adminTable(page, 'Rules').waitForRows();

  await page.getByRole('button', { name: 'New rule' }).click();
  const drawer = page.getByRole('dialog', { name: 'New rule' });
  await drawer.getByRole('textbox', { name: 'Name' }).fill(name);
  await drawer.getByRole('combobox', { name: 'Event' }).selectOption('message');
  await expect(drawer.getByRole('complementary', { name: 'Context fields' })).toContainText('message.text');
  const expression = drawer.getByRole('textbox', { name: 'Expression' });
  // A misspelt field is refused with its position, as the server's checker words it.
  await expression.fill('message.kind == "chat" && lists.payWords.exists(w, message.txt.lowerAscii().contains(w))');
  await expect(drawer.getByText(/^expression: .*txt.* \(line 1, column \d+\)$/)).toBeVisible();
  await expect(expression).toHaveAttribute('aria-invalid', 'true');
  await expression.fill('message.kind == "chat" && lists.payWords.exists(w, message.text.lowerAscii().contains(w))');
  await expect(drawer.getByText('The expression is valid.')).toBeVisible();
  await expect(expression).toHaveAttribute('aria-invalid', 'false');
  await drawer.getByRole('combobox', { name: 'Priority' }).selectOption('high');
  await drawer.getByRole('button', { name: 'Create rule' }).click();
  await expect(toast(page, `Rule ${name} created`)).toBeVisible();

  const editor = page.getByRole('dialog', { name });
  await expect(editor.getByRole('radio', { name: 'Off' })).toBeChecked();
  await editor.getByRole('button', { name: 'Backtest 30 days' }).click();
  const result = editor.getByRole('region', { name: 'Backtest result' });
  await expect(fact(result, 'Days')).toHaveText('30');
  await expect(fact(result, 'Of version')).toHaveText('1');
  await expect(result.getByRole('img', { name: /^Matches per day over 30 days: \d+ in all$/ })).toBeVisible();
  await expect(result.getByRole('img', { name: /^Matches by outcome: / })).toBeVisible();
  // A chat message's sample opens its sender, named as the demo data names them, not by id.
  const samples = result.getByRole('list', { name: 'Sample matches' }).getByRole('button');
  await expect(samples.first()).toHaveText(/^Open (?!user )\S/);
  await samples.first().scrollIntoViewIfNeeded();
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}rule-samples-dark-1280x720.png` });

  for (const theme of ['light', 'dark'] as const) await shootEditor(page, name, theme);

  await pickMode(editor, 'Shadow');
  await expect(toast(page, `${name} is now shadow`)).toBeVisible();
  await expect(editor.getByRole('radio', { name: 'Shadow' })).toBeChecked();
  await pickMode(editor, 'On');
  await expect(toast(page, `${name} is now on`)).toBeVisible();
  await expect(editor.getByRole('radio', { name: 'On' })).toBeChecked();
  await expect(editor.getByRole('heading', { name: 'Version history (3)' })).toBeVisible();

  // The demo buyer writes to another user as the buyer app would, with a payment word in it.
  const buyerToken = await idTokenOf('buyer');
  const buyer = await callApi<{ id: string; userName: string }>(buyerToken, '/user/my-details');
  const { items } = await adminList<AdminUser>('/admin/users', { page: 1, limit: 5, sortBy: 'userName', order: 'ASC' });
  const other = items.find((user) => user.id !== buyer.id)!;
  const chat = await callApi<{ id: string }>(buyerToken, '/chat', { method: 'POST', body: { otherUserId: other.id } });
  const text = `Happy to pay by Zelle instead, ref ${Date.now()}`;
  await callApi(buyerToken, '/message', { method: 'POST', body: { chatId: chat.id, message: text } });

  await expect.poll(async () => (await caseOfRule(name)) !== undefined, { timeout: 20_000 }).toBe(true);
  const opened = (await caseOfRule(name))!;
  expect(opened.reason).toBe(`Rule “${name}” (v3)`);
  expect(opened.priority).toBe('high');
  expect(opened.subjectUser?.id).toBe(buyer.id);

  // The case is in the queue and its drawer names the rule.
  await editor.getByRole('button', { name: 'Close' }).first().click();
  await expect(editor).toBeHidden();
  await openScreen(page, `review/${opened.id}`);
  const caseDrawer = page.getByRole('dialog', { name: new RegExp(`Rule “${name}” \\(v3\\)`) });
  await expect(caseDrawer).toBeVisible();
  await expect(caseDrawer.getByText(text).first()).toBeVisible();
  await caseDrawer.getByRole('button', { name: 'Close' }).first().click();
  await expect(caseDrawer).toBeHidden();

  // The audit log names the rule that opened the case, and its name opens the rule.
  await openScreen(page, 'audit');
  const audit = adminTable(page, 'Audit log');
  await page.getByLabel('Action', { exact: true }).fill('ruleOpenCase');
  await page.getByLabel('Record id').fill(opened.id);
  await expect.poll(() => audit.rowCount()).toBe(1);
  const ruleLink = (await audit.cell('ruleOpenCase', 'Admin')).getByRole('link', { name: `Rule “${name}”` });
  await expect(ruleLink).toBeVisible();
  await ruleLink.click();
  await expect(page).toHaveURL(/#\/dashboard\/rules\/[^/]+$/);
  await expect(page.getByRole('dialog', { name }).getByRole('radio', { name: 'On' })).toBeChecked();
});
