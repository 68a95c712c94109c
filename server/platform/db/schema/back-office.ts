// The admin's audit log and the migrator's own record (migration 0001, migrate.ts).
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidId, at } from './columns.js';

/** Who did what to which record, and what it looked like before and after. */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuidId(),
    adminUid: text('admin_uid').notNull(),
    adminEmail: text('admin_email'),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_actions_record_idx').on(t.recordType, t.recordId, t.createdAt),
    // 0024: the audit log's reads.
    index('admin_actions_created_idx').on(t.createdAt),
    index('admin_actions_admin_idx').on(t.adminUid, t.createdAt),
    index('admin_actions_action_idx').on(t.action, t.createdAt),
  ],
);

/** The migration files applied, created by migrate.ts itself before the first file runs. */
export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: at('applied_at').notNull().defaultNow(),
});

export type AdminActionRecord = typeof adminActions.$inferSelect;
