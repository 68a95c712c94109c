// CONTRACT TESTS: the Blocks screen against the in-page double of window.market — the table with
// its filters, the block dialog's preview (with the confirmation when a live auction would
// freeze), the server's refusals shown in the dialog and a toast, a block lifted, and bulk lift. Keyboard
// alone reaches the dialog and saves; axe finds no serious or critical violation in either theme.
import type { Locator, Page } from '@playwright/test';
import { callsOf, expect, failNext, openWithFakeMarket, test, toast } from './support/fixtures.js';
import { seriousViolations, settled } from './support/axe.js';
import { expectFocusWithin } from './support/keyboard.js';
import { adminTable } from './support/table.js';

/** The value of one of the preview's facts ('Accounts matched'). */
function fact(scope: Locator, label: string) {
  return scope
    .locator('.block-preview-fact')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');
}

/** Presses Tab until `target` has focus (at most 20 times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 20; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}

async function openBlocks(page: Page, theme: 'dark' | 'light' = 'light') {
  await page.addInitScript((mode) => localStorage.setItem('colorMode', mode), theme);
  await openWithFakeMarket(page, { signedIn: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/dashboard/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blocks' }).click();
  await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await adminTable(page, 'Blocks').waitForRows();
}

test('the Blocks screen lists the blocks in force with their columns and filters', async ({ page }) => {
  await openBlocks(page);
  const table = adminTable(page, 'Blocks');
  expect(await table.columnLabels()).toEqual([
    'Kind',
    'Value',
    'Severity',
    'Reason',
    'Expires',
    'Created by',
    'Actions',
  ]);
  expect(await table.firstRowCells()).toEqual([
    'Card fingerprint',
    'fp_demo_ring_card',
    'Trade',
    'Card shared by a shill-bidding ring',
    'Never',
    'admin@example.com',
    'Lift',
  ]);
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('phone');
  await expect(page.getByRole('heading', { name: 'No rows' })).toBeVisible();
  const lastList = (await callsOf(page, 'blocks.list')).at(-1) as { query: Record<string, unknown> };
  expect(lastList.query.kind).toBe('phone');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('all');
  await expect(table.rows).toHaveCount(1);
});

test('preview, confirm the frozen auction, save, then lift the block', async ({ page }, info) => {
  await openBlocks(page);
  await page.getByRole('button', { name: 'Block an identifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block an identifier' });
  await dialog.getByRole('textbox', { name: 'Value' }).fill('ring.live.test');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Throwaway domain of a shill ring');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(fact(preview, 'Accounts matched')).toHaveText('2');
  await expect(fact(preview, 'Live auctions led')).toHaveText('1');
  await expect(fact(preview, 'Pending payouts')).toHaveText('$45.50');
  await expect(preview.getByText('ringleader')).toBeVisible();
  expect(await callsOf(page, 'blocks.preview')).toEqual([
    { body: { kind: 'emailDomain', value: 'ring.live.test', severity: 'trade' } },
  ]);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Live auctions would freeze' })).toBeVisible();
  expect(await callsOf(page, 'blocks.create')).toEqual([]);
  await settled(page);
  await page.screenshot({ path: info.outputPath('block-dialog-preview-light.png') });
  await dialog.getByRole('button', { name: 'Block anyway' }).click();
  await expect(toast(page, 'Email domain blocked')).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = adminTable(page, 'Blocks');
  await expect(table.row(/ring\.live\.test/)).toBeVisible();

  await table.buttonInRow(/ring\.live\.test/, 'Lift').click();
  await page.getByRole('button', { name: 'Lift block' }).click();
  await expect(toast(page, 'Block on ring.live.test lifted')).toBeVisible();
  await expect(table.row(/ring\.live\.test/)).toHaveCount(0);
  expect(await callsOf(page, 'blocks.lift')).toHaveLength(1);
});

test('bulk lift: pick blocks, one confirm; a lift the server refuses is reported', async ({ page }) => {
  await openBlocks(page);
  // Two more blocks, made through the double's own route as the dialog would make them.
  await page.evaluate(async () => {
    const admin = (window as unknown as { market: { admin: { blocks: { create(i: unknown): Promise<unknown> } } } })
      .market.admin;
    for (const value of ['spam-a.test', 'spam-b.test'])
      await admin.blocks.create({ body: { kind: 'emailDomain', value, severity: 'signUp', reason: 'Throwaway' } });
  });
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('emailDomain');
  const table = adminTable(page, 'Blocks');
  await expect(table.rows).toHaveCount(2);
  const pick = (name: string) =>
    page.locator('.bp6-table-quadrant-main').getByRole('checkbox', { name, exact: true }).locator('xpath=..');
  await pick('Select row 1').click();
  await pick('Select row 2').click({ modifiers: ['Shift'] });
  await expect(page.getByText('2 selected')).toBeVisible();

  await failNext(page, 'blocks.lift', 'Block not found', 404);
  await page.getByRole('button', { name: 'Lift selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Lift 2 blocks?' });
  await expect(confirm).toContainText('They stop applying on every node within 5 seconds');
  await confirm.getByRole('button', { name: 'Lift', exact: true }).click();
  const report = page.getByRole('alertdialog', { name: 'Some rows were not lifted' });
  await expect(report).toContainText('Lifted 1; 1 could not be lifted');
  await expect(report).toContainText('Block not found');
  await report.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(table.rows).toHaveCount(1);

  await pick('Select row 1').click();
  await page.getByRole('button', { name: 'Lift selected' }).click();
  await page
    .getByRole('alertdialog', { name: 'Lift 1 block?' })
    .getByRole('button', { name: 'Lift', exact: true })
    .click();
  await expect(toast(page, 'Lifted 1 block')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No rows' })).toBeVisible();
  expect(await callsOf(page, 'blocks.lift')).toHaveLength(3);
});

test("the server's refusals stay in the dialog and in a toast", async ({ page }) => {
  await openBlocks(page);
  await page.getByRole('button', { name: 'Block an identifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block an identifier' });
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('ipRange');
  await dialog.getByRole('textbox', { name: 'Value' }).fill('not an address');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Abuse');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('value: not an IP address or CIDR range');
  await expect(toast(page, 'Failed to create the block')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('cardFingerprint');
  await dialog.getByRole('textbox', { name: 'Value' }).fill('fp_demo_ring_card');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This identifier is already blocked');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Reason' }).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason for the block');
});

test('the keyboard alone opens the dialog, fills it and saves a block', async ({ page }) => {
  await openBlocks(page);
  await page.getByRole('button', { name: 'Block an identifier' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Block an identifier' });
  await expect(dialog).toBeVisible();
  // Blueprint moves the focus into the dialog a frame after it shows: focusing Kind before that
  // would have the focus taken from it, and the Tabs below land elsewhere.
  await expectFocusWithin(dialog);
  const kind = dialog.getByRole('combobox', { name: 'Kind' });
  await kind.focus();
  await expect(kind).toBeFocused();
  await page.keyboard.press('Tab'); // Severity
  await page.keyboard.press('Tab'); // Value
  await page.keyboard.type('spam.example');
  await page.keyboard.press('Tab'); // Reason
  await page.keyboard.type('Spam sign-ups');
  // The expiry's date and time parts are tab stops of their own: Tab on until Preview has focus.
  await tabTo(page, dialog.getByRole('button', { name: 'Preview' }));
  await page.keyboard.press('Enter');
  await expect(fact(dialog, 'Accounts matched')).toHaveText('0');
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Email domain blocked')).toBeVisible();
  await expect(adminTable(page, 'Blocks').row(/spam\.example/)).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  test(`the screen and the dialog have no serious axe violation (${theme})`, async ({ page }, info) => {
    await openBlocks(page, theme);
    await page.screenshot({ path: info.outputPath(`blocks-${theme}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Block an identifier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block an identifier' });
    await dialog.getByRole('textbox', { name: 'Value' }).fill('ring.live.test');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Throwaway domain of a shill ring');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Live auctions would freeze')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: info.outputPath(`block-dialog-${theme}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
