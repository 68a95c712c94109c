// The review queue at team scale, route by route (due dates, assign, escalate, macros, appeals,
// metrics, settings, saved views), run on both drivers: review-team-routes.test.ts (PGlite) and
// review-team-postgres.test.ts (PostgreSQL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import type { ReviewCase } from '../../shared/contract/review-cases.js';
import type { ReviewApp } from './review-cases-app.js';

const HOUR = 3_600_000;

export function reviewTeamSuite(start: () => Promise<ReviewApp>) {
  let review: ReviewApp;
  const call: ReviewApp['call'] = (...args) => review.call(...args);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(review.database.db, query);
  const caseOf = async (id: string) => (await call('admin', 'GET', `/admin/review-cases/${id}`)).body as ReviewCase;

  async function reportedListing(
    body: object,
    reportType = 'nudity',
  ): Promise<{ listingId: string; item: ReviewCase }> {
    const created = await call('seller', 'POST', '/listing', { description: 'A fine thing', price: 30, ...body });
    expect(created.status).toBe(201);
    const listingId = created.body.id as string;
    expect((await call('buyer', 'POST', '/listing/report', { listingId, reportType })).status).toBe(201);
    const listed = await call('admin', 'GET', `/admin/review-cases?source=listingReport&limit=100`);
    const item = (listed.body.items as ReviewCase[]).find((c) => c.subjectId === listingId)!;
    return { listingId, item };
  }

  /** A user's id and a fresh enforcement of theirs (the id their notification carries). */
  async function enforced(user: string, action: string, extra: object = {}) {
    const userId = await me(user);
    const answer = await call('admin', 'POST', `/admin/users/${userId}/enforcement`, {
      action,
      reason: `Test ${action}`,
      ...extra,
    });
    expect(answer.status).toBe(200);
    const [notice] = await rows<{ data: { enforcementId: string } | string }>(
      sql`SELECT data FROM notifications WHERE user_id = ${userId} AND type = 'accountAction'
          ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    const data = typeof notice!.data === 'string' ? JSON.parse(notice!.data) : notice!.data;
    return { userId, enforcementId: data.enforcementId as string };
  }

  const notifications = (userId: string, type: string) =>
    rows<{ title: string; body: string | null }>(
      sql`SELECT title, body FROM notifications WHERE user_id = ${userId} AND type = ${type} ORDER BY created_at`,
    );

  beforeAll(async () => {
    review = await start();
  }, 120_000);
  afterAll(async () => {
    await review?.close();
  });

  describe('due dates', () => {
    it('a case is due by its priority; overdue once that passes', async () => {
      const { item } = await reportedListing({ title: 'Walnut stool' });
      expect(item.priority).toBe('normal');
      expect(Date.parse(item.dueAt) - Date.parse(item.createdAt)).toBe(24 * HOUR);
      expect(item).toMatchObject({ overdue: false, escalated: false });
      await review.database.db.execute(
        sql`UPDATE review_cases SET created_at = now() - interval '25 hours' WHERE id = ${item.id}`,
      );
      expect((await caseOf(item.id)).overdue).toBe(true);
      const { item: low } = await reportedListing({ title: 'Pine stool' }, 'other');
      expect(Date.parse(low.dueAt) - Date.parse(low.createdAt)).toBe(72 * HOUR);
    });

    it('counts the unresolved high-priority cases past their due date (what the dock badge shows)', async () => {
      const counts = async () =>
        (await call('mod', 'GET', '/admin/review-cases/counts')).body as Record<string, number>;
      const before = await counts();
      const { item } = await reportedListing({ title: 'Cedar stool' });
      expect((await call('mod', 'PATCH', `/admin/review-cases/${item.id}/escalate`, { note: 'Urgent' })).status).toBe(
        200,
      );
      expect(await counts()).toMatchObject({ high: before.high! + 1, overdueHigh: before.overdueHigh });
      // Four hours and a minute later, the escalated (high) case is overdue.
      await review.database.db.execute(
        sql`UPDATE review_cases SET created_at = now() - interval '241 minutes' WHERE id = ${item.id}`,
      );
      expect(await counts()).toMatchObject({ high: before.high! + 1, overdueHigh: before.overdueHigh! + 1 });
      // Resolved, it counts no more.
      const resolved = await call('mod', 'POST', `/admin/review-cases/${item.id}/resolve`, {
        outcome: 'dismissed',
        note: 'Handled',
      });
      expect(resolved.status).toBe(200);
      expect(await counts()).toMatchObject({ high: before.high, overdueHigh: before.overdueHigh });
    });

    it('counts the unresolved cases of any priority past their due date (the dock badge counts them too)', async () => {
      const counts = async () =>
        (await call('mod', 'GET', '/admin/review-cases/counts')).body as Record<string, number>;
      const before = await counts();
      const { item } = await reportedListing({ title: 'Elm stool' });
      expect(item.priority).toBe('normal');
      expect(await counts()).toMatchObject({ overdue: before.overdue, overdueHigh: before.overdueHigh });
      // A day and a minute later, the normal case is overdue: counted in `overdue`, not in `overdueHigh`.
      await review.database.db.execute(
        sql`UPDATE review_cases SET created_at = now() - interval '1441 minutes' WHERE id = ${item.id}`,
      );
      expect(await counts()).toMatchObject({
        high: before.high,
        overdue: before.overdue! + 1,
        overdueHigh: before.overdueHigh,
      });
      const resolved = await call('mod', 'POST', `/admin/review-cases/${item.id}/resolve`, {
        outcome: 'dismissed',
        note: 'Handled',
      });
      expect(resolved.status).toBe(200);
      expect(await counts()).toMatchObject({ overdue: before.overdue });
    });

    it('a case about a running auction is due an hour before its end, and follows the end when it moves', async () => {
      const endTime = Date.now() + 10 * HOUR;
      const { listingId, item } = await reportedListing({
        title: 'Signed print',
        listingType: 'auction',
        startingBid: 1,
        endTime,
      });
      expect(Date.parse(item.dueAt)).toBe(endTime - HOUR);
      // The seller extends the running auction by 30 minutes: the case's due date moves with it.
      expect((await call('seller', 'PATCH', `/listing/${listingId}/increment-time`, { minutes: 30 })).status).toBe(200);
      expect(Date.parse((await caseOf(item.id)).dueAt)).toBe(endTime - HOUR + 30 * 60_000);
      // An auction far away: the priority's bound comes first.
      const far = await reportedListing({
        title: 'Far print',
        listingType: 'auction',
        startingBid: 1,
        endTime: Date.now() + 5 * 24 * HOUR,
      });
      expect(Date.parse(far.item.dueAt) - Date.parse(far.item.createdAt)).toBe(24 * HOUR);
    });

    it('sortBy=dueAt lists the soonest due first (ASC)', async () => {
      const listed = await call(
        'admin',
        'GET',
        '/admin/review-cases?sortBy=dueAt&order=ASC&status=open,claimed&limit=100',
      );
      expect(listed.status).toBe(200);
      const due = (listed.body.items as ReviewCase[]).map((c) => Date.parse(c.dueAt));
      expect(due.length).toBeGreaterThan(2);
      expect(due).toEqual([...due].sort((a, b) => a - b));
      expect((await call('admin', 'GET', '/admin/review-cases?sortBy=due')).status).toBe(400);
    });
  });

  describe('assign and escalate', () => {
    it('assigns to an admin whose role may work cases (400 otherwise), escalates; both audited', async () => {
      const { item } = await reportedListing({ title: 'Oak bench' });
      const assigned = await call('admin', 'PATCH', `/admin/review-cases/${item.id}/assign`, { uid: 'uid-mod' });
      expect(assigned.status).toBe(200);
      expect(assigned.body).toMatchObject({
        status: 'claimed',
        assignee: { uid: 'uid-mod', email: 'mod@market.test' },
      });
      for (const uid of ['uid-fin', 'uid-buyer', 'nobody']) {
        const refused = await call('admin', 'PATCH', `/admin/review-cases/${item.id}/assign`, { uid });
        expect(refused.status).toBe(400);
      }
      expect((await call('admin', 'PATCH', `/admin/review-cases/${item.id}/assign`, {})).status).toBe(400);
      expect((await call('fin', 'PATCH', `/admin/review-cases/${item.id}/assign`, { uid: 'uid-mod' })).status).toBe(
        403,
      );
      expect((await call('admin', 'PATCH', `/admin/review-cases/missing/assign`, { uid: 'uid-mod' })).status).toBe(404);

      const escalated = await call('mod', 'PATCH', `/admin/review-cases/${item.id}/escalate`, {
        note: 'Looks like a ring',
      });
      expect(escalated.status).toBe(200);
      expect(escalated.body).toMatchObject({ priority: 'high', escalated: true, note: 'Looks like a ring' });
      expect((await call('mod', 'PATCH', `/admin/review-cases/${item.id}/escalate`, { note: '' })).status).toBe(400);

      const audit = await call('admin', 'GET', `/admin/audit-log?recordType=review_case&recordId=${item.id}`);
      const actions = (audit.body.items as { action: string }[]).map((entry) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(['assignReviewCase', 'escalateReviewCase']));
    });
    it('lists the admins a case may be assigned to, online first (moderators and support ask; finance may not)', async () => {
      const assignees = async (admin = 'mod') => {
        const answer = await call(admin, 'GET', '/admin/review-cases/assignees');
        expect(answer.status).toBe(200);
        return answer.body.items as { uid: string; email: string | null; role: string; online: boolean }[];
      };
      // The directory's admins whose role may work cases: not finance, not the disabled.
      expect(await assignees()).toEqual([
        { uid: 'uid-admin', email: 'admin@market.test', role: 'owner', online: false },
        { uid: 'uid-mod', email: 'mod@market.test', role: 'moderator', online: false },
      ]);
      // Online (an open back office, as the realtime layer reports it) comes first; someone online
      // the directory does not list is offered too, finance online is not.
      review.online.push(
        { uid: 'uid-mod', email: 'mod@market.test', adminRole: 'moderator' },
        { uid: 'uid-mod', email: 'mod@market.test', adminRole: 'moderator' },
        { uid: 'uid-mod-late', email: 'late@market.test', adminRole: 'moderator' },
        { uid: 'uid-fin', email: 'fin@market.test', adminRole: 'finance' },
      );
      try {
        expect(await assignees('admin')).toEqual([
          { uid: 'uid-mod-late', email: 'late@market.test', role: 'moderator', online: true },
          { uid: 'uid-mod', email: 'mod@market.test', role: 'moderator', online: true },
          { uid: 'uid-admin', email: 'admin@market.test', role: 'owner', online: false },
        ]);
      } finally {
        review.online.length = 0;
      }
      expect((await call('fin', 'GET', '/admin/review-cases/assignees')).status).toBe(403);
      expect((await call('buyer', 'GET', '/admin/review-cases/assignees')).status).toBe(403);
      expect((await call(null, 'GET', '/admin/review-cases/assignees')).status).toBe(401);
    });
  });

  describe('macros', () => {
    it('CRUD by the owner (403 for a moderator), and resolving with a macro applies it whole', async () => {
      const body = {
        title: 'Off-platform warning',
        outcome: 'userWarned',
        note: 'Shared a phone number',
        userMessage: 'Please keep deals on the marketplace.',
        enforcement: { action: 'suspendSelling' },
      };
      expect((await call('mod', 'POST', '/admin/macros', body)).status).toBe(403);
      expect((await call('admin', 'POST', '/admin/macros', { ...body, extra: 1 })).status).toBe(400);
      const created = await call('admin', 'POST', '/admin/macros', body);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject(body);
      const macroId = created.body.id as string;
      expect((await call('mod', 'GET', '/admin/macros')).body.items).toContainEqual(created.body);
      const renamed = await call('admin', 'PATCH', `/admin/macros/${macroId}`, { title: 'Warn: off-platform' });
      expect(renamed.body).toMatchObject({ ...body, title: 'Warn: off-platform' });

      const { item } = await reportedListing({ title: 'Teak chair' });
      expect((await call('mod', 'POST', `/admin/review-cases/${item.id}/resolve`, {})).status).toBe(400);
      expect((await call('mod', 'POST', `/admin/review-cases/${item.id}/resolve`, { macroId: 'missing' })).status).toBe(
        404,
      );
      const resolved = await call('mod', 'POST', `/admin/review-cases/${item.id}/resolve`, { macroId });
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({ status: 'resolved', outcome: 'userWarned', note: 'Shared a phone number' });
      const sellerId = await me('seller');
      expect(await notifications(sellerId, 'moderationMessage')).toEqual([
        { title: 'A message from the marketplace team', body: 'Please keep deals on the marketplace.' },
      ]);
      const seller = await call('admin', 'GET', `/admin/users/${sellerId}`);
      expect(seller.body.enforcement).toMatchObject({ action: 'suspendSelling' });
      // Lifted again so the other tests' seller can sell.
      await call('admin', 'POST', `/admin/users/${sellerId}/enforcement`, { action: 'lift', reason: 'test done' });

      const removed = await call('admin', 'DELETE', `/admin/macros/${macroId}`);
      expect(removed.status).toBe(204);
      expect((await call('admin', 'DELETE', `/admin/macros/${macroId}`)).status).toBe(404);
    });
  });

  describe('appeals', () => {
    it('a suspended user appeals once (409 the second time); granting lifts the enforcement and tells them', async () => {
      const until = new Date(Date.now() + 7 * 24 * HOUR).toISOString();
      const { userId, enforcementId } = await enforced('appellant', 'suspend', { until });
      expect((await call('appellant', 'GET', '/user/my-details')).status).toBe(403);
      const filed = await call('appellant', 'POST', '/appeal', { enforcementId, text: 'I did nothing wrong' });
      expect(filed.status).toBe(201);
      expect(filed.body).toEqual({ id: expect.any(String), status: 'open' });
      const again = await call('appellant', 'POST', '/appeal', { enforcementId, text: 'Please' });
      expect(again.status).toBe(409);
      expect((await call('buyer', 'POST', '/appeal', { enforcementId, text: 'Not mine' })).status).toBe(404);
      expect((await call('appellant', 'POST', '/appeal', { enforcementId, text: '' })).status).toBe(400);
      expect((await call(null, 'POST', '/appeal', { enforcementId, text: 'x' })).status).toBe(401);
      const mine = await call('appellant', 'GET', '/appeal');
      expect(mine.body).toMatchObject({ count: 1, items: [{ id: filed.body.id, enforcementId, status: 'open' }] });

      const listed = await call('admin', 'GET', '/admin/review-cases?source=appeal&limit=100');
      const appealCase = (listed.body.items as ReviewCase[]).find((c) => c.subjectId === userId)!;
      expect(appealCase).toMatchObject({ subjectType: 'user', status: 'open', excerpt: 'I did nothing wrong' });
      expect(appealCase.reason).toContain('Test suspend');
      const detail = await call('admin', 'GET', `/admin/review-cases/${appealCase.id}`);
      expect(detail.body.evidence).toMatchObject({
        details: { enforcement: { id: enforcementId, action: 'suspend' } },
      });

      expect(
        (await call('admin', 'POST', `/admin/review-cases/${appealCase.id}/resolve`, { outcome: 'dismissed' })).status,
      ).toBe(400);
      const granted = await call('admin', 'POST', `/admin/review-cases/${appealCase.id}/resolve`, {
        outcome: 'appealGranted',
      });
      expect(granted.status).toBe(200);
      expect((await call('appellant', 'GET', '/user/my-details')).status).toBe(200);
      expect((await notifications(userId, 'appealDecided')).map((n) => n.title)).toEqual([
        'Your appeal was granted: the restriction is lifted',
      ]);
      expect((await call('appellant', 'GET', '/appeal')).body.items).toMatchObject([{ status: 'granted' }]);
    });

    it('denying keeps the enforcement; an enforcement older than 30 days cannot be appealed', async () => {
      const { userId, enforcementId } = await enforced('denied', 'suspendSelling');
      const filed = await call('denied', 'POST', '/appeal', { enforcementId, text: 'Let me sell' });
      expect(filed.status).toBe(201);
      const listed = await call('admin', 'GET', '/admin/review-cases?source=appeal&status=open&limit=100');
      const appealCase = (listed.body.items as ReviewCase[]).find((c) => c.subjectId === userId)!;
      const denied = await call('admin', 'POST', `/admin/review-cases/${appealCase.id}/resolve`, {
        outcome: 'appealDenied',
      });
      expect(denied.status).toBe(200);
      expect((await call('admin', 'GET', `/admin/users/${userId}`)).body.enforcement).toMatchObject({
        action: 'suspendSelling',
      });
      expect((await notifications(userId, 'appealDecided')).map((n) => n.title)).toEqual([
        'Your appeal was reviewed and denied',
      ]);

      const old = await enforced('denied', 'warn');
      await review.database.db.execute(
        sql`UPDATE user_enforcements SET created_at = now() - interval '31 days' WHERE id = ${old.enforcementId}`,
      );
      expect((await call('denied', 'POST', '/appeal', { enforcementId: old.enforcementId, text: 'Late' })).status).toBe(
        409,
      );
    });
  });

  describe('metrics, settings and saved views', () => {
    it('metrics over a range: backlog, per source, per admin', async () => {
      const from = new Date(Date.now() - 24 * HOUR).toISOString();
      const to = new Date(Date.now() + HOUR).toISOString();
      const metrics = await call('mod', 'GET', `/admin/review-cases/metrics?from=${from}&to=${to}`);
      expect(metrics.status).toBe(200);
      const body = metrics.body as {
        backlog: { open: number; claimed: number; overdue: number };
        bySource: { source: string; opened: number; resolved: number; medianMinutesToResolve: number | null }[];
        byAdmin: { admin: { uid: string }; resolved: number; medianMinutesToFirstAction: number | null }[];
      };
      expect(body.backlog.open).toBeGreaterThan(0);
      expect(body.backlog.overdue).toBeGreaterThan(0);
      expect(body.bySource.find((s) => s.source === 'listingReport')!.opened).toBeGreaterThan(3);
      expect(body.bySource.find((s) => s.source === 'appeal')).toMatchObject({ opened: 2, resolved: 2 });
      const admin = body.byAdmin.find((a) => a.admin.uid === 'uid-admin')!;
      expect(admin.resolved).toBeGreaterThanOrEqual(2);
      expect(admin.medianMinutesToFirstAction).not.toBeNull();
      expect((await call('mod', 'GET', `/admin/review-cases/metrics?from=${to}&to=${from}`)).status).toBe(400);
      expect((await call('mod', 'GET', `/admin/review-cases/metrics?from=yesterday&to=${to}`)).status).toBe(400);
      expect((await call('fin', 'GET', `/admin/review-cases/metrics?from=${from}&to=${to}`)).status).toBe(403);
    });

    it('auto-assignment is an opt-in setting the owner changes', async () => {
      expect((await call('mod', 'GET', '/admin/review-cases/settings')).body).toEqual({ autoAssign: false });
      expect((await call('mod', 'PATCH', '/admin/review-cases/settings', { autoAssign: true })).status).toBe(403);
      expect((await call('admin', 'PATCH', '/admin/review-cases/settings', { autoAssign: 'yes' })).status).toBe(400);
      const on = await call('admin', 'PATCH', '/admin/review-cases/settings', { autoAssign: true });
      expect(on.body).toEqual({ autoAssign: true });
      expect((await call('admin', 'PATCH', '/admin/review-cases/settings', { autoAssign: false })).body).toEqual({
        autoAssign: false,
      });
    });

    it('saved views: private to their owner or shared; only the owner renames or deletes', async () => {
      const query = { search: 'lamp', sortBy: 'dueAt', order: 'ASC', filters: { priority: ['high'] } };
      const mine = await call('admin', 'POST', '/admin/views', { list: 'reviewCases', name: 'Mine', query });
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({
        list: 'reviewCases',
        name: 'Mine',
        query,
        shared: false,
        owner: { uid: 'uid-admin' },
      });
      const team = await call('admin', 'POST', '/admin/views', {
        list: 'users',
        name: 'New sellers',
        query: { sortBy: 'createdAt' },
        shared: true,
      });
      expect(team.status).toBe(200);
      expect((await call('admin', 'POST', '/admin/views', { list: 'nope', name: 'x', query: {} })).status).toBe(400);
      expect((await call('admin', 'POST', '/admin/views', { list: 'users', name: '', query: {} })).status).toBe(400);

      const seen = async (admin: string) =>
        ((await call(admin, 'GET', '/admin/views')).body.items as { id: string }[]).map((view) => view.id);
      expect(await seen('admin')).toEqual(expect.arrayContaining([mine.body.id, team.body.id]));
      expect(await seen('mod')).toContain(team.body.id);
      expect(await seen('mod')).not.toContain(mine.body.id);
      expect((await call('mod', 'PATCH', `/admin/views/${mine.body.id}`, { name: 'x' })).status).toBe(404);
      expect((await call('mod', 'PATCH', `/admin/views/${team.body.id}`, { name: 'Theirs' })).status).toBe(403);
      expect((await call('admin', 'PATCH', `/admin/views/${team.body.id}`, { name: ' ' })).status).toBe(400);
      expect((await call('admin', 'PATCH', `/admin/views/${team.body.id}`, { shared: false })).status).toBe(400);
      const renamed = await call('admin', 'PATCH', `/admin/views/${team.body.id}`, { name: 'Sellers this week' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: team.body.id, name: 'Sellers this week', shared: true });
      expect(
        ((await call('mod', 'GET', '/admin/views')).body.items as { id: string; name: string }[]).find(
          (view) => view.id === team.body.id,
        )?.name,
      ).toBe('Sellers this week');
      expect((await call('mod', 'DELETE', `/admin/views/${mine.body.id}`)).status).toBe(404);
      expect((await call('mod', 'DELETE', `/admin/views/${team.body.id}`)).status).toBe(403);
      expect((await call('admin', 'DELETE', `/admin/views/${team.body.id}`)).status).toBe(204);
      expect(await seen('mod')).not.toContain(team.body.id);
    });
  });
}
