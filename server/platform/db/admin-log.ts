// The admin action log: every admin mutation leaves who, when, which record, before → after.
import { sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '../auth/identity.js';
import type { Executor } from './database.js';

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
    | 'review_case';
  recordId: string;
  before: unknown;
  after: unknown;
}

export async function recordAdminAction(executor: Executor, entry: AdminAction): Promise<void> {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  await executor.execute(sql`
    INSERT INTO admin_actions (admin_uid, admin_email, action, record_type, record_id, before, after)
    VALUES (${entry.admin.uid}, ${entry.admin.email}, ${entry.action}, ${entry.recordType}, ${entry.recordId},
            ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb)`);
}
