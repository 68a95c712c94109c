// CONTRACT TESTS: the Rules screen against the in-page double of window.market (the policy part
// is tests/e2e/support/fake-policy.ts) — the rules with their stats; writing a rule with the live
// check of its expression (the CEL error and its position under the field, then fixed); a 409
// backtestRequired on screen; a 30-day backtest with the outcome split; shadow, then on; the Lists
// tab; every refusal in a toast; support reads without a way to write, finance sees no Rules.
// Axe finds no serious or critical violation in either theme.
import type { Locator, Page } from '@playwright/test';
import { callsOf, expect, failNext, openWithFakeMarket, test, toast } from './support/fixtures.js';
import { seriousViolations, settled } from './support/axe.js';
import { expectFocusWithin } from './support/keyboard.js';
import { adminTable } from './support/table.js';

async function openRules(page: Page, theme: 'dark' | 'light' = 'light') {
  await page.addInitScript((mode) => localStorage.setItem('colorMode', mode), theme);
  await openWithFakeMarket(page, { signedIn: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/dashboard/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules' }).click();
  await expect(page.getByRole('heading', { name: 'Rules', exact: true })).toBeVisible();
  await adminTable(page, 'Rules').waitForRows();
}

/** The value of one fact of a definition list ('Matches'). */
function fact(scope: Locator, label: string) {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');
}

/** Picks a mode by its label, as a person clicks it (Blueprint draws the radio over its hidden input). */
async function pickMode(editor: Locator, mode: 'Off' | 'Shadow' | 'On') {
  await editor.getByRole('radiogroup', { name: 'Mode' }).getByText(mode, { exact: true }).click();
}

/** Opens "New rule" and writes a rule over chat messages, first with a misspelt field, then fixed. */
async function writeRule(page: Page) {
  await page.getByRole('button', { name: 'New rule' }).click();
  const drawer = page.getByRole('dialog', { name: 'New rule' });
  await expectFocusWithin(drawer);
  await drawer.getByRole('textbox', { name: 'Name' }).fill('Pay words from new buyers');
  await drawer.getByRole('combobox', { name: 'Event' }).selectOption('message');
  await expect(drawer.getByRole('complementary', { name: 'Context fields' })).toContainText('message.text');
  const expression = drawer.getByRole('textbox', { name: 'Expression' });
  await expression.fill('actor.ordersAsBuyer == 0 && lists.payWords.exists(w, message.txt.contains(w))');
  await expect(drawer.getByText('expression: No such key: txt (line 1, column 62)')).toBeVisible();
  await expect(expression).toHaveAttribute('aria-invalid', 'true');
  await expression.fill('actor.ordersAsBuyer == 0 && lists.payWords.exists(w, message.text.contains(w))');
  await expect(drawer.getByText('The expression is valid.')).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Priority' }).selectOption('high');
  return drawer;
}

test('the Rules screen lists the rules with their mode, version, matches and precision', async ({ page }) => {
  await openRules(page);
  const table = adminTable(page, 'Rules');
  expect(await table.columnLabels()).toEqual(['Name', 'Event', 'Action', 'Mode', 'Version', 'Matches 7d', 'Precision']);
  expect(await table.firstRowCells()).toEqual([
    'Young account bids on its ring',
    'Bid',
    'Open a case',
    'Shadow',
    '2',
    '4',
    '75%',
  ]);
  await table.clickRow(/Young account/);
  const drawer = page.getByRole('dialog', { name: 'Young account bids on its ring' });
  await expect(drawer.getByRole('table', { name: 'Rule matches' })).toContainText('bid-481');
});

test('write a rule, fix its expression, backtest 30 days, then switch it to shadow and on', async ({ page }) => {
  await openRules(page);
  const drawer = await writeRule(page);
  await drawer.getByRole('button', { name: 'Create rule' }).click();
  await expect(toast(page, 'Rule Pay words from new buyers created')).toBeVisible();
  const editor = page.getByRole('dialog', { name: 'Pay words from new buyers' });
  await expect(editor.getByRole('radio', { name: 'Off' })).toBeChecked();
  expect(await callsOf(page, 'rules.create')).toEqual([
    {
      body: {
        name: 'Pay words from new buyers',
        event: 'message',
        expression: 'actor.ordersAsBuyer == 0 && lists.payWords.exists(w, message.text.contains(w))',
        action: 'openCase',
        priority: 'high',
      },
    },
  ]);
  await expect(adminTable(page, 'Rules').row(/Pay words from new buyers/)).toHaveCount(1);

  // On before any backtest: the server's 409 stays in the drawer and in a toast (the radio stays off).
  await pickMode(editor, 'On');
  await expect(editor.getByRole('alert').filter({ hasText: 'Backtest the current version' })).toBeVisible();
  await expect(toast(page, 'Failed to switch the rule on')).toBeVisible();
  await expect(editor.getByRole('radio', { name: 'Off' })).toBeChecked();

  await editor.getByRole('button', { name: 'Backtest 30 days' }).click();
  const result = editor.getByRole('region', { name: 'Backtest result' });
  await expect(fact(result, 'Matches')).toHaveText('18');
  await expect(fact(result, 'Events evaluated')).toHaveText('36,000');
  await expect(fact(result, 'Bid voided')).toHaveText('6');
  await expect(fact(result, 'Nothing happened')).toHaveText('5');
  await expect(result.getByRole('img', { name: /Matches by outcome: Bid voided 6/ })).toBeVisible();
  await expect(result.getByRole('img', { name: 'Matches per day over 30 days: 18 in all' })).toBeVisible();
  // A sample opens its record's drawer over the editor, named as a moderator knows it: the bid's
  // auction by its title (with its bidder beside it), the message's sender by name.
  const samples = result.getByRole('list', { name: 'Sample matches' });
  await expect(samples.getByRole('listitem').first().getByText('by user3', { exact: true })).toBeVisible();
  await expect(samples.getByRole('listitem').nth(1).getByText(/^by /)).toHaveCount(0);
  await result.getByRole('button', { name: 'Open listing “Listing 0”' }).click();
  const opened = page.getByRole('dialog', { name: 'Listing', exact: true });
  await expect(opened.getByRole('heading', { name: 'Listing 0' })).toBeVisible();
  await opened.getByRole('button', { name: 'Close' }).first().click();
  await expect(opened).toBeHidden();
  await result.getByRole('button', { name: 'Open user3', exact: true }).click();
  const user = page.getByRole('dialog', { name: 'Details', exact: true });
  await expect(user.getByText('user3@example.com').first()).toBeVisible();
  await user.getByRole('button', { name: 'Close' }).first().click();
  await expect(user).toBeHidden();
  expect(await callsOf(page, 'rules.backtest')).toEqual([
    { params: { id: expect.stringMatching(/^rule-/) as unknown as string }, body: { days: 30 } },
  ]);

  await pickMode(editor, 'Shadow');
  await expect(toast(page, 'Pay words from new buyers is now shadow')).toBeVisible();
  await pickMode(editor, 'On');
  await expect(toast(page, 'Pay words from new buyers is now on')).toBeVisible();
  await expect(editor.getByRole('radio', { name: 'On' })).toBeChecked();
  // Each save is a version: created off, then shadow, then on, newest first.
  const versions = editor.getByRole('table', { name: 'Rule versions' });
  await expect(editor.getByRole('heading', { name: 'Version history (3)' })).toBeVisible();
  await expect(versions.getByRole('row').nth(1)).toContainText('On');
  await expect(versions.getByRole('row').nth(3)).toContainText('Off');
  const updates = (await callsOf(page, 'rules.update')) as { body: unknown }[];
  expect(updates.map((call) => call.body)).toEqual([{ mode: 'on' }, { mode: 'shadow' }, { mode: 'on' }]);
  await expect(
    adminTable(page, 'Rules')
      .cellsOf(/Pay words from new buyers/)
      .nth(3),
  ).toHaveText('On');
});

test('a failed backtest, save or delete shows the server’s message in a toast', async ({ page }) => {
  await openRules(page);
  await adminTable(page, 'Rules').clickRow(/Young account/);
  const editor = page.getByRole('dialog', { name: 'Young account bids on its ring' });
  await expectFocusWithin(editor);
  await failNext(page, 'rules.backtest', 'The backtest took too long');
  await editor.getByRole('button', { name: 'Backtest 7 days' }).click();
  await expect(toast(page, 'Failed to backtest the rule')).toContainText('The backtest took too long');

  await editor.getByRole('textbox', { name: 'Expression' }).fill('actor.ageDays < 3 &&');
  await expect(editor.getByText(/Unexpected token: EOF/)).toBeVisible();
  await editor.getByRole('button', { name: 'Save new version' }).click();
  await expect(toast(page, 'Failed to save the rule')).toContainText('Unexpected token: EOF');
  await expect(editor.getByRole('alert')).toContainText('Unexpected token: EOF');

  await failNext(page, 'rules.delete', 'The rule is being changed by another admin');
  await editor.getByRole('button', { name: 'Delete rule' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this rule?' });
  await expectFocusWithin(confirm);
  await confirm.getByRole('button', { name: 'Delete rule' }).click();
  await expect(toast(page, 'Failed to delete the rule')).toContainText('another admin');
});

test('a rule’s matches and versions that fail to load say so in a toast and in place; Refresh reads them again', async ({
  page,
}) => {
  await openRules(page);
  await failNext(page, 'rules.matches', 'The database is busy');
  await failNext(page, 'rules.versions', 'The database is restarting');
  await adminTable(page, 'Rules').clickRow(/Young account/);
  const editor = page.getByRole('dialog', { name: 'Young account bids on its ring' });
  await expect(toast(page, 'Failed to load the rule’s matches')).toContainText('The database is busy');
  await expect(toast(page, 'Failed to load the rule’s versions')).toContainText('The database is restarting');
  for (const [section, table, message] of [
    [/^Matches/, 'Rule matches', 'The database is busy'],
    [/^Version history/, 'Rule versions', 'The database is restarting'],
  ] as const) {
    const region = editor.getByRole('region', { name: section });
    await expect(region.getByText(`Not loaded: ${message}`)).toBeVisible();
    await expect(region.getByRole('table')).toHaveCount(0);
    await region.getByRole('button', { name: 'Refresh' }).click();
    await expect(region.getByRole('table', { name: table })).toBeVisible();
    await expect(region.getByText(/^Not loaded/)).toHaveCount(0);
  }
});

test('the Lists tab creates a list, edits its items and deletes it; a refusal is a toast', async ({ page }) => {
  await openRules(page);
  await page.getByRole('tab', { name: 'Lists' }).click();
  const lists = page.getByRole('table', { name: 'Lists' });
  await expect(lists).toContainText('payWords');

  await page.getByRole('button', { name: 'New list' }).click();
  const dialog = page.getByRole('dialog', { name: 'New list' });
  await expectFocusWithin(dialog);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('bad domains');
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('domains');
  await dialog.getByRole('textbox', { name: 'Items (one a line)' }).fill('spam.test\n mailinator.com \n\nspam.test');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('letters and digits');
  await expect(toast(page, 'Failed to create the list')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('badDomains');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'List badDomains created')).toBeVisible();
  expect((await callsOf(page, 'policyLists.create')).at(-1)).toEqual({
    body: { name: 'badDomains', kind: 'domains', items: ['spam.test', 'mailinator.com'] },
  });

  await page.getByRole('button', { name: 'Edit payWords' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit list payWords' });
  await expectFocusWithin(edit);
  await edit.getByRole('textbox', { name: 'Items (one a line)' }).fill('paypal\nwire transfer\nzelle');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'List payWords saved')).toBeVisible();
  await expect(lists).toContainText('paypal, wire transfer, zelle');

  await failNext(page, 'policyLists.delete', 'A rule reads this list');
  await page.getByRole('button', { name: 'Delete badDomains' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this list?' })
    .getByRole('button', { name: 'Delete list' })
    .click();
  await expect(toast(page, 'Failed to delete the list')).toContainText('A rule reads this list');
  await page.getByRole('button', { name: 'Delete badDomains' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this list?' })
    .getByRole('button', { name: 'Delete list' })
    .click();
  await expect(toast(page, 'List badDomains deleted')).toBeVisible();
  await expect(lists).not.toContainText('badDomains');
});

test('support reads the rules and lists without a way to change them', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('fake-market-user', 'support@example.com'));
  await openWithFakeMarket(page, { signedIn: false });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/dashboard/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules' }).click();
  await adminTable(page, 'Rules').waitForRows();
  await expect(page.getByRole('button', { name: 'New rule' })).toHaveCount(0);
  await adminTable(page, 'Rules').clickRow(/Young account/);
  const editor = page.getByRole('dialog', { name: 'Young account bids on its ring' });
  await expect(editor.getByRole('textbox', { name: 'Expression' })).toBeDisabled();
  await expect(editor.getByRole('button', { name: /Backtest|Save|Delete/ })).toHaveCount(0);
  await expect(editor.getByRole('radio')).toHaveCount(0);
  await expect(editor.getByRole('table', { name: 'Rule matches' })).toContainText('bid-481');
  // Support sees the precision warning but not the owner's target field.
  await expect(editor.getByText(/Precision 75% is below the target of 80%/)).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'Precision target (%)' })).toHaveCount(0);
  expect(await callsOf(page, 'rules.validate')).toEqual([]);
  await editor.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Lists' }).click();
  await expect(page.getByRole('table', { name: 'Lists' })).toContainText('payWords');
  await expect(page.getByRole('button', { name: /New list|Edit|Delete/ })).toHaveCount(0);
});

test('the owner sees a rule’s precision below its target and moves the target; a bad one is refused on screen', async ({
  page,
}) => {
  await openRules(page);
  await adminTable(page, 'Rules').clickRow(/Young account/);
  const editor = page.getByRole('dialog', { name: 'Young account bids on its ring' });
  const precision = editor.getByRole('region', { name: 'Precision' });
  await expect(fact(precision, 'Precision')).toHaveText('75%');
  await expect(fact(precision, 'Target')).toHaveText('80%');
  await expect(editor.getByText(/Precision 75% is below the target of 80%/)).toBeVisible();
  const target = editor.getByRole('textbox', { name: 'Precision target (%)' });
  await target.fill('150');
  await editor.getByRole('button', { name: 'Save target' }).click();
  await expect(editor.getByText('The target is a percentage from 0 to 100')).toBeVisible();
  await target.fill('70');
  await editor.getByRole('button', { name: 'Save target' }).click();
  await expect(toast(page, 'Precision target saved')).toBeVisible();
  await expect(fact(precision, 'Target')).toHaveText('70%');
  await expect(editor.getByText(/below the target/)).toHaveCount(0);
  const updates = (await callsOf(page, 'rules.update')) as { body: unknown }[];
  expect(updates.map((call) => call.body)).toEqual([{ precisionTarget: 0.7 }]);
});

test('finance has no Rules screen', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('fake-market-user', 'finance@example.com'));
  await openWithFakeMarket(page, { signedIn: false });
  await page.goto('/#/dashboard/home');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Rules' })).toHaveCount(0);
  expect(await callsOf(page, 'rules.list')).toEqual([]);
});

for (const theme of ['dark', 'light'] as const) {
  test(`the screen, the editor and the backtest have no serious axe violation (${theme})`, async ({ page }, info) => {
    await openRules(page, theme);
    expect(await seriousViolations(page)).toEqual([]);
    const drawer = await writeRule(page);
    await settled(page);
    await page.screenshot({ path: info.outputPath(`rule-editor-${theme}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await drawer.getByRole('button', { name: 'Create rule' }).click();
    const editor = page.getByRole('dialog', { name: 'Pay words from new buyers' });
    await editor.getByRole('button', { name: 'Backtest 30 days' }).click();
    const result = editor.getByRole('region', { name: 'Backtest result' });
    await expect(fact(result, 'Matches')).toHaveText('18');
    await result.scrollIntoViewIfNeeded();
    // The pointer still rests on the backtest's button: moved off, no chart tooltip covers the bars.
    await page.mouse.move(1, 1);
    await settled(page);
    await page.screenshot({ path: info.outputPath(`rule-backtest-${theme}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    // The samples at the foot of the result, named: a listing's title with its bidder, a user's name.
    await result.getByRole('list', { name: 'Sample matches' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`rule-samples-${theme}.png`) });
    await editor.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Lists' }).click();
    await expect(page.getByRole('table', { name: 'Lists' })).toBeVisible();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
