// The audit log screen, notes in a drawer's timeline and the enforcement dialog against the
// in-page double: live entries respect the filters, only changed fields show, an entry by a rule
// links the rule, notes reach the timeline, and the impact is loaded before an enforcement can be
// applied.
import type { AuditEntry } from '../../shared/contract/accountability.js';
import { adminTable } from './support/table.js';
import { callsOf, emitEvent, expect, test, toast } from './support/fixtures.js';

const entry = (id: string, action: string, before: unknown, after: unknown): AuditEntry => ({
  id,
  admin: { uid: 'uid-2', email: 'finance@example.com' },
  action,
  recordType: 'user',
  recordId: 'u1',
  before,
  after,
  createdAt: new Date().toISOString(),
});

test('the audit log shows live entries with only their changed fields, and filters them', async ({
  signedInPage: page,
}) => {
  await page.goto('/#/dashboard/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const table = adminTable(page, 'Audit log');

  await emitEvent(
    page,
    'auditEntryAdded',
    entry('a1', 'setSellerFee', { sellerFee: 7, email: 'x@y.z' }, { sellerFee: 12, email: 'x@y.z' }),
  );
  await expect(table.rows).toHaveCount(1);
  await expect(await table.cell('setSellerFee', 'Changes')).toHaveText('sellerFee 7 → 12');

  // A filtered view takes only what matches.
  await page.getByLabel('Action', { exact: true }).fill('deleteUser');
  await expect
    .poll(async () => (await callsOf(page, 'auditLog.list')).at(-1))
    .toMatchObject({
      query: { action: 'deleteUser' },
    });
  await emitEvent(page, 'auditEntryAdded', entry('a2', 'setFeatured', { featured: false }, { featured: true }));
  await emitEvent(page, 'auditEntryAdded', entry('a3', 'deleteUser', { id: 'u1' }, null));
  await expect(table.rows).toHaveCount(1);
  await expect(table.row('deleteUser')).toBeVisible();
});

test('an entry a rule made names the rule, and its name opens the rule', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/audit');
  const table = adminTable(page, 'Audit log');
  await emitEvent(page, 'auditEntryAdded', {
    ...entry('a9', 'ruleOpenCase', null, { ruleId: 'rule-1', version: 2 }),
    admin: { uid: 'rule:rule-1', email: null },
    byRule: { id: 'rule-1', name: 'Young account bids on its ring' },
    recordType: 'review_case',
    recordId: 'case-9',
  });
  const link = (await table.cell('ruleOpenCase', 'Admin')).getByRole('link', {
    name: 'Rule “Young account bids on its ring”',
  });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/#\/dashboard\/rules\/rule-1$/);
  const editor = page.getByRole('dialog', { name: 'Young account bids on its ring' });
  await expect(editor.getByRole('textbox', { name: 'Expression' })).toHaveValue(
    'actor.ageDays < 3 && bid.sharesRingWithSeller',
  );
  await editor.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/#\/dashboard\/rules$/);

  // A rule that cannot be read is said so, and the screen stays.
  await page.goto('/#/dashboard/rules/rule-gone');
  await expect(toast(page, 'Could not open the rule: Not found')).toBeVisible();
  await expect(page).toHaveURL(/#\/dashboard\/rules$/);
});

test('a note added in the user drawer shows in its timeline', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await table.clickFirstRow();
  const drawer = page.getByRole('dialog', { name: 'Details', exact: true });
  await drawer.getByLabel('Note').fill('Prefers email');
  await drawer.getByRole('button', { name: 'Add note' }).click();
  await expect(toast(page, 'Note added')).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Timeline' })).toContainText('Prefers email');
  expect(await callsOf(page, 'notes.create')).toEqual([
    { body: { recordType: 'user', recordId: expect.any(String), text: 'Prefers email' } },
  ]);
});

test('a user who matches a block in force carries the badge, its reason read out', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await table.clickRow('user5@example.com');
  const drawer = page.getByRole('dialog', { name: 'Details', exact: true });
  await expect(drawer.getByLabel('Blocked (Trade): Same card as a banned ring')).toHaveText('Blocked: Trade');
  await drawer.getByRole('button', { name: 'Close' }).first().click();
  await table.clickRow('user4@example.com');
  await expect(drawer.getByText('Blocked:')).toHaveCount(0);
});

test('the enforcement dialog loads the impact, then refuses a suspension without an end date', async ({
  signedInPage: page,
}) => {
  await page.goto('/#/dashboard/users');
  const table = adminTable(page, 'Users');
  await table.waitForRows();
  await table.clickFirstRow();
  await page.getByRole('button', { name: 'Enforcement', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Enforcement:/ });
  await expect(dialog.getByRole('table', { name: 'Impact' })).toContainText('Pending payout');
  await dialog
    .locator('label')
    .filter({ hasText: /^Suspend$/ })
    .click();
  await dialog.getByLabel('Reason').selectOption('Unpaid wins');
  await dialog.getByRole('button', { name: 'Apply suspend' }).click();
  await expect(dialog.getByText('A suspension needs an end date')).toBeVisible();
  expect(await callsOf(page, 'users.enforce')).toEqual([]);
  await dialog
    .locator('label')
    .filter({ hasText: /^Warn$/ })
    .click();
  await dialog.getByRole('button', { name: 'Apply warn' }).click();
  await expect(toast(page, 'Warn: applied')).toBeVisible();
  expect(await callsOf(page, 'users.enforce')).toMatchObject([{ body: { action: 'warn', reason: 'Unpaid wins' } }]);
});
