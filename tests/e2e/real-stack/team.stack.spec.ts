// The Team screen on the real stack at 1280×720, as the owner: grant a new account admin rights
// as support, change the role to finance, revoke their sessions, remove the rights again.
// The account is this test's own (the Auth emulator is shared by every stack of the run and by
// the integration tests): revoking the demo buyer's sessions would refuse the tokens another
// worker's spec holds for it.
import { expect, test } from './quiet-console.js';
import type { TeamMember } from '../../../shared/contract/admin-team-routes.js';
import { signUp } from '../../support/auth-emulator.js';
import { callApi, DEMO_ACCOUNTS, ensureSignedIn, idTokenOf, openScreen, toast } from './real-stack.js';

test.use({ viewport: { width: 1280, height: 720 } });

const newcomer = `team-e2e-${Date.now()}-${process.pid}@market.test`;

test.beforeAll(async () => {
  await signUp(newcomer, 'team-e2e-pass');
});

/** Takes the account's admin rights away whatever the test got to, so the Team list stays as it was. */
async function removeNewcomerRights(): Promise<void> {
  const token = await idTokenOf('admin');
  const { items } = await callApi<{ items: TeamMember[] }>(token, '/admin/team');
  const member = items.find((m) => m.email === newcomer);
  if (member) await callApi(token, `/admin/team/${member.uid}`, { method: 'DELETE' });
}

test('the owner grants, changes, revokes and removes an admin', async ({ page }) => {
  await ensureSignedIn(page);
  try {
    await openScreen(page, 'team');
    await expect(page.getByText('Role changes take effect on the admin’s next token')).toBeVisible();
    const table = page.getByRole('table', { name: 'Team' });
    await expect(table.getByRole('row').filter({ hasText: DEMO_ACCOUNTS.admin.email })).toContainText('owner');

    const grant = page.getByRole('form', { name: 'Grant admin rights' });
    await grant.getByLabel('Email').fill(newcomer);
    await grant.getByLabel('Role').selectOption('support');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(toast(page, `Admin rights granted to ${newcomer}`)).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: newcomer });
    await expect(row.getByLabel(`Role of ${newcomer}`)).toHaveValue('support');

    await row.getByLabel(`Role of ${newcomer}`).selectOption('finance');
    await expect(toast(page, `${newcomer} is now finance`)).toBeVisible();
    await expect(row.getByLabel(`Role of ${newcomer}`)).toHaveValue('finance');
    await page.screenshot({ path: 'test-results/team-1280x720.png' });

    await row.getByRole('button', { name: 'Revoke sessions' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke sessions?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, `Sessions of ${newcomer} revoked`)).toBeVisible();

    await row.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove admin rights?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(toast(page, `Admin rights removed from ${newcomer}`)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: newcomer })).toHaveCount(0);
  } finally {
    await removeNewcomerRights();
  }
});
