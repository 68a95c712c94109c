// The queue worked by a team: assigning a case to another admin whose role may work cases,
// escalating it, and auto-assignment (an opt-in team setting): a newly opened case goes to the
// least-loaded moderator who is online, i.e. holds an open `/admin` socket on any API node (the
// realtime layer answers who; with Redis it asks every node); the assignee picker's list.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { mayUseRoute, type AdminRole } from '../../../shared/contract/admin-permissions.js';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import type { Assignee, ReviewQueueSettings } from '../../../shared/contract/review-team.js';
import { TEAM_SIZE_MAX } from '../../../shared/contract/admin-team-routes.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { OnlineAdmin } from '../../platform/realtime/admin-presence.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { reviewQueueSettings } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { AdminDeps } from '../../platform/http/admin-handler.js';
import { badRequest } from '../../platform/http/errors.js';
import { changed, logged } from './case-actions.js';
import { caseItem } from './case-items.js';

/** Whether a role may hold a case: the roles the claim route allows. */
export const mayWorkCases = (role: AdminRole | null | undefined) =>
  mayUseRoute(role === undefined ? 'owner' : role, 'reviewCases.claim');

type TeamDeps = Pick<AdminDeps, 'db' | 'events' | 'identity'>;

export async function assignCase(
  deps: TeamDeps,
  id: string,
  uid: string,
  admin: VerifiedIdentity,
): Promise<ReviewCase> {
  const assignee = uid === admin.uid ? admin : await deps.identity.accountOf?.(uid);
  if (!assignee || !assignee.admin || !mayWorkCases(assignee.adminRole)) {
    throw badRequest('Cases can be assigned only to an admin whose role may work them');
  }
  // Assigning is a lead's move: it takes the case from whoever held it.
  const item = await logged(deps.db, admin, 'assignReviewCase', id, (tx) =>
    changed(
      tx,
      sql`UPDATE review_cases SET status = 'claimed', assignee_uid = ${assignee.uid},
                 assignee_email = ${assignee.email}, updated_at = now()
          WHERE id = ${id} AND status <> 'resolved' RETURNING id`,
    ),
  );
  deps.events.emit('reviewCaseUpdated', item);
  return item;
}

export async function escalateCase(
  deps: TeamDeps,
  id: string,
  note: string,
  admin: VerifiedIdentity,
): Promise<ReviewCase> {
  const item = await logged(deps.db, admin, 'escalateReviewCase', id, (tx) =>
    changed(
      tx,
      sql`UPDATE review_cases SET priority = 'high', escalated = true, note = ${note}, updated_at = now()
          WHERE id = ${id} AND status <> 'resolved' RETURNING id`,
    ),
  );
  deps.events.emit('reviewCaseUpdated', item);
  return item;
}

const SETTINGS_ROW = sqlRow(reviewQueueSettings, 'auto_assign');

export async function queueSettings(db: Executor): Promise<ReviewQueueSettings> {
  const [row] = await readRows(db, SETTINGS_ROW, sql`SELECT auto_assign FROM review_queue_settings WHERE id = 1`);
  return { autoAssign: row?.auto_assign ?? false };
}

export async function updateQueueSettings(
  db: Db,
  settings: ReviewQueueSettings,
  admin: VerifiedIdentity,
): Promise<ReviewQueueSettings> {
  return db.transaction(async (tx) => {
    const before = await queueSettings(tx);
    await tx.execute(
      sql`INSERT INTO review_queue_settings (id, auto_assign) VALUES (1, ${settings.autoAssign})
          ON CONFLICT (id) DO UPDATE SET auto_assign = EXCLUDED.auto_assign, updated_at = now()`,
    );
    const after = await queueSettings(tx);
    await recordAdminAction(tx, {
      admin,
      action: 'updateReviewQueueSettings',
      recordType: 'review_queue',
      recordId: '1',
      before,
      after,
    });
    return after;
  });
}

/**
 * The assignee picker: every admin of the team directory whose role may work cases (not the
 * disabled), and anyone online who may, though the directory does not list them (a provider with
 * no directory); online first, then by email.
 */
export async function assigneesOf(deps: Pick<AdminDeps, 'identity' | 'presence'>): Promise<{ items: Assignee[] }> {
  const [team, online] = await Promise.all([
    deps.identity.team?.admins(TEAM_SIZE_MAX) ?? Promise.resolve([]),
    deps.presence.online(),
  ]);
  const onlineUids = new Set(online.map((admin) => admin.uid));
  const assignees = new Map<string, Assignee>();
  for (const account of team) {
    if (account.admin && !account.disabled && account.role && mayWorkCases(account.role)) {
      const { uid, email, role } = account;
      assignees.set(uid, { uid, email, role, online: onlineUids.has(uid) });
    }
  }
  for (const admin of online) {
    if (!assignees.has(admin.uid) && admin.adminRole && mayWorkCases(admin.adminRole)) {
      assignees.set(admin.uid, { uid: admin.uid, email: admin.email, role: admin.adminRole, online: true });
    }
  }
  const items = [...assignees.values()].sort(
    (a, b) => Number(b.online) - Number(a.online) || (a.email ?? a.uid).localeCompare(b.email ?? b.uid),
  );
  return { items: items.slice(0, TEAM_SIZE_MAX) };
}

/** The least-loaded of `online` (fewest unresolved cases held; ties by uid), or null. */
export function leastLoaded(online: readonly OnlineAdmin[], load: ReadonlyMap<string, number>): OnlineAdmin | null {
  const candidates = [...new Map(online.filter((a) => mayWorkCases(a.adminRole)).map((a) => [a.uid, a])).values()];
  candidates.sort((a, b) => (load.get(a.uid) ?? 0) - (load.get(b.uid) ?? 0) || a.uid.localeCompare(b.uid));
  return candidates[0] ?? null;
}

/**
 * After a case opened (and committed): when the team opted in, it goes to the least-loaded
 * moderator online. One conditional UPDATE, so a case somebody claimed meanwhile stays theirs.
 * Answers the assigned case, or null when nothing was done.
 */
export async function autoAssignCase(
  deps: Pick<AdminDeps, 'db' | 'events'>,
  caseId: string,
  onlineAdmins: () => Promise<readonly OnlineAdmin[]>,
): Promise<ReviewCase | null> {
  if (!(await queueSettings(deps.db)).autoAssign) return null;
  const online = await onlineAdmins();
  if (online.length === 0) return null;
  const loads = await readRows(
    deps.db,
    z.object({ uid: z.string(), held: z.union([z.number(), z.string()]) }),
    sql`SELECT assignee_uid AS uid, count(*) AS held FROM review_cases
        WHERE status = 'claimed' AND assignee_uid IN (${sql.join(
          online.map((a) => sql`${a.uid}`),
          sql`, `,
        )}) GROUP BY assignee_uid`,
  );
  const chosen = leastLoaded(online, new Map(loads.map((row) => [row.uid, Number(row.held)])));
  if (!chosen) return null;
  const assigned = await changed(
    deps.db,
    sql`UPDATE review_cases SET status = 'claimed', assignee_uid = ${chosen.uid}, assignee_email = ${chosen.email},
               updated_at = now()
        WHERE id = ${caseId} AND status = 'open' AND assignee_uid IS NULL RETURNING id`,
  );
  if (!assigned) return null;
  const item = await caseItem(deps.db, caseId);
  deps.events.emit('reviewCaseUpdated', item);
  return item;
}
