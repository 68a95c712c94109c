// `GET /admin/audit-log`: every admin action, newest first, filtered by admin, action, record
// type and record, searched over the action, the record and the admin's email.
import { sql } from 'drizzle-orm';
import type { AuditEntry } from '../../../shared/contract/accountability.js';
import type { AuditLogQuery } from '../../../shared/contract/admin-accountability-routes.js';
import type { Executor } from '../../platform/db/database.js';
import { listPage, searchPattern, whereAll, type ListSource } from '../../platform/db/list-sql.js';
import type { adminActions } from '../../platform/db/schema/index.js';
import type { SqlRow } from '../../platform/db/sql-row.js';
import { isoOf } from '../../platform/db/values.js';

type AuditRow = SqlRow<
  typeof adminActions,
  'id' | 'admin_uid' | 'admin_email' | 'action' | 'record_type' | 'record_id' | 'before' | 'after' | 'created_at'
>;

function auditEntryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    admin: { uid: row.admin_uid, email: row.admin_email },
    action: row.action,
    recordType: row.record_type,
    recordId: row.record_id,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: isoOf(row.created_at),
  };
}

/** The audit log as SQL: its filters and search, newest first (paged, or exported as CSV). */
export function auditLogSource(query: Omit<AuditLogQuery, 'page' | 'limit'>): ListSource<AuditRow, AuditEntry> {
  const pattern = searchPattern(query.search);
  const where = whereAll([
    query.adminUid ? sql`a.admin_uid = ${query.adminUid}` : null,
    query.action ? sql`a.action = ${query.action}` : null,
    query.recordType ? sql`a.record_type = ${query.recordType}` : null,
    query.recordId ? sql`a.record_id = ${query.recordId}` : null,
    pattern
      ? sql`(a.action ILIKE ${pattern} OR a.record_id ILIKE ${pattern} OR a.admin_email ILIKE ${pattern}
             OR a.record_type ILIKE ${pattern})`
      : null,
  ]);
  return {
    from: sql`admin_actions a`,
    where,
    select: (rows, tail) =>
      sql`SELECT a.id, a.admin_uid, a.admin_email, a.action, a.record_type, a.record_id, a.before, a.after, a.created_at
          FROM admin_actions a ${rows} ${tail}`,
    sortColumn: sql`a.created_at`,
    idColumn: sql`a.id`,
    order: query.order,
    // No kept total: the log only grows, and its count is capped like any searched list.
    keptTotal: null,
    items: (_db, rows) => rows.map(auditEntryOf),
  };
}

export async function listAuditLog(db: Executor, query: AuditLogQuery) {
  return listPage(db, auditLogSource(query), query);
}
