// Appeals: the enforced user asks for an enforcement to be reconsidered (`POST /v1/appeal`), while
// suspended too, once per enforcement, within APPEAL_WINDOW_DAYS. Each appeal is a review case
// (source `appeal`, about the user) carrying the enforcement and its reason; granting it lifts the
// enforcement through the accounts' enforcement service, denying keeps it, and both tell the user.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { APPEAL_WINDOW_DAYS, type Appeal, type CreateAppealBody } from '../../../shared/contract/review-team.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { Db, Executor } from '../../platform/db/database.js';
import type { AdminOutbox } from '../../platform/events/admin-unit-of-work.js';
import { appeals, userEnforcements } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf, isoOrNull } from '../../platform/db/values.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/http/errors.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { enforceIn } from '../accounts/index.js';
import { notify } from '../notifications/index.js';
import type { CaseRow } from './case-items.js';
import { openReviewCase } from './open-case.js';

const ENFORCEMENT_ROW = sqlRow(
  userEnforcements,
  'id',
  'action',
  'reason',
  'until',
  'admin_uid',
  'admin_email',
  'created_at',
).extend({ within_window: z.boolean() });
const APPEAL_ROW = sqlRow(appeals, 'id', 'enforcement_id', 'text', 'status', 'created_at', 'decided_at');

export async function createAppeal(
  deps: ServiceDeps,
  userId: string,
  body: CreateAppealBody,
): Promise<{ id: string; status: 'open' }> {
  return inUnitOfWork(deps, async (tx, outbox) => {
    const [enforcement] = await readRows(
      tx,
      ENFORCEMENT_ROW,
      sql`SELECT id, action, reason, until, admin_uid, admin_email, created_at,
                 created_at > now() - make_interval(days => ${APPEAL_WINDOW_DAYS}) AS within_window
          FROM user_enforcements WHERE id = ${body.enforcementId} AND user_id = ${userId}`,
    );
    // Somebody else's enforcement is as unknown as a made-up id.
    if (!enforcement) throw notFound('Enforcement');
    if (enforcement.action === 'lift') throw badRequest('A lifted enforcement cannot be appealed');
    if (!enforcement.within_window) {
      throw conflict(`An enforcement can be appealed within ${APPEAL_WINDOW_DAYS} days`);
    }
    const [appeal] = await readRows(
      tx,
      sqlRow(appeals, 'id'),
      sql`INSERT INTO appeals (user_id, enforcement_id, text) VALUES (${userId}, ${enforcement.id}, ${body.text})
          ON CONFLICT (enforcement_id) DO NOTHING RETURNING id`,
    );
    if (!appeal) throw conflict('This enforcement was already appealed');
    const opened = await openReviewCase(tx, outbox, {
      source: 'appeal',
      subjectType: 'user',
      subjectId: userId,
      subjectUserId: userId,
      reason: `Appeal of ${enforcement.action}: ${enforcement.reason}`.slice(0, 500),
      excerpt: body.text,
      details: {
        appealId: appeal.id,
        enforcement: {
          id: enforcement.id,
          action: enforcement.action,
          reason: enforcement.reason,
          until: isoOrNull(enforcement.until),
          createdAt: isoOf(enforcement.created_at),
          admin: { uid: enforcement.admin_uid, email: enforcement.admin_email },
        },
      },
    });
    await tx.execute(sql`UPDATE appeals SET case_id = ${opened.id} WHERE id = ${appeal.id}`);
    return { id: appeal.id, status: 'open' as const };
  });
}

export async function appealsOf(db: Executor, userId: string): Promise<{ count: number; items: Appeal[] }> {
  const rows = await readRows(
    db,
    APPEAL_ROW,
    sql`SELECT id, enforcement_id, text, status, created_at, decided_at FROM appeals
        WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 1000`,
  );
  const items = rows.map((row) => ({
    id: row.id,
    enforcementId: row.enforcement_id,
    text: row.text,
    status: row.status,
    createdAt: isoOf(row.created_at),
    decidedAt: isoOrNull(row.decided_at),
  }));
  return { count: items.length, items };
}

/**
 * Granting an appeal lifts what is in effect on the user, through the enforcement service (its
 * notification, audit entry and effects). A warning, or a suspension already over, has nothing
 * left to lift: the appeal is granted all the same.
 */
export async function liftAppealedEnforcement(
  tx: Executor,
  outbox: AdminOutbox,
  deps: { db: Db },
  row: CaseRow,
  admin: VerifiedIdentity,
): Promise<void> {
  const [appeal] = await readRows(
    tx,
    sqlRow(appeals, 'user_id').extend({ action: sqlRow(userEnforcements, 'action').shape.action }),
    sql`SELECT a.user_id, e.action FROM appeals a JOIN user_enforcements e ON e.id = a.enforcement_id
        WHERE a.case_id = ${row.id}`,
  );
  if (!appeal || appeal.action === 'warn') return;
  // The refusal (nothing in effect to lift: 409) is decided before the enforcement writes anything,
  // so the transaction goes on unharmed.
  await enforceIn(tx, outbox, deps, {
    userId: appeal.user_id,
    action: 'lift',
    reason: `Appeal granted (review case ${row.id})`,
    admin,
  }).catch((error: unknown) => {
    if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
  });
}

/** In the resolving transaction: the appeal's decision, and the user told of it. */
export async function recordAppealDecision(tx: Executor, caseId: string, granted: boolean): Promise<void> {
  const [appeal] = await readRows(
    tx,
    sqlRow(appeals, 'id', 'user_id', 'enforcement_id'),
    sql`UPDATE appeals SET status = ${granted ? 'granted' : 'denied'}, decided_at = now()
        WHERE case_id = ${caseId} AND status = 'open' RETURNING id, user_id, enforcement_id`,
  );
  if (!appeal) return;
  await notify(
    tx,
    appeal.user_id,
    'appealDecided',
    granted ? 'Your appeal was granted: the restriction is lifted' : 'Your appeal was reviewed and denied',
    { appealId: appeal.id, enforcementId: appeal.enforcement_id, granted },
  );
}
