// CONTRACT TESTS of a chargeback's review case (DECISIONS "Sellers over time", Disputes): the case
// drawer shows the dispute's facts and its evidence packet, sends the packet with a note (Submit
// evidence), and says so when the send or the read fails. The dispute routes are
// support/fake-disputes.ts; the case arrives as `/admin` would push it.
import type { Page } from '@playwright/test';
import type { ReviewCase } from '../../shared/contract/review-cases.js';
import { seriousViolations, WCAG_22_AA } from './support/axe.js';
import { callsOf, emitEvent, expect, failNext, openWithFakeMarket, test, toast } from './support/fixtures.js';
import { adminTable } from './support/table.js';

const disputeCase = (orderId: string): ReviewCase => ({
  id: `rc-dispute-${orderId}`,
  source: 'dispute',
  subjectType: 'order',
  subjectId: orderId,
  status: 'open',
  priority: 'normal',
  reason: 'Chargeback of $52.00: product not received',
  excerpt: "The buyer's bank disputes $52.00 (product_not_received). Review the evidence packet and submit it.",
  matches: [],
  signalCount: 1,
  reporter: null,
  subjectUser: { id: 'u1', userName: 'user1', email: 'user1@example.com' },
  assignee: null,
  outcome: null,
  note: null,
  createdAt: '2026-12-05T09:00:00.000Z',
  updatedAt: '2026-12-05T09:00:00.000Z',
  resolvedAt: null,
  dueAt: '2026-12-11T23:59:59.000Z',
  overdue: false,
  escalated: false,
});

/** Opens the queue, receives the dispute's case as `/admin` pushes it, and opens its drawer. */
async function openDisputeCase(page: Page, orderId = 'o2') {
  await page.goto('/#/dashboard/review');
  await expect(adminTable(page, 'Review queue').rows.first()).toBeVisible();
  const item = disputeCase(orderId);
  await emitEvent(page, 'reviewCaseOpened', item, 'reviewCases');
  await page.goto(`/#/dashboard/review/${item.id}`);
  return page.getByRole('dialog', { name: /Chargeback dispute/ });
}

test.describe('dispute case', () => {
  test('shows the dispute and its packet, and submits the evidence with a note once', async ({
    signedInPage: page,
  }) => {
    const drawer = await openDisputeCase(page);
    const dispute = drawer.getByRole('region', { name: 'Dispute' });
    await expect(dispute).toContainText('Needs a response');
    await expect(dispute).toContainText('product not received');
    await expect(dispute).toContainText('$52.00');
    await expect(dispute).toContainText('1Z999AA10123456784');
    await expect(dispute).toContainText('12 Elm Street, Austin, TX 78701');
    await expect(dispute).toContainText('198.51.100.7');
    await expect(dispute).toContainText('device-buyer-ios');
    const chat = dispute.getByRole('table', { name: 'Chat between buyer and seller' });
    await expect(chat.getByRole('row')).toHaveCount(3);
    await expect(chat).toContainText('Can you ship by Friday?');
    await expect(dispute.getByRole('table', { name: 'Bid history' })).toContainText('buyer');

    // An empty note is not sent: the field says what it needs.
    await dispute.getByRole('button', { name: 'Submit evidence' }).click();
    await expect(dispute).toContainText('Write a note for the bank: what the evidence shows.');
    expect(await callsOf(page, 'orders.submitDispute')).toEqual([]);

    await dispute
      .getByLabel('Note for the bank')
      .fill('Delivered on Dec 1 with tracking; the buyer confirmed in chat.');
    await dispute.getByRole('button', { name: 'Submit evidence' }).click();
    await expect(toast(page, 'Evidence submitted')).toBeVisible();
    await expect(dispute).toContainText('Evidence under review');
    await expect(dispute).toContainText('The evidence was sent.');
    await expect(dispute.getByRole('button', { name: 'Submit evidence' })).toHaveCount(0);
    expect(await callsOf(page, 'orders.submitDispute')).toEqual([
      { params: { id: 'o2' }, body: { note: 'Delivered on Dec 1 with tracking; the buyer confirmed in chat.' } },
    ]);
  });

  test('a refused send is a toast with the server’s message, and the note stays to send again', async ({
    signedInPage: page,
  }) => {
    const drawer = await openDisputeCase(page);
    const dispute = drawer.getByRole('region', { name: 'Dispute' });
    await dispute.getByLabel('Note for the bank').fill('Signed for at delivery.');
    await failNext(page, 'orders.submitDispute', 'Stripe did not answer', 503);
    await dispute.getByRole('button', { name: 'Submit evidence' }).click();
    await expect(toast(page, 'Failed to submit the evidence')).toBeVisible();
    await expect(toast(page, 'Stripe did not answer')).toBeVisible();
    await expect(dispute.getByLabel('Note for the bank')).toHaveValue('Signed for at delivery.');
    await dispute.getByRole('button', { name: 'Submit evidence' }).click();
    await expect(toast(page, 'Evidence submitted')).toBeVisible();
  });

  test('a dispute that cannot be read says why', async ({ signedInPage: page }) => {
    const drawer = await openDisputeCase(page, 'o3');
    await expect(drawer).toContainText('Could not load the dispute');
    await expect(drawer).toContainText('This order has no dispute');
  });
});

for (const theme of ['dark', 'light'] as const) {
  test(`the dispute case has no serious accessibility violation, ${theme} theme`, async ({ page }) => {
    await page.addInitScript((mode) => localStorage.setItem('colorMode', mode), theme);
    await openWithFakeMarket(page, { signedIn: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    const drawer = await openDisputeCase(page);
    await expect(drawer.getByRole('region', { name: 'Dispute' })).toContainText('Needs a response');
    expect(await seriousViolations(page, WCAG_22_AA)).toEqual([]);
  });
}
