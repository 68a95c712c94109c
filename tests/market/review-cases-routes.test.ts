// The review queue's routes and sources: every source opens (or joins) a case, the admin routes list,
// count, show, claim, release and resolve them, and outcomes act through the owning modules.
// Through the real app (app.inject, embedded PGlite, a fake identity with two admins).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import type { ReviewCase } from '../../shared/contract/review-cases.js';
import { startReviewApp, type ReviewApp } from './review-cases-app.js';

let database: Database;
let review: ReviewApp;
const call: ReviewApp['call'] = (...args) => review.call(...args);
const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
const adminEvents = (name: string) => review.log.filter((event) => event.kind === 'admin' && event.name === name);
const cases = async (query = '') =>
  (await call('admin', 'GET', `/admin/review-cases${query}`)).body as { count: number; items: ReviewCase[] };

async function openChat(a: string, b: string): Promise<string> {
  const chat = await call(a, 'POST', '/chat', { otherUserId: await me(b) });
  expect(chat.status).toBe(200);
  return chat.body.id as string;
}

async function listing(title: string, description = 'A fine thing'): Promise<string> {
  const created = await call('seller', 'POST', '/listing', { title, description, price: 30 });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

beforeAll(async () => {
  review = await startReviewApp();
  database = review.database;
}, 60_000);
afterAll(async () => {
  await review?.close();
});

describe('review cases: sources', () => {
  it('a listing report opens a case; a second report of the same listing joins it and raises its priority', async () => {
    const listingId = await listing('Walnut side table');
    const first = await call('buyer', 'POST', '/listing/report', {
      listingId,
      reportType: 'other',
      text: 'Odd photos',
    });
    expect(first.status).toBe(201);
    const opened = adminEvents('reviewCaseOpened').at(-1)!.payload as ReviewCase;
    expect(opened).toMatchObject({
      source: 'listingReport',
      subjectType: 'listing',
      subjectId: listingId,
      status: 'open',
      priority: 'low',
      reason: 'Reported: other',
      excerpt: 'Odd photos',
      signalCount: 1,
      reporter: { id: await me('buyer') },
      subjectUser: { id: await me('seller'), email: 'seller@market.test' },
    });
    expect((await call('buyer2', 'POST', '/listing/report', { listingId, reportType: 'scam' })).status).toBe(201);
    const joined = adminEvents('reviewCaseUpdated').at(-1)!.payload as ReviewCase;
    expect(joined).toMatchObject({ id: opened.id, signalCount: 2, priority: 'high' });
    expect((await cases(`?source=listingReport`)).items.filter((c) => c.subjectId === listingId)).toHaveLength(1);
  });

  it('order issues, support requests and contact messages land in the support sources', async () => {
    const listingId = await listing('Brass lamp');
    expect((await call('buyer', 'POST', '/order', { listingId })).status).toBe(201);
    const [order] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM orders WHERE listing_id = ${listingId}`,
    );
    const issue = await call('buyer', 'POST', '/customer-support/order-issue', {
      orderId: order!.id,
      issue: 'Damaged Item',
      message: 'The shade arrived cracked',
    });
    expect(issue.status).toBe(201);
    expect((await cases('?source=orderIssue')).items[0]).toMatchObject({
      subjectType: 'order',
      subjectId: order!.id,
      reason: 'Damaged Item',
      excerpt: 'The shade arrived cracked',
      subjectUser: { id: await me('seller') },
      priority: 'normal',
    });
    expect((await call('buyer', 'POST', '/customer-support', { message: 'How do refunds work?' })).status).toBe(201);
    expect((await cases('?source=supportRequest')).items[0]).toMatchObject({
      subjectType: 'user',
      subjectId: await me('buyer'),
      excerpt: 'How do refunds work?',
    });
    const contact = { name: 'Pat', email: 'pat@example.com', subject: 'Cannot sign in', message: 'Locked out' };
    expect((await call(null, 'POST', '/setting/contact-us', contact)).status).toBe(201);
    expect((await cases('?source=contactMessage')).items[0]).toMatchObject({
      subjectType: 'none',
      reason: 'Contact us: Cannot sign in',
      excerpt: 'Pat <pat@example.com>: Locked out',
      priority: 'low',
      reporter: null,
    });
  });

  it('the detector flags a chat message (still delivered) with its matched spans', async () => {
    const chatId = await openChat('buyer', 'seller');
    const sent = await call('buyer', 'POST', '/message', { chatId, message: 'text me 555 two one two 4567' });
    expect(sent.status).toBe(201);
    const flagged = (await cases('?source=offPlatformContact&subjectType=chatMessage')).items[0]!;
    expect(flagged).toMatchObject({
      subjectId: sent.body.id,
      subjectType: 'chatMessage',
      excerpt: 'text me 555 two one two 4567',
      subjectUser: { id: await me('buyer') },
      priority: 'normal',
    });
    expect(flagged.matches).toContainEqual({ kind: 'phone', text: '555 two one two 4567' });
    // Delivered: the recipient reads it.
    const messages = await call('seller', 'GET', `/message/chat-messages/${chatId}`);
    expect((messages.body.items as { id: string }[]).map((m) => m.id)).toContain(sent.body.id);
    // A harmless message opens nothing.
    const before = (await cases()).count;
    await call('buyer', 'POST', '/message', { chatId, message: 'Is it still $25? I can pick up 12/3 at 10:30' });
    expect((await cases()).count).toBe(before);
  });

  it('a payment handle in a chat tied to an open order is high priority', async () => {
    const listingId = await listing('Record player');
    expect((await call('buyer3', 'POST', '/order', { listingId })).status).toBe(201);
    const chatId = await openChat('buyer3', 'seller');
    const sent = await call('seller', 'POST', '/message', { chatId, message: 'send it on venmo @recordguy instead' });
    const flagged = (await cases('?source=paymentHandle')).items.find((c) => c.subjectId === sent.body.id)!;
    expect(flagged).toMatchObject({ priority: 'high', subjectType: 'chatMessage' });
    expect(flagged.matches.map((m) => m.kind)).toContain('payment');
  });

  it('the detector flags auction text messages and listing titles and descriptions', async () => {
    const listingId = await listing('Camera body', 'Mint. Questions? jen dot vintage at gmail');
    const listingCase = (await cases('?subjectType=listing&source=offPlatformContact')).items.find(
      (c) => c.subjectId === listingId,
    )!;
    expect(listingCase.matches).toContainEqual({ kind: 'email', text: 'jen dot vintage at gmail' });
    const text = await call('buyer', 'POST', `/listing/${listingId}/messages`, { text: 'dm me on the gram' });
    expect(text.status).toBe(201);
    const auctionCase = (await cases('?subjectType=auctionMessage')).items.find((c) => c.subjectId === text.body.id)!;
    expect(auctionCase).toMatchObject({ source: 'offPlatformContact', excerpt: 'dm me on the gram' });
  });
});

describe('review cases: the admin routes', () => {
  it('lists with filters, sort and search, counts the unresolved, and refuses what it does not know', async () => {
    const all = await cases('?limit=100');
    expect(all.count).toBeGreaterThanOrEqual(8);
    const high = await cases('?priority=high&sortBy=priority');
    expect(high.items.every((c) => c.priority === 'high')).toBe(true);
    const byPriority = await cases('?sortBy=priority&order=DESC&limit=100');
    const ranks = byPriority.items.map((c) => ['low', 'normal', 'high'].indexOf(c.priority));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect((await cases('?search=venmo')).items.every((c) => /venmo/i.test(c.excerpt))).toBe(true);
    // By the user the case is about (the seller of the reported table) or the reporter.
    expect((await cases('?search=seller@market&source=listingReport')).items.map((c) => c.reason)).toEqual([
      'Reported: other',
    ]);
    expect((await cases('?search=buyer3@market')).count).toBe(0);
    expect((await cases('?search=buyer@market&source=contactMessage')).count).toBe(0);
    expect((await cases('?status=open,claimed')).count).toBe(all.count);
    const counts = await call('admin', 'GET', '/admin/review-cases/counts');
    expect(counts.body).toEqual({ open: all.count, claimed: 0, high: high.count, overdueHigh: 0, overdue: 0 });
    expect((await call('admin', 'GET', '/admin/review-cases?status=closed')).status).toBe(400);
    expect((await call('admin', 'GET', '/admin/review-cases?sortBy=reason')).status).toBe(400);
    expect((await call('admin', 'GET', '/admin/review-cases/nope')).status).toBe(404);
    expect((await call('buyer', 'GET', '/admin/review-cases')).status).toBe(403);
    expect((await call(null, 'GET', '/admin/review-cases/counts')).status).toBe(401);
  });

  it('shows a chat message case with the messages around it', async () => {
    const chatId = await openChat('buyer4', 'seller');
    for (let i = 1; i <= 8; i++) await call('buyer4', 'POST', '/message', { chatId, message: `before ${i}` });
    const sent = await call('buyer4', 'POST', '/message', { chatId, message: 'call 555-CALL-NOW' });
    for (let i = 1; i <= 8; i++) await call('seller', 'POST', '/message', { chatId, message: `after ${i}` });
    const flagged = (await cases('?search=CALL-NOW')).items[0]!;
    const shown = await call('admin', 'GET', `/admin/review-cases/${flagged.id}`);
    expect(shown.status).toBe(200);
    const evidence = shown.body.evidence as {
      chatMessage: { id: string };
      aroundMessages: { message: string }[];
      user: { id: string };
    };
    expect(evidence.chatMessage.id).toBe(sent.body.id);
    expect(evidence.aroundMessages.map((m) => m.message)).toEqual([
      'before 4',
      'before 5',
      'before 6',
      'before 7',
      'before 8',
      'call 555-CALL-NOW',
      'after 1',
      'after 2',
      'after 3',
      'after 4',
      'after 5',
    ]);
    expect(evidence.user.id).toBe(await me('buyer4'));
  });

  it('claim: one holder at a time; release: only the holder; both in the admin log', async () => {
    const target = (await cases('?source=contactMessage')).items[0]!;
    const claimed = await call('admin', 'PATCH', `/admin/review-cases/${target.id}/claim`);
    expect(claimed).toMatchObject({ status: 200, body: { status: 'claimed', assignee: { uid: 'uid-admin' } } });
    expect(await call('admin2', 'PATCH', `/admin/review-cases/${target.id}/claim`)).toMatchObject({
      status: 409,
      body: { message: 'Another admin holds this case' },
    });
    expect((await call('admin2', 'PATCH', `/admin/review-cases/${target.id}/release`)).status).toBe(409);
    expect(
      (await call('admin2', 'POST', `/admin/review-cases/${target.id}/resolve`, { outcome: 'answered' })).status,
    ).toBe(409);
    expect((await call('admin', 'PATCH', `/admin/review-cases/${target.id}/claim`)).status).toBe(200);
    const released = await call('admin', 'PATCH', `/admin/review-cases/${target.id}/release`);
    expect(released.body).toMatchObject({ status: 'open', assignee: null });
    expect(adminEvents('reviewCaseUpdated').at(-1)!.payload).toMatchObject({ id: target.id, status: 'open' });
    const logged = await queryRows<{ action: string; admin_uid: string }>(
      database.db,
      sql`SELECT action, admin_uid FROM admin_actions WHERE record_type = 'review_case' AND record_id = ${target.id}
          ORDER BY created_at`,
    );
    expect(logged.map((row) => row.action)).toEqual(['claimReviewCase', 'claimReviewCase', 'releaseReviewCase']);
  });

  it('contentRemoved takes the chat message down (messageDeleted) and tells the reporter when asked', async () => {
    const flagged = (await cases('?search=555 two one two')).items[0]!;
    const resolved = await call('admin', 'POST', `/admin/review-cases/${flagged.id}/resolve`, {
      outcome: 'contentRemoved',
      note: 'Phone number in chat',
    });
    expect(resolved.body).toMatchObject({
      status: 'resolved',
      outcome: 'contentRemoved',
      note: 'Phone number in chat',
      assignee: { uid: 'uid-admin' },
    });
    expect(adminEvents('messageDeleted').at(-1)!.payload).toEqual({ id: flagged.subjectId });
    const listed = await call('admin', 'GET', '/admin/chat/all-messages?limit=100');
    expect((listed.body.items as { id: string }[]).map((m) => m.id)).not.toContain(flagged.subjectId);
    expect(
      (await call('admin', 'POST', `/admin/review-cases/${flagged.id}/resolve`, { outcome: 'dismissed' })).status,
    ).toBe(409);

    const report = (await cases('?source=listingReport&status=open')).items[0]!;
    await call('admin', 'POST', `/admin/review-cases/${report.id}/resolve`, {
      outcome: 'dismissed',
      notifyReporter: true,
    });
    const [notice] = await queryRows<{ type: string }>(
      database.db,
      sql`SELECT type FROM notifications WHERE user_id = ${report.reporter!.id} AND type = 'reportResolved'`,
    );
    expect(notice).toEqual({ type: 'reportResolved' });
  });

  it('contentRemoved on a listing deletes it; on a user case it is refused', async () => {
    const listingCase = (await cases('?subjectType=listing&source=offPlatformContact')).items[0]!;
    await call('admin', 'POST', `/admin/review-cases/${listingCase.id}/resolve`, { outcome: 'contentRemoved' });
    expect((await call('admin', 'GET', `/admin/listings/active/${listingCase.subjectId}`)).status).toBe(404);
    const userCase = (await cases('?source=supportRequest')).items[0]!;
    expect(
      (await call('admin', 'POST', `/admin/review-cases/${userCase.id}/resolve`, { outcome: 'contentRemoved' })).status,
    ).toBe(409);
  });

  it('userWarned, sellingSuspended and accountSuspended act as enforcement of the case user', async () => {
    const [auctionCase, paymentCase] = [
      (await cases('?subjectType=auctionMessage&status=open')).items[0]!,
      (await cases('?source=paymentHandle&status=open')).items[0]!,
    ];
    await call('admin', 'POST', `/admin/review-cases/${auctionCase.id}/resolve`, { outcome: 'userWarned' });
    const warned = await queryRows<{ action: string; reason: string }>(
      database.db,
      sql`SELECT action, reason FROM user_enforcements WHERE user_id = ${auctionCase.subjectUser!.id}`,
    );
    expect(warned).toEqual([{ action: 'warn', reason: expect.stringMatching(/^Review case \(/) }]);
    const notified = await queryRows<{ type: string }>(
      database.db,
      sql`SELECT type FROM notifications WHERE user_id = ${auctionCase.subjectUser!.id} AND type = 'accountAction'`,
    );
    expect(notified).toHaveLength(1);
    await call('admin', 'POST', `/admin/review-cases/${paymentCase.id}/resolve`, { outcome: 'sellingSuspended' });
    const seller = (await call('admin', 'GET', `/admin/users/${paymentCase.subjectUser!.id}`)).body;
    expect(seller.enforcement).toMatchObject({ action: 'suspendSelling' });
    // The case and its enforcement both show in the user's timeline.
    const timeline = (await call('admin', 'GET', `/admin/users/${paymentCase.subjectUser!.id}/timeline?limit=100`)).body
      .items as { kind: string; summary: string }[];
    expect(timeline.map((item) => item.kind)).toEqual(expect.arrayContaining(['reviewCase', 'enforcement']));
    expect(timeline.some((item) => /^paymentHandle: .*\(resolved, sellingSuspended\)$/.test(item.summary))).toBe(true);
    expect(
      (await call('admin', 'POST', `/admin/review-cases/${paymentCase.id}/resolve`, { outcome: 'x' })).status,
    ).toBe(400);
    const another = (await cases('?status=open&subjectType=chatMessage')).items.find(
      (c) => c.subjectUser && c.subjectUser.id !== paymentCase.subjectUser!.id,
    );
    if (another) {
      await call('admin', 'POST', `/admin/review-cases/${another.id}/resolve`, { outcome: 'accountSuspended' });
      const suspended = (await call('admin', 'GET', `/admin/users/${another.subjectUser!.id}`)).body;
      expect(suspended.enforcement).toMatchObject({ action: 'suspend', until: expect.any(String) });
    }
  });

  it('bulk resolve: all or nothing on unknown ids and held cases; counts what it resolved', async () => {
    const open = (await cases('?status=open&limit=100')).items;
    expect(open.length).toBeGreaterThanOrEqual(2);
    const ids = open.map((c) => c.id);
    expect((await call('admin', 'POST', '/admin/review-cases/resolve', { ids: [], outcome: 'dismissed' })).status).toBe(
      400,
    );
    expect(
      (await call('admin', 'POST', '/admin/review-cases/resolve', { ids: [...ids, 'unknown'], outcome: 'dismissed' }))
        .status,
    ).toBe(404);
    await call('admin2', 'PATCH', `/admin/review-cases/${ids[0]}/claim`);
    expect((await call('admin', 'POST', '/admin/review-cases/resolve', { ids, outcome: 'dismissed' })).status).toBe(
      409,
    );
    await call('admin2', 'PATCH', `/admin/review-cases/${ids[0]}/release`);
    const bulk = await call('admin', 'POST', '/admin/review-cases/resolve', {
      ids,
      outcome: 'dismissed',
      note: 'noise',
    });
    expect(bulk).toMatchObject({ status: 200, body: { resolved: ids.length } });
    expect((await call('admin', 'GET', '/admin/review-cases/counts')).body).toEqual({
      open: 0,
      claimed: 0,
      high: 0,
      overdueHigh: 0,
      overdue: 0,
    });
  });
});
