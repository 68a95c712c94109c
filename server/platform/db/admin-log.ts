// The admin action log: every admin mutation leaves who, when, which record, before → after.
// The audit log screen reads it (modules/accountability) and shows new entries live: the admin
// API collects what a request logged (`collectLoggedActions`) and pushes it once the request's
// work has committed, never from inside a transaction that could still roll back.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { AuditEntry } from '../../../shared/contract/accountability.js';
import type { VerifiedIdentity } from '../auth/identity.js';
import type { Executor } from './database.js';
import { adminActions } from './schema/index.js';
import { readRows, sqlRow } from './sql-row.js';
import { isoOf } from './values.js';

const LOGGED_ACTION = sqlRow(adminActions, 'id', 'created_at');

export interface AdminAction {
  admin: VerifiedIdentity;
  action: string;
  recordType:
    | 'user'
    | 'seller_request'
    | 'listing'
    | 'order'
    | 'subcategory'
    | 'rating'
    | 'auction_message'
    | 'chat'
    | 'chat_message'
    | 'review_case'
    | 'note'
    | 'admin'
    | 'macro'
    | 'review_queue'
    | 'block'
    | 'rule'
    | 'policyList'
    | 'seller_levels';
  recordId: string;
  before: unknown;
  after: unknown;
}

const loggedInRequest = new AsyncLocalStorage<AuditEntry[]>();

export async function recordAdminAction(executor: Executor, entry: AdminAction): Promise<void> {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  const before = json(entry.before);
  const after = json(entry.after);
  const [row] = await readRows(
    executor,
    LOGGED_ACTION,
    sql`
    INSERT INTO admin_actions (admin_uid, admin_email, action, record_type, record_id, before, after)
    VALUES (${entry.admin.uid}, ${entry.admin.email}, ${entry.action}, ${entry.recordType}, ${entry.recordId},
            ${before}::jsonb, ${after}::jsonb)
    RETURNING id, created_at`,
  );
  loggedInRequest.getStore()?.push({
    id: row!.id,
    admin: { uid: entry.admin.uid, email: entry.admin.email },
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId,
    // As stored: JSON, so dates are strings and undefined fields are gone.
    before: before === null ? null : JSON.parse(before),
    after: after === null ? null : JSON.parse(after),
    createdAt: isoOf(row!.created_at),
  });
}

/** Runs `work` and answers what it logged with its result; nothing when it throws. */
export async function collectLoggedActions<T>(work: () => Promise<T>): Promise<{ result: T; logged: AuditEntry[] }> {
  const logged: AuditEntry[] = [];
  const result = await loggedInRequest.run(logged, work);
  return { result, logged };
}
