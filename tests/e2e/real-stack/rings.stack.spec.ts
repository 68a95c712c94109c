// Rings and remedies on the real stack at 1280x720: the seeded shill ring's auction-integrity case
// opens with the suspects' ring drawn as a graph; the moderator previews and voids the ring's bids
// on the auction, suspends selling for the whole ring, then blocks the ring's identifiers, and a new
// account on the ring's device cannot bid. On the way, screenshots of the ring graph, the bid
// ladder, the void preview and the ring's block dialog in both colour modes (test-results/docs-screenshots/; npm run screenshots:refresh updates docs/screenshots/).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './quiet-console.js';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import { RING_DEVICE_TOKEN } from '../../../server/seeding/seed-review-queue.js';
import { signUp } from '../../support/auth-emulator.js';
import {
  adminList,
  callApi,
  ensureSignedIn,
  openScreen,
  REAL_STACK,
  SCREENSHOTS,
  setTheme,
  settle,
  toast,
} from './real-stack.js';

const RING = ['ring_ava', 'ring_leo', 'ring_ivy'];

/** What a bidder needs of a public auction. */
interface PublicListing {
  id: string;
  user: { id: string };
  endTime: string;
  bid: number | null;
  startingBid: number | null;
}

/** The seeded shill ring's case (seed-review-queue.ts): its excerpt names the ring's accounts. */
async function ringCase(): Promise<ReviewCase> {
  const { items } = await adminList<ReviewCase>('/admin/review-cases', {
    source: 'auctionIntegrity',
    status: 'open,claimed',
    limit: 50,
  });
  const found = items.find((item) => item.excerpt.includes('ring_'));
  if (!found) throw new Error('The seeded shill ring has no open auction-integrity case');
  return found;
}

async function openCase(page: Page, id: string) {
  await openScreen(page, `review/${id}`);
  const drawer = page.getByRole('dialog', { name: /Shill bidding suspected/ });
  await expect(drawer.getByRole('img', { name: /^Ring graph: \d+ accounts/ })).toBeVisible();
  return drawer;
}

test.use({ viewport: { width: 1280, height: 720 } });

test("a ring's case: see the ring, void its bids after a preview, suspend selling for it", async ({ page }) => {
  const item = await ringCase();
  await ensureSignedIn(page);

  for (const theme of ['light', 'dark'] as const) {
    await openScreen(page, 'review');
    await setTheme(page, theme);
    const drawer = await openCase(page, item.id);
    const members = drawer.getByRole('table', { name: 'Ring members' });
    for (const name of RING) await expect(members.getByRole('link', { name, exact: true })).toBeVisible();

    const graph = drawer.getByRole('region', { name: /The suspects' ring/ });
    await graph.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}rings-graph-${theme}-1280x720.png` });

    const ladder = drawer.getByRole('region', { name: 'Bid ladder' });
    await expect(ladder.getByRole('table', { name: 'Bids' })).toBeVisible();
    // Opened from the ring: the ring's bidders are picked already.
    const voidButton = ladder.getByRole('button', { name: 'Void bids of 3 bidders…' });
    await voidButton.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}rings-bid-ladder-${theme}-1280x720.png` });

    await voidButton.click();
    const dialog = page.getByRole('dialog', { name: 'Void bids' });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('table', { name: 'Void preview' });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('row', { name: /Leader/ })).not.toContainText(/ring_/);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}rings-void-preview-${theme}-1280x720.png` });
    if (theme === 'light') {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await blockRingDialog(page, drawer, theme);
      await page
        .getByRole('dialog', { name: /^Block the ring's identifiers/ })
        .getByRole('button', { name: 'Cancel' })
        .click();
      continue;
    }

    // Void for real: the ring's bids stay on the ladder, struck through with the reason.
    await dialog.getByRole('button', { name: 'Void bids', exact: true }).click();
    await expect(toast(page, /bids voided/)).toBeVisible();
    await expect(ladder.getByText('voided: Shill bidding').first()).toBeVisible();
    await expect(ladder.getByRole('button', { name: 'Void bids…' })).toBeDisabled();
    // The case's own ladder evidence, read again, marks them the same way.
    await openScreen(page, 'review');
    const reopened = await openCase(page, item.id);
    const evidence = reopened.locator('section.review-evidence[aria-label="Bid ladder"]');
    await expect(evidence.locator('tr.bid-voided').first()).toContainText('voided: Shill bidding');
    await expect(evidence.locator('tr:not(.bid-voided)', { hasText: 'finn_okafor7' }).first()).toBeVisible();

    // Enforce on the ring: the summed impact first, then the review, then confirm.
    await drawer.getByRole('button', { name: 'Enforce on the ring…' }).click();
    const enforce = page.getByRole('dialog', { name: /Enforce on the ring/ });
    await expect(enforce.getByRole('table', { name: 'Impact' })).toBeVisible();
    await enforce.getByLabel('Suspend selling').check();
    await enforce.getByRole('button', { name: 'Review' }).click();
    await enforce.getByRole('button', { name: 'Confirm suspend selling' }).click();
    await expect(toast(page, /Suspend selling: applied to \d+ accounts/)).toBeVisible();
    for (const name of RING) {
      await expect(members.getByRole('row', { name: new RegExp(name) })).toContainText('Suspend selling');
    }

    // Block the ring's identifiers, so it cannot come back under new accounts: a trade block on
    // every card, phone, device, payout account and canonical email of its members.
    const block = await blockRingDialog(page, drawer, theme);
    await block.getByRole('button', { name: "Block the ring's identifiers" }).click();
    const anyway = block.getByRole('button', { name: 'Block anyway' });
    const blocked = toast(page, /Blocked \d+ identifiers? of the ring/);
    await expect(blocked.or(anyway)).toBeVisible();
    if (await anyway.isVisible()) await anyway.click();
    await expect(blocked).toBeVisible();
    // Each is a block of its own on the Blocks list, with the reason given.
    const made = await adminList<{ kind: string; value: string; reason: string; severity: string }>('/admin/blocks', {
      limit: 100,
    });
    const ringBlocks = made.items.filter((b) => b.reason === RING_BLOCK_REASON);
    expect(ringBlocks.length).toBeGreaterThan(0);
    expect(new Set(ringBlocks.map((b) => b.severity))).toEqual(new Set(['trade']));
    expect(ringBlocks).toContainEqual(expect.objectContaining({ kind: 'deviceToken', value: RING_DEVICE_TOKEN }));

    // A new account on the ring's device cannot bid: 403 with the block's code, within the 5 s a
    // block takes to reach every node, and the refusal names no identifier.
    const refusal = await bidFromNewAccountOnRingDevice();
    await expect.poll(refusal, { timeout: 15_000 }).toMatchObject({ status: 403, code: 'blocked' });
    expect((await refusal()).message).not.toContain(RING_DEVICE_TOKEN);
  }
});

/**
 * Signs a new account up, registers the ring's device on it (as an evader's phone would), and
 * gives the bid it tries on a running auction: its status, code and message.
 */
async function bidFromNewAccountOnRingDevice() {
  const account = await signUp(`e2e-ring-evader-${Date.now()}@market.test`, 'e2e-evader-pass');
  const me = await callApi<{ id: string }>(account.idToken, '/user/my-details');
  await callApi(account.idToken, '/user/device-token', {
    method: 'POST',
    body: { token: RING_DEVICE_TOKEN, platform: 'ios' },
  });
  const { items } = (await (await fetch(`${REAL_STACK.apiHost}/v1/auctions?limit=50`)).json()) as {
    items: PublicListing[];
  };
  const auction = items.find((item) => item.user.id !== me.id && Number(item.endTime) > Date.now() + 600_000);
  if (!auction) throw new Error('No running auction to bid on');
  const amount = Math.round(((auction.bid ?? auction.startingBid ?? 1) + 25) * 100) / 100;
  return async () => {
    const response = await fetch(`${REAL_STACK.apiHost}/v1/bid`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ listingId: auction.id, amount }),
    });
    const body = (await response.json()) as { code?: string; message?: string };
    return { status: response.status, code: body.code, message: body.message };
  };
}

const RING_BLOCK_REASON = 'Shill-bidding ring: keep it out under new accounts';

/** Opens "Block the ring's identifiers" from the case, fills it, and photographs it. */
async function blockRingDialog(page: Page, drawer: Locator, theme: 'light' | 'dark') {
  await drawer.getByRole('button', { name: "Block the ring's identifiers…" }).click();
  const dialog = page.getByRole('dialog', { name: /^Block the ring's identifiers: \d+ accounts/ });
  const summary = dialog.getByRole('region', { name: 'What will be blocked' });
  for (const name of RING) await expect(summary.getByLabel('Accounts')).toContainText(name);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(RING_BLOCK_REASON);
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}rings-block-${theme}-1280x720.png` });
  return dialog;
}

test("the ring in a member's drawer; the ring's auction held and released from its drawer", async ({ page }) => {
  const item = await ringCase();
  await ensureSignedIn(page);
  await openScreen(page, 'users');
  await setTheme(page, 'dark');

  // The drawer reads the ring only when its Ring section is expanded.
  const ringReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/call/admin.users.ring')) ringReads.push(request.url());
  });
  await openScreen(page, `users/${item.subjectUser!.id}`);
  const user = page.getByRole('dialog', { name: 'Details' });
  await expect(user.getByRole('button', { name: 'Ring' })).toBeVisible();
  await expect(user.getByText('Amount Spent')).toBeVisible();
  expect(ringReads).toEqual([]);
  await user.getByRole('button', { name: 'Ring' }).click();
  await expect.poll(() => ringReads.length).toBe(1);
  // The seeded ring is 4 accounts; 5 once the test above had a new account register the ring's
  // device (the device link joins the evader to the ring, as it should).
  await expect(user.getByRole('img', { name: /^Ring graph: [45] accounts/ })).toBeVisible();
  await expect(user.getByRole('table', { name: 'Ring members' })).toContainText('ring_leo');
  await user.getByRole('img', { name: /^Ring graph/ }).scrollIntoViewIfNeeded();
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}rings-user-drawer-dark-1280x720.png` });

  await openScreen(page, `listings/active/${item.subjectId}`);
  const listing = page.getByRole('dialog', { name: 'Listing' });
  await listing.getByRole('button', { name: 'Hold listing' }).click();
  const ask = page.getByRole('dialog', { name: 'Hold listing' });
  await ask.getByLabel('Reason').fill('Shill ring under review');
  await ask.getByRole('button', { name: 'Hold listing' }).click();
  await expect(toast(page, 'Listing held')).toBeVisible();
  await expect(listing.getByText(/Listing on hold: Shill ring under review/)).toBeVisible();
  await listing.getByRole('button', { name: 'Bids' }).click();
  await expect(listing.getByRole('table', { name: 'Bids' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}rings-listing-hold-dark-1280x720.png` });
  await listing.getByRole('button', { name: 'Release hold' }).click();
  await expect(toast(page, 'Hold released')).toBeVisible();
  await expect(listing.getByText(/Listing on hold/)).toBeHidden();
});
