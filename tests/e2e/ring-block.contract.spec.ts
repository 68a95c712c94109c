// CONTRACT TESTS: "Block the ring's identifiers" from the ring in the user's drawer, against the
// in-page double of window.market. The dialog says what will be blocked before anything is sent,
// asks once more when the ring's live auctions would freeze, sends severity, reason and expiry,
// and ends with a toast naming how many blocks it made; a refusal stays in the dialog and a toast.
// The keyboard alone reaches and saves it; axe finds no serious or critical violation in either
// theme, and the dialog is photographed at 1280×720 in both (test-results/ring-block-*.png).
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.js';
import { callsOf, expect, failNext, openWithFakeMarket, test, toast } from './support/fixtures.js';
import { expectFocusVisible, expectFocusWithin, tabTo } from './support/keyboard.js';
import { adminTable } from './support/table.js';

async function openUser(page: Page, email: string, theme: 'dark' | 'light') {
  await page.addInitScript((mode) => localStorage.setItem('colorMode', mode), theme);
  await openWithFakeMarket(page, { signedIn: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await page.getByPlaceholder('Search users').fill(email);
  await expect(table.rows).toHaveCount(1);
  await table.clickFirstRow();
  const drawer = page.getByRole('dialog', { name: 'Details' });
  await expect(drawer).toContainText(email);
  return drawer;
}

async function openRingOf(page: Page, email: string, theme: 'dark' | 'light' = 'light') {
  const drawer = await openUser(page, email, theme);
  await drawer.getByRole('button', { name: 'Ring' }).click();
  await expect(drawer.getByRole('table', { name: 'Ring members' })).toBeVisible();
  return drawer;
}

function ringBlockDialog(page: Page) {
  return page.getByRole('dialog', { name: /^Block the ring's identifiers/ });
}

test("the dialog says what will be blocked, confirms the freeze and blocks the ring's identifiers", async ({
  page,
}) => {
  const drawer = await openRingOf(page, 'user2@example.com');
  await drawer.getByRole('button', { name: "Block the ring's identifiers…" }).click();
  const dialog = ringBlockDialog(page);
  await expect(dialog).toHaveAccessibleName("Block the ring's identifiers: 3 accounts");
  const summary = dialog.getByRole('region', { name: 'What will be blocked' });
  await expect(summary).toContainText(
    'Blocks every canonical email, phone, card fingerprint, payout account and device token of these 3 accounts:',
  );
  await expect(summary.getByLabel('Accounts')).toContainText('user2');
  await expect(summary.getByLabel('Accounts')).toContainText('user1');
  await expect(summary.getByLabel('Accounts')).toContainText('user4');
  await expect(summary).toContainText('Linked through: Card fingerprint (2 links), Device token (1 link).');
  await expect(summary).toContainText('Sign-in IPs and email domains are left out');
  await expect(dialog).toContainText('Refuses registration, listing, bidding, offers, giveaway entries and orders.');

  // No reason: said in the dialog, nothing sent.
  const save = dialog.getByRole('button', { name: "Block the ring's identifiers" });
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason for the block');
  expect(await callsOf(page, 'users.ringBlock')).toEqual([]);

  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Shill-bidding ring, cards and devices');
  await dialog.getByRole('textbox', { name: 'Expires (empty: until lifted)' }).fill('2030-01-01T12:00');
  // The ring leads a live auction and a trade block refuses bidding: the first press only warns.
  await save.click();
  await expect(dialog.getByRole('alert')).toContainText('The ring has 1 live auction that this block would freeze');
  expect(await callsOf(page, 'users.ringBlock')).toEqual([]);
  await dialog.getByRole('button', { name: 'Block anyway' }).click();
  await expect(toast(page, 'Blocked 2 identifiers of the ring')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await callsOf(page, 'users.ringBlock')).toEqual([
    {
      params: { id: 'u2' },
      body: {
        severity: 'trade',
        reason: 'Shill-bidding ring, cards and devices',
        expiresAt: new Date('2030-01-01T12:00').toISOString(),
      },
    },
  ]);

  // Again: every identifier is blocked already, and the toast says so. A review block freezes nothing.
  await drawer.getByRole('button', { name: "Block the ring's identifiers…" }).click();
  await dialog.getByLabel('Severity').selectOption('review');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Watch the ring');
  await dialog.getByRole('button', { name: "Block the ring's identifiers" }).click();
  await expect(toast(page, 'No new block: every identifier of the ring was already blocked')).toBeVisible();
  expect((await callsOf(page, 'users.ringBlock')).at(-1)).toEqual({
    params: { id: 'u2' },
    body: { severity: 'review', reason: 'Watch the ring' },
  });
});

test('a refused ring block stays in the dialog and in a toast', async ({ page }) => {
  const drawer = await openRingOf(page, 'user1@example.com');
  await drawer.getByRole('button', { name: "Block the ring's identifiers…" }).click();
  const dialog = ringBlockDialog(page);
  await dialog.getByLabel('Severity').selectOption('signUp');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Ring');
  await failNext(page, 'users.ringBlock', 'User not found', 404);
  await dialog.getByRole('button', { name: "Block the ring's identifiers" }).click();
  await expect(toast(page, "Failed to block the ring's identifiers: User not found")).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('User not found');
  await expect(dialog).toBeVisible();
});

test('a ring of one offers no ring block', async ({ page }) => {
  const details = await openUser(page, 'user3@example.com', 'light');
  await details.getByRole('button', { name: 'Ring' }).click();
  await expect(details.getByText('No linked accounts: a ring of one.')).toBeVisible();
  await expect(details.getByRole('button', { name: "Block the ring's identifiers…" })).toHaveCount(0);
});

test('the keyboard alone opens the dialog, fills it and blocks; the focus goes back', async ({ page }) => {
  const drawer = await openRingOf(page, 'user4@example.com');
  const open = drawer.getByRole('button', { name: "Block the ring's identifiers…" });
  await tabTo(page, open);
  await expectFocusVisible(open);
  await page.keyboard.press('Enter');
  const dialog = ringBlockDialog(page);
  await expectFocusWithin(dialog);
  const severity = dialog.getByLabel('Severity');
  await tabTo(page, severity);
  await expectFocusVisible(severity);
  await severity.press('ArrowDown');
  await expect(severity).toHaveValue('noAccess');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Reason' }));
  await page.keyboard.type('Ring of three');
  const save = dialog.getByRole('button', { name: "Block the ring's identifiers" });
  await tabTo(page, save);
  await expectFocusVisible(save);
  await page.keyboard.press('Enter');
  const anyway = dialog.getByRole('button', { name: 'Block anyway' });
  await expect(anyway).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Blocked 2 identifiers of the ring')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  expect(await callsOf(page, 'users.ringBlock')).toEqual([
    { params: { id: 'u4' }, body: { severity: 'noAccess', reason: 'Ring of three' } },
  ]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the ring block dialog in ${theme} mode: no serious axe violation, a screenshot at 1280×720`, async ({
    page,
  }, testInfo) => {
    const drawer = await openRingOf(page, 'user1@example.com', theme);
    await drawer.getByRole('button', { name: "Block the ring's identifiers…" }).click();
    const dialog = ringBlockDialog(page);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Shill-bidding ring');
    await dialog.getByRole('button', { name: "Block the ring's identifiers" }).click();
    await expect(dialog.getByRole('alert')).toContainText('live auction');
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
      .toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`ring-block-${theme}.png`) });
  });
}
