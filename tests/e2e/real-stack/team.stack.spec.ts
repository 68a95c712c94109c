// The Team screen on the real stack at 1280×720, as the owner: grant the demo buyer admin rights
// as support, change the role to finance, revoke their sessions, remove the rights again.
import { expect, test } from './quiet-console.js';
import type { TeamMember } from '../../../shared/contract/admin-team-routes.js';
import { callApi, DEMO_ACCOUNTS, ensureSignedIn, idTokenOf, openScreen, toast } from './real-stack.js';

test.use({ viewport: { width: 1280, height: 720 } });

const buyer = DEMO_ACCOUNTS.buyer.email;

/** Takes the buyer's admin rights away whatever the test got to, so later specs find a plain buyer. */
async function removeBuyerRights(): Promise<void> {
  const token = await idTokenOf('admin');
  const { items } = await callApi<{ items: TeamMember[] }>(token, '/admin/team');
  const member = items.find((m) => m.email === buyer);
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
    await grant.getByLabel('Email').fill(buyer);
    await grant.getByLabel('Role').selectOption('support');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(toast(page, `Admin rights granted to ${buyer}`)).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: buyer });
    await expect(row.getByLabel(`Role of ${buyer}`)).toHaveValue('support');

    await row.getByLabel(`Role of ${buyer}`).selectOption('finance');
    await expect(toast(page, `${buyer} is now finance`)).toBeVisible();
    await expect(row.getByLabel(`Role of ${buyer}`)).toHaveValue('finance');
    await page.screenshot({ path: 'test-results/team-1280x720.png' });

    await row.getByRole('button', { name: 'Revoke sessions' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke sessions?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, `Sessions of ${buyer} revoked`)).toBeVisible();

    await row.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove admin rights?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(toast(page, `Admin rights removed from ${buyer}`)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: buyer })).toHaveCount(0);
  } finally {
    await removeBuyerRights();
  }
});
