// CONTRACT TESTS of the review queue and the support queue: Chromium drives the real renderer
// against the in-page `window.market` double (support/fake-market.ts) that follows shared/contract.
import { callsOf, emitEvent, expect, failNext, test, toast } from './support/fixtures.js';
import { expectFocusWithin } from './support/keyboard.js';
import { adminTable } from './support/table.js';

test.describe('review queue', () => {
  test('the sidebar entry counts open cases; the table shows the moderation cases with matches highlighted', async ({
    signedInPage: page,
  }) => {
    await page.goto('/#/dashboard/home');
    const entry = page.getByRole('link', { name: /Review queue/ });
    await expect(entry.getByLabel('3 open cases')).toBeVisible();
    await entry.click();
    await expect(page).toHaveURL(/#\/dashboard\/review$/);
    await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
    const table = adminTable(page, 'Review queue');
    await expect(table.headers).toHaveText([
      'Select',
      'Due',
      'Source',
      'Subject',
      'Reason',
      'Excerpt',
      'Priority',
      'Signals',
      'Age',
      'Assignee',
    ]);
    await expect(table.rows).toHaveCount(4);
    await expect(page.locator('mark.review-match-phone')).toHaveText('555 two one two 4567');
    // Support cases live in the support queue, not here.
    await expect(table.row(/Damaged Item/)).toHaveCount(0);

    await page.getByLabel('Priority').selectOption('high');
    await expect(table.rows).toHaveCount(3);
    await page.getByLabel('Status').selectOption('open');
    await expect(table.rows).toHaveCount(2);
    const query = (await callsOf(page, 'reviewCases.list')).at(-1) as { query: Record<string, unknown> };
    expect(query.query).toMatchObject({ status: 'open', priority: 'high' });
  });

  test('a case pushed live appears at the top', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/review');
    const table = adminTable(page, 'Review queue');
    await expect(table.rows).toHaveCount(4);
    const pushed = {
      id: 'rc9',
      source: 'offPlatformContact',
      subjectType: 'auctionMessage',
      subjectId: 'am9',
      status: 'open',
      priority: 'normal',
      reason: 'Off-platform contact in an auction message (messenger)',
      excerpt: 'dm me on the gram',
      matches: [{ kind: 'messenger', text: 'dm me on the gram' }],
      signalCount: 1,
      reporter: null,
      subjectUser: null,
      assignee: null,
      outcome: null,
      note: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      resolvedAt: null,
    };
    await emitEvent(page, 'reviewCaseOpened', pushed, 'reviewCases');
    await expect(table.rows).toHaveCount(5);
    await expect(page.locator('mark.review-match-messenger').first()).toHaveText('dm me on the gram');
  });

  test('the drawer: evidence, claim, release and resolve, also from the keyboard', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/review/rc1');
    const drawer = page.getByRole('dialog', { name: /Off-platform contact/ });
    await expect(drawer.getByRole('region', { name: 'Conversation' })).toContainText('Message 0');
    await drawer.getByRole('button', { name: 'Claim' }).click();
    await expect(toast(page, 'Case claimed')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Release' })).toBeVisible();
    await page.keyboard.press('c');
    await expect(drawer.getByRole('button', { name: 'Claim' })).toBeVisible();
    await page.keyboard.press('r');
    await expect(drawer.getByLabel('Outcome')).toBeFocused();
    await drawer.getByLabel('Outcome').selectOption('contentRemoved');
    await drawer.getByLabel('Note').fill('Phone number');
    await drawer.getByRole('button', { name: 'Resolve' }).click();
    await expect(toast(page, 'Case resolved')).toBeVisible();
    const resolve = (await callsOf(page, 'reviewCases.resolve')).at(-1) as { body: Record<string, unknown> };
    expect(resolve.body).toEqual({ outcome: 'contentRemoved', note: 'Phone number' });
    await expect(drawer.getByText('Remove content')).toBeVisible();

    // j / k walk the queue. Each next key waits for the case's drawer to hold the focus (Blueprint
    // moves it a frame after the drawer shows), as a person's next press comes after they see it.
    await page.keyboard.press('j');
    await expect(page).toHaveURL(/#\/dashboard\/review\/rc2$/);
    await expectFocusWithin(page.getByRole('dialog').last());
    await page.keyboard.press('k');
    await expect(page).toHaveURL(/#\/dashboard\/review\/rc1$/);
  });

  test('a case another admin holds cannot be claimed here; a refused claim says why', async ({
    signedInPage: page,
  }) => {
    await page.goto('/#/dashboard/review/rc4');
    const drawer = page.getByRole('dialog', { name: /Auction integrity/ });
    await expect(drawer).toContainText('other@example.com holds this case.');
    await expect(drawer.getByRole('button', { name: 'Claim' })).toHaveCount(0);
    await page.goto('/#/dashboard/review/rc2');
    await failNext(page, 'reviewCases.claim', 'Another admin holds this case');
    await page.getByRole('dialog').getByRole('button', { name: 'Claim' }).click();
    await expect(toast(page, 'Another admin holds this case')).toBeVisible();
  });

  test('bulk resolve: pick rows, one confirm, one call', async ({ signedInPage: page }) => {
    await page.goto('/#/dashboard/review');
    const table = adminTable(page, 'Review queue');
    await expect(table.rows).toHaveCount(4);
    // Blueprint draws the box over its input: click the box, as a user does.
    for (const name of [/Select case Off-platform contact/, /Select case Payment handle/]) {
      const box = page.locator('label.review-select', { has: page.getByLabel(name) });
      await box.scrollIntoViewIfNeeded();
      await box.locator('.bp6-control-indicator').click();
      await expect(page.getByLabel(name)).toBeChecked();
    }
    await page.getByRole('button', { name: 'Resolve 2 selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve 2 cases?' });
    await dialog.getByLabel('Outcome').selectOption('dismissed');
    await dialog.getByRole('button', { name: 'Resolve 2 cases' }).click();
    await expect(toast(page, '2 cases resolved')).toBeVisible();
    const calls = (await callsOf(page, 'reviewCases.bulkResolve')) as { body: Record<string, unknown> }[];
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ ids: ['rc1', 'rc2'], outcome: 'dismissed' });
    await expect(table.rows).toHaveCount(2);
  });
});

test('Customer Support is the support queue', async ({ signedInPage: page }) => {
  await page.goto('/#/dashboard/customer-support');
  await expect(page.getByRole('heading', { name: 'Customer Support' })).toBeVisible();
  const table = adminTable(page, 'Customer Support');
  await expect(table.rows).toHaveCount(2);
  await table.clickRow(/Damaged Item/);
  await expect(page).toHaveURL(/#\/dashboard\/customer-support\/rc5$/);
  const drawer = page.getByRole('dialog', { name: /Order issue/ });
  await expect(drawer.getByLabel('Outcome')).toHaveValue('answered');
  await drawer.getByRole('button', { name: 'Resolve' }).click();
  await expect(toast(page, 'Case resolved')).toBeVisible();
  const resolve = (await callsOf(page, 'reviewCases.resolve')).at(-1) as { body: Record<string, unknown> };
  expect(resolve.body).toEqual({ outcome: 'answered', notifyReporter: true });
});

test('opted in under Settings, a new high-priority case asks the host for a notification that opens it', async ({
  signedInPage: page,
}) => {
  // The page's notification permission, granted (Electron grants it by default).
  await page.addInitScript(() => {
    class GrantedNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
    }
    (window as unknown as { Notification: unknown }).Notification = GrantedNotification;
  });
  await page.goto('/#/dashboard/settings');
  await page.getByText('Notify me of each new high-priority case').click();
  const high = {
    id: 'rc10',
    source: 'paymentHandle',
    subjectType: 'chatMessage',
    subjectId: 'm2',
    status: 'open',
    priority: 'high',
    reason: 'Payment handle in a chat message (payment)',
    excerpt: 'cashapp $quickdeal',
    matches: [{ kind: 'payment', text: 'cashapp' }],
    signalCount: 1,
    reporter: null,
    subjectUser: null,
    assignee: null,
    outcome: null,
    note: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    resolvedAt: null,
  };
  await emitEvent(page, 'reviewCaseOpened', { ...high, id: 'rc11', priority: 'normal' }, 'reviewCases');
  await emitEvent(page, 'reviewCaseOpened', high, 'reviewCases');
  await expect
    .poll(() => callsOf(page, 'windows.notify'))
    .toEqual([
      {
        title: 'High-priority case: Payment handle',
        body: 'Payment handle in a chat message (payment)\ncashapp $quickdeal',
        route: '/dashboard/review/rc10',
      },
    ]);
  // The host's click opens that route.
  await page.goto('/#/dashboard/review/rc10');
  await expect(page.getByRole('dialog', { name: /Payment handle/ })).toBeVisible();
});
