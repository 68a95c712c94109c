// Resolving is all or nothing, through the real app on embedded PGlite: a macro that warns on a
// `userWarned` resolution warns once; a bulk resolve stopped by one case changes none and names
// it; every reporter whose report joined a case is thanked once each.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import type { ReviewCase } from '../../shared/contract/review-cases.js';
import { startReviewApp, type ReviewApp } from './review-cases-app.js';

let review: ReviewApp;
const call: ReviewApp['call'] = (...args) => review.call(...args);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(review.database.db, query);
const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;

async function reportedListing(title: string, reporters: readonly string[]): Promise<ReviewCase> {
  const created = await call('seller', 'POST', '/listing', { title, description: 'A fine thing', price: 30 });
  expect(created.status).toBe(201);
  for (const reporter of reporters) {
    const reported = await call(reporter, 'POST', '/listing/report', {
      listingId: created.body.id,
      reportType: 'harmful',
    });
    expect(reported.status).toBe(201);
  }
  const listed = await call('admin', 'GET', '/admin/review-cases?source=listingReport&status=open&limit=100');
  return (listed.body.items as ReviewCase[]).find((item) => item.subjectId === created.body.id)!;
}

const caseStatus = async (id: string) =>
  (await rows<{ status: string }>(sql`SELECT status FROM review_cases WHERE id = ${id}`))[0]!.status;

beforeAll(async () => {
  review = await startReviewApp();
}, 60_000);
afterAll(async () => {
  await review?.close();
});

describe('resolving, all or nothing', () => {
  it('a macro whose outcome is userWarned and whose enforcement is warn warns the user once', async () => {
    const item = await reportedListing('Warned once lamp', ['buyer']);
    const macro = await call('admin', 'POST', '/admin/macros', {
      title: 'Warn the seller',
      outcome: 'userWarned',
      note: 'Harmful listing',
      enforcement: { action: 'warn' },
    });
    expect(macro.status).toBe(200);
    const sellerId = await me('seller');
    const before = await rows<{ id: string }>(
      sql`SELECT id FROM user_enforcements WHERE user_id = ${sellerId} AND action = 'warn'`,
    );
    const resolved = await call('admin', 'POST', `/admin/review-cases/${item.id}/resolve`, { macroId: macro.body.id });
    expect(resolved.status).toBe(200);
    const after = await rows<{ id: string }>(
      sql`SELECT id FROM user_enforcements WHERE user_id = ${sellerId} AND action = 'warn'`,
    );
    expect(after.length - before.length).toBe(1);
  });

  it('every reporter whose report joined the case is thanked, once each', async () => {
    const reporters = ['thanked1', 'thanked2', 'thanked3'];
    const item = await reportedListing('Thrice reported vase', reporters);
    expect(item.signalCount).toBe(3);
    const resolved = await call('admin', 'POST', `/admin/review-cases/${item.id}/resolve`, {
      outcome: 'dismissed',
      notifyReporter: true,
    });
    expect(resolved.status).toBe(200);
    for (const reporter of reporters) {
      const notices = await rows<{ type: string }>(
        sql`SELECT type FROM notifications WHERE user_id = ${await me(reporter)} AND type = 'reportResolved'`,
      );
      expect(notices, reporter).toHaveLength(1);
    }
  });

  it('a bulk resolve stopped by a case held by another admin changes none, and names that case', async () => {
    const first = await reportedListing('Bulk first', ['buyer']);
    const held = await reportedListing('Bulk held', ['buyer']);
    expect((await call('admin2', 'PATCH', `/admin/review-cases/${held.id}/claim`)).status).toBe(200);
    const refused = await call('admin', 'POST', '/admin/review-cases/resolve', {
      ids: [first.id, held.id],
      outcome: 'dismissed',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Review case ${held.id}: Another admin holds this case; release it or leave it out`,
    );
    expect(await caseStatus(first.id)).toBe('open');
  });

  it('a bulk resolve stopped by an effect that cannot apply rolls back the cases before it, and names it', async () => {
    const listingCase = await reportedListing('Bulk removable', ['buyer']);
    // A support request has no content to remove.
    expect((await call('buyer', 'POST', '/customer-support', { message: 'Where is my parcel?' })).status).toBe(201);
    const support = (
      (await call('admin', 'GET', '/admin/review-cases?source=supportRequest&status=open&limit=100')).body
        .items as ReviewCase[]
    )[0]!;
    const refused = await call('admin', 'POST', '/admin/review-cases/resolve', {
      ids: [listingCase.id, support.id],
      outcome: 'contentRemoved',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`Review case ${support.id}: `);
    // The listing removed for the first case was rolled back with it.
    expect(await caseStatus(listingCase.id)).toBe('open');
    const [listing] = await rows<{ deleted: boolean }>(
      sql`SELECT deleted_at IS NOT NULL AS deleted FROM listings WHERE id = ${listingCase.subjectId}`,
    );
    expect(listing!.deleted).toBe(false);
  });

  it('a bulk resolve naming an unknown case answers 404 naming it, and changes none', async () => {
    const known = await reportedListing('Bulk known', ['buyer']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const refused = await call('admin', 'POST', '/admin/review-cases/resolve', {
      ids: [known.id, unknown],
      outcome: 'dismissed',
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(`Review case ${unknown} not found`);
    expect(await caseStatus(known.id)).toBe('open');
  });
});

describe('metrics ranges take ISO dates: a day or a date-time', () => {
  it.each([
    ['2026-12-01', '2026-12-04', 200],
    ['2026-12-01T00:00:00Z', '2026-12-04T23:59:59.999Z', 200],
    ['2026-12-01', '2026-12-04T12:00:00+01:00', 200],
    ['2026-12-05', '2026-12-04', 400],
    ['yesterday', '2026-12-04', 400],
  ])('from=%s to=%s → %i, on the review queue’s metrics and the market’s', async (from, to, status) => {
    const query = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    expect((await call('admin', 'GET', `/admin/review-cases/metrics?${query}`)).status).toBe(status);
    expect((await call('admin', 'GET', `/admin/metrics/market?${query}`)).status).toBe(status);
  });

  it('a day names the whole day: a case resolved today counts in from=to=today', async () => {
    const item = await reportedListing('Counted today', ['buyer']);
    expect(
      (await call('admin', 'POST', `/admin/review-cases/${item.id}/resolve`, { outcome: 'dismissed' })).status,
    ).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const metrics = await call('admin', 'GET', `/admin/review-cases/metrics?from=${today}&to=${today}`);
    const bySource = metrics.body.bySource as { source: string; resolved: number }[];
    expect(bySource.find((row) => row.source === 'listingReport')!.resolved).toBeGreaterThanOrEqual(1);
  });
});
