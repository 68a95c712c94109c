// Enforcement: an admin warns a user, suspends their selling, suspends (until a date) or bans
// their account, or lifts what is in effect. The API enforces it for every client: selling paths
// ask `sellingRefusal` (selling.ts), every secured market route and the socket handshake refuse a
// suspended caller (platform/http/secured-routes.ts, market-api.ts), the bid and purchase
// transactions read the same row under KEY SHARE, and PUBLIC_LISTING hides a suspended seller's
// listings. Everything compares with now(), so a suspension ends by itself at its date.
import { notify } from '../notifications/index.js';
import { sql, type SQL } from 'drizzle-orm';
import type { AdminUser } from '../../../shared/contract/entities.js';
import type { EnforcementAction } from '../../../shared/contract/enums.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import { z } from 'zod';
import type { Db, Executor } from '../../platform/db/database.js';
import { userEnforcements, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { forgetCaller } from '../../platform/auth/market-users.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { AdminEvents } from '../../platform/events/admin-events.js';
import { inAdminUnitOfWork, type AdminOutbox } from '../../platform/events/admin-unit-of-work.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import {
  ENFORCEMENT_AUDIT_ACTIONS,
  enforcementNotice,
  enforcementOutcome,
  type Until,
} from './rules/enforcement-state.js';
import { loadAdminUser } from './user-admin.js';

export interface Enforcement {
  userId: string;
  action: EnforcementAction;
  /** A preset and the admin's own words. */
  reason: string;
  /** Sent to the user with the notification. */
  message?: string | undefined;
  /** The end of a suspension (required) or of a selling suspension (optional). */
  until?: Date | null | undefined;
  admin: VerifiedIdentity;
}

export interface AppliedEnforcement {
  user: AdminUser;
  /** The history row (`user_enforcements`): what the user appeals. */
  enforcementId: string;
  /** The account is now suspended or banned: its sessions and sockets must go. */
  suspended: boolean;
  firebaseId: string | null;
}

/**
 * The user's enforcement state, locked. A suspension "forever" is stored as 'infinity', which the
 * drivers hand back as no date (`Infinity`, an invalid Date): it is read as null and its flag.
 */
const LOCKED_USER_ROW = sqlRow(users, 'firebase_id', 'suspended_until', 'selling_suspended_until').extend({
  suspended_forever: z.boolean().nullable(),
  selling_suspended_forever: z.boolean().nullable(),
  /** now(): a timestamptz, read as users.created_at is. */
  now: sqlColumn(users, 'created_at'),
});

const untilOf = (value: Date | string | null, forever: boolean): Until =>
  forever ? 'forever' : value === null ? null : new Date(value);

const untilSql = (until: Until): SQL =>
  until === 'forever'
    ? sql`'infinity'::timestamptz`
    : until === null
      ? sql`NULL`
      : sql`${until.toISOString()}::timestamptz`;

/**
 * Applies an enforcement inside the caller's transaction: locks the user's row FOR UPDATE (what
 * the bid, purchase and selling paths' KEY SHARE waits for), writes the new state, the history
 * row, the user's notification and the audit-log entry. `enforceIn` adds what follows the commit.
 */
export async function applyEnforcement(tx: Executor, input: Enforcement): Promise<AppliedEnforcement> {
  const [locked] = await readRows(
    tx,
    LOCKED_USER_ROW,
    sql`SELECT firebase_id, NULLIF(suspended_until, 'infinity') AS suspended_until,
               NULLIF(selling_suspended_until, 'infinity') AS selling_suspended_until,
               suspended_until = 'infinity' AS suspended_forever,
               selling_suspended_until = 'infinity' AS selling_suspended_forever, now() AS now
        FROM users WHERE id = ${input.userId} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!locked) throw notFound('User');
  const now = new Date(locked.now);
  const current = {
    suspendedUntil: untilOf(locked.suspended_until, locked.suspended_forever === true),
    sellingSuspendedUntil: untilOf(locked.selling_suspended_until, locked.selling_suspended_forever === true),
  };
  const until = input.until ?? null;
  const outcome = enforcementOutcome(current, input.action, until, now);
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
  const before = await loadAdminUser(tx, input.userId);
  await tx.execute(
    sql`UPDATE users SET suspended_until = ${untilSql(outcome.next.suspendedUntil)},
               selling_suspended_until = ${untilSql(outcome.next.sellingSuspendedUntil)}, updated_at = now()
        WHERE id = ${input.userId}`,
  );
  const message = input.message?.trim() ? input.message.trim() : null;
  const [history] = await readRows(
    tx,
    sqlRow(userEnforcements, 'id'),
    sql`INSERT INTO user_enforcements (user_id, action, reason, message, until, admin_uid, admin_email)
        VALUES (${input.userId}, ${input.action}, ${input.reason}, ${message},
                ${until ? until.toISOString() : null}::timestamptz, ${input.admin.uid}, ${input.admin.email})
        RETURNING id`,
  );
  const title = enforcementNotice(input.action, until);
  // The id is what the user appeals (POST /v1/appeal).
  const data = {
    action: input.action,
    reason: input.reason,
    until: until?.toISOString() ?? null,
    enforcementId: history!.id,
  };
  await notify(tx, input.userId, 'accountAction', title, data, message ?? input.reason);
  const after = await loadAdminUser(tx, input.userId);
  // A warning changes nothing on the user: what was applied rides on `after`, so every
  // enforcement reads in the audit log with its reason.
  const applied = { action: input.action, reason: input.reason, until: until?.toISOString() ?? null, message };
  await recordAdminAction(tx, {
    admin: input.admin,
    action: ENFORCEMENT_AUDIT_ACTIONS[input.action],
    recordType: 'user',
    recordId: input.userId,
    before,
    after: { ...after, enforcementApplied: applied },
  });
  const suspended = outcome.next.suspendedUntil !== null;
  return { user: after, enforcementId: history!.id, suspended, firebaseId: locked.firebase_id };
}

/**
 * An enforcement inside the caller's unit of work (a review case's outcome, a macro, a granted
 * appeal, a ring). What follows the commit waits in the outbox: the market's remembered caller is
 * forgotten (refused from the next request on this node; others within the caller cache's few
 * seconds, the bid and purchase paths at once), and a suspended user's sockets are disconnected.
 */
export async function enforceIn(
  tx: Executor,
  outbox: AdminOutbox,
  deps: { db: Db },
  input: Enforcement,
): Promise<Pick<AppliedEnforcement, 'user' | 'enforcementId'>> {
  const applied = await applyEnforcement(tx, input);
  outbox.afterCommit(() => forgetCaller(deps.db, applied.firebaseId));
  if (applied.suspended) outbox.emit('accountSuspended', { userId: input.userId });
  return { user: applied.user, enforcementId: applied.enforcementId };
}

/** `POST /admin/users/{id}/enforcement`: one enforcement, its own unit of work. */
export async function enforce(deps: { db: Db; events: AdminEvents }, input: Enforcement): Promise<AdminUser> {
  return inAdminUnitOfWork(deps, async (tx, outbox) => (await enforceIn(tx, outbox, deps, input)).user);
}

/**
 * One enforcement on several users (a ring, `POST /admin/rings/enforcement`), inside the caller's
 * unit of work, so all of them or none. Each user gets their own history row, notification and
 * audit entry. The rows are locked in id order, so two such calls over overlapping users never
 * deadlock.
 */
export async function enforceManyIn(
  tx: Executor,
  outbox: AdminOutbox,
  deps: { db: Db },
  userIds: readonly string[],
  enforcement: Omit<Enforcement, 'userId'>,
): Promise<AdminUser[]> {
  const done: AdminUser[] = [];
  for (const userId of [...new Set(userIds)].sort()) {
    done.push((await enforceIn(tx, outbox, deps, { ...enforcement, userId })).user);
  }
  return done;
}
