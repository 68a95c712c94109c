// Admin actions racing on one record, on real PostgreSQL (several pooled connections, so the two
// requests really run at once): resolve vs resolve, resolve vs dismiss, claim vs claim, resolve vs
// bulk resolve, claim vs bulk resolve, ring enforcement vs a granted appeal. Exactly one wins each time, the record
// carries only the winner's effects and one audit entry. And an error thrown between the steps of
// a resolution (a step that fails after the effects were written) leaves nothing of it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import type { ReviewCase } from '../../shared/contract/review-cases.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';
import { startReviewApp, type ReviewApp } from './review-cases-app.js';

const PAIRS = 8;

describe.skipIf(!canRun('postgres'))('admin actions racing on PostgreSQL', () => {
  let database: Database;
  let review: ReviewApp;
  const call: ReviewApp['call'] = (...args) => review.call(...args);
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;

  /** `count` off-platform cases, each about its own chat message by `sender` (the subject user). */
  async function flaggedMessages(sender: string, count: number): Promise<ReviewCase[]> {
    const chat = await call(sender, 'POST', '/chat', { otherUserId: await me('buyer') });
    expect(chat.status).toBe(200);
    const before = new Set(await openCaseIds());
    for (let n = 0; n < count; n++) {
      const sent = await call(sender, 'POST', '/message', {
        chatId: chat.body.id,
        message: `${sender} ${n}: text me on 555 two one two 45${String(n).padStart(2, '0')}`,
      });
      expect(sent.status).toBe(201);
    }
    const listed = await call('admin', 'GET', '/admin/review-cases?status=open&limit=100');
    const fresh = (listed.body.items as ReviewCase[]).filter((item) => !before.has(item.id));
    expect(fresh).toHaveLength(count);
    return fresh;
  }
  async function openCaseIds(): Promise<string[]> {
    const listed = await call('admin', 'GET', '/admin/review-cases?status=open,claimed&limit=100');
    return (listed.body.items as ReviewCase[]).map((item) => item.id);
  }
  const auditCount = async (action: string, recordId: string) =>
    Number(
      (
        await rows<{ n: string }>(
          sql`SELECT count(*) AS n FROM admin_actions WHERE action = ${action} AND record_id = ${recordId}`,
        )
      )[0]!.n,
    );
  const caseState = async (id: string) =>
    (
      await rows<{ status: string; outcome: string | null; assignee_uid: string | null }>(
        sql`SELECT status, outcome, assignee_uid FROM review_cases WHERE id = ${id}`,
      )
    )[0]!;

  beforeAll(async () => {
    review = await appOnPostgres((opened) => startReviewApp(opened), 10);
    database = review.database;
  }, 120_000);
  afterAll(async () => {
    await review?.close();
  });

  it('resolve vs resolve: one 200, one 409; one warning, one audit entry, the winner holds the case', async () => {
    const userId = await me('warned');
    for (const item of await flaggedMessages('warned', PAIRS)) {
      const warningsBefore = await enforcementCount(userId, 'warn');
      const answers = await Promise.all(
        ['admin', 'admin2'].map((admin) =>
          call(admin, 'POST', `/admin/review-cases/${item.id}/resolve`, { outcome: 'userWarned', note: admin }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.status === 200);
      const state = await caseState(item.id);
      expect(state).toMatchObject({
        status: 'resolved',
        outcome: 'userWarned',
        assignee_uid: `uid-admin${winner ? '2' : ''}`,
      });
      expect(await enforcementCount(userId, 'warn')).toBe(warningsBefore + 1);
      expect(await auditCount('resolveReviewCase', item.id)).toBe(1);
    }
  });

  it('resolve vs dismiss: the message is removed only when the removal won', async () => {
    for (const item of await flaggedMessages('chatty', PAIRS)) {
      const answers = await Promise.all([
        call('admin', 'POST', `/admin/review-cases/${item.id}/resolve`, { outcome: 'contentRemoved' }),
        call('admin2', 'POST', `/admin/review-cases/${item.id}/resolve`, { outcome: 'dismissed' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const removedWon = answers[0]!.status === 200;
      const [message] = await rows<{ deleted: boolean }>(
        sql`SELECT deleted_at IS NOT NULL AS deleted FROM chat_messages WHERE id = ${item.subjectId}`,
      );
      expect(message!.deleted).toBe(removedWon);
      expect((await caseState(item.id)).outcome).toBe(removedWon ? 'contentRemoved' : 'dismissed');
      expect(await auditCount('resolveReviewCase', item.id)).toBe(1);
      expect(await auditCount('softDelete', item.subjectId)).toBe(removedWon ? 1 : 0);
    }
  });

  it('claim vs claim: one holder, one audit entry', async () => {
    for (const item of await flaggedMessages('claimed', PAIRS)) {
      const answers = await Promise.all(
        ['admin', 'admin2'].map((admin) => call(admin, 'PATCH', `/admin/review-cases/${item.id}/claim`)),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.status === 200);
      expect((await caseState(item.id)).assignee_uid).toBe(`uid-admin${winner ? '2' : ''}`);
      expect(await auditCount('claimReviewCase', item.id)).toBe(1);
    }
  });

  it('resolve vs bulk resolve: the raced case is resolved once, by one of them', async () => {
    const items = await flaggedMessages('bulked', PAIRS * 2);
    for (let pair = 0; pair < PAIRS; pair++) {
      const [other, raced] = [items[pair * 2]!, items[pair * 2 + 1]!];
      const [single, bulk] = await Promise.all([
        call('admin', 'POST', `/admin/review-cases/${raced.id}/resolve`, { outcome: 'userWarned' }),
        call('admin2', 'POST', '/admin/review-cases/resolve', { ids: [other.id, raced.id], outcome: 'dismissed' }),
      ]);
      // A case already resolved is left out of a bulk resolve (not counted); one still open is
      // resolved with the rest. Either way the raced case is resolved once, by one of them.
      if (single.status === 200) {
        expect(bulk.body).toEqual({ resolved: 1 });
        expect(await caseState(raced.id)).toMatchObject({ outcome: 'userWarned', assignee_uid: 'uid-admin' });
      } else {
        expect(single.status).toBe(409);
        expect(bulk.body).toEqual({ resolved: 2 });
        expect(await caseState(raced.id)).toMatchObject({ outcome: 'dismissed', assignee_uid: 'uid-admin2' });
      }
      expect(bulk.status).toBe(200);
      expect(await caseState(other.id)).toMatchObject({ status: 'resolved', outcome: 'dismissed' });
      expect(await auditCount('resolveReviewCase', other.id)).toBe(1);
      expect(await auditCount('resolveReviewCase', raced.id)).toBe(1);
    }
  });

  it('claim vs bulk resolve: the bulk is all or none, naming the case that stopped it', async () => {
    const items = await flaggedMessages('held', PAIRS * 2);
    for (let pair = 0; pair < PAIRS; pair++) {
      const [other, raced] = [items[pair * 2]!, items[pair * 2 + 1]!];
      const [claim, bulk] = await Promise.all([
        call('admin', 'PATCH', `/admin/review-cases/${raced.id}/claim`),
        call('admin2', 'POST', '/admin/review-cases/resolve', { ids: [other.id, raced.id], outcome: 'dismissed' }),
      ]);
      expect([claim.status, bulk.status].sort()).toEqual([200, 409]);
      if (claim.status === 200) {
        expect(bulk.body.message).toContain(raced.id);
        // Nothing of the bulk: the case before the one that stopped it is still open.
        expect(await caseState(other.id)).toMatchObject({ status: 'open', outcome: null });
        expect(await caseState(raced.id)).toMatchObject({ status: 'claimed', assignee_uid: 'uid-admin' });
        expect(await auditCount('resolveReviewCase', other.id)).toBe(0);
        expect(await auditCount('resolveReviewCase', raced.id)).toBe(0);
      } else {
        expect(bulk.body).toEqual({ resolved: 2 });
        expect(await caseState(other.id)).toMatchObject({ status: 'resolved', outcome: 'dismissed' });
        expect(await caseState(raced.id)).toMatchObject({ status: 'resolved', assignee_uid: 'uid-admin2' });
        expect(await auditCount('claimReviewCase', raced.id)).toBe(0);
      }
    }
  });

  it('ring enforcement vs a granted appeal: serialised on the user; the state is the last action’s', async () => {
    for (let pair = 0; pair < PAIRS; pair++) {
      const user = `appealing${pair}`;
      const userId = await me(user);
      const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const suspended = await call('admin', 'POST', `/admin/users/${userId}/enforcement`, {
        action: 'suspend',
        reason: 'First suspension',
        until,
      });
      expect(suspended.status).toBe(200);
      const [enforcement] = await rows<{ id: string }>(
        sql`SELECT id FROM user_enforcements WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 1`,
      );
      expect((await call(user, 'POST', '/appeal', { enforcementId: enforcement!.id, text: 'Not me' })).status).toBe(
        201,
      );
      const [appealCase] = await rows<{ id: string }>(
        sql`SELECT id FROM review_cases WHERE source = 'appeal' AND subject_id = ${userId}`,
      );
      const [granted, ring] = await Promise.all([
        call('admin', 'POST', `/admin/review-cases/${appealCase!.id}/resolve`, { outcome: 'appealGranted' }),
        call('admin2', 'POST', '/admin/rings/enforcement', { userIds: [userId], action: 'ban', reason: 'Ring' }),
      ]);
      expect(granted.status).toBe(200);
      expect(ring.status).toBe(200);
      const history = await rows<{ action: string }>(
        sql`SELECT action FROM user_enforcements WHERE user_id = ${userId} ORDER BY created_at, id`,
      );
      expect(history.map((row) => row.action).sort()).toEqual(['ban', 'lift', 'suspend']);
      // Which ran second is read from what each saw before it (its audit entry's `before`): one saw
      // the other's result, never both the first suspension.
      const seen = await rows<{ action: string; before_action: string | null }>(
        sql`SELECT action, before -> 'enforcement' ->> 'action' AS before_action FROM admin_actions
            WHERE record_id = ${userId} AND action IN ('banUser', 'liftEnforcement')`,
      );
      const saw = Object.fromEntries(seen.map((row) => [row.action, row.before_action]));
      const banFirst = saw.liftEnforcement === 'ban';
      expect(saw).toEqual(
        banFirst ? { banUser: 'suspend', liftEnforcement: 'ban' } : { banUser: null, liftEnforcement: 'suspend' },
      );
      const [state] = await rows<{ suspended: boolean }>(
        sql`SELECT suspended_until IS NOT NULL AND suspended_until > now() AS suspended FROM users WHERE id = ${userId}`,
      );
      expect(state!.suspended).toBe(!banFirst);
      expect(await auditCount('resolveReviewCase', appealCase!.id)).toBe(1);
      expect(await auditCount('banUser', userId)).toBe(1);
    }
  });

  it('an error thrown between the steps of a resolution leaves nothing: no removal, no warning, no notification', async () => {
    const [item] = await flaggedMessages('crashing', 1);
    const userId = await me('crashing');
    const macro = await call('admin', 'POST', '/admin/macros', {
      title: 'Remove and warn',
      outcome: 'contentRemoved',
      note: 'Off-platform contact',
      userMessage: 'Keep deals on the marketplace',
      enforcement: { action: 'warn' },
    });
    expect(macro.status).toBe(200);
    // The failing step: the case's own audit entry, written after every effect.
    await database.runScript(`
      CREATE FUNCTION fail_resolution() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'resolveReviewCase' AND NEW.record_id = '${item!.id}' THEN
          RAISE EXCEPTION 'injected failure between steps';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER fail_resolution BEFORE INSERT ON admin_actions FOR EACH ROW EXECUTE FUNCTION fail_resolution();`);
    try {
      const warningsBefore = await enforcementCount(userId, 'warn');
      const failed = await call('admin', 'POST', `/admin/review-cases/${item!.id}/resolve`, {
        macroId: macro.body.id,
        notifyReporter: true,
      });
      expect(failed.status).toBe(500);
      expect(await caseState(item!.id)).toMatchObject({ status: 'open', outcome: null });
      const [message] = await rows<{ deleted: boolean }>(
        sql`SELECT deleted_at IS NOT NULL AS deleted FROM chat_messages WHERE id = ${item!.subjectId}`,
      );
      expect(message!.deleted).toBe(false);
      expect(await enforcementCount(userId, 'warn')).toBe(warningsBefore);
      const notices = await rows<{ type: string }>(
        sql`SELECT type FROM notifications WHERE user_id = ${userId} AND type IN ('accountAction', 'moderationMessage')`,
      );
      expect(notices).toEqual([]);
      expect(await auditCount('softDelete', item!.subjectId)).toBe(0);
      expect(await auditCount('warnUser', userId)).toBe(0);
    } finally {
      await database.runScript('DROP TRIGGER fail_resolution ON admin_actions; DROP FUNCTION fail_resolution();');
    }
    // Once the fault is gone the same resolution goes through whole, warning once.
    const done = await call('admin', 'POST', `/admin/review-cases/${item!.id}/resolve`, { macroId: macro.body.id });
    expect(done.status).toBe(200);
    expect(await enforcementCount(userId, 'warn')).toBe(1);
  });

  async function enforcementCount(userId: string, action: string): Promise<number> {
    const [row] = await rows<{ n: string }>(
      sql`SELECT count(*) AS n FROM user_enforcements WHERE user_id = ${userId} AND action = ${action}`,
    );
    return Number(row!.n);
  }
});
