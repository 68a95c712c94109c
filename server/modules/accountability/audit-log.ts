// `GET /admin/audit-log`: every admin action, newest first, filtered by admin, action, record
// type and record, searched over the action, the record and the admin's email.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuditEntry } from '../../../shared/contract/accountability.js';
import type { AuditLogQuery } from '../../../shared/contract/admin-accountability-routes.js';
import type { Executor } from '../../platform/db/database.js';
import { listPage, type AdminList } from '../../platform/db/admin-list.js';
import { adminActions } from '../../platform/db/schema/index.js';
import { sqlRow } from '../../platform/db/sql-row.js';
import { isoOf } from '../../platform/db/values.js';

const AUDIT_ROW = sqlRow(
  adminActions,
  'id',
  'admin_uid',
  'admin_email',
  'action',
  'record_type',
  'record_id',
  'before',
  'after',
  'created_at',
).extend({ rule_name: z.string().nullable() });
type AuditRow = z.output<typeof AUDIT_ROW>;

/** What an action by a rule is logged as: `{uid: "rule:<id>", email: null}` (DECISIONS "Policy"). */
const RULE_UID_PREFIX = 'rule:';

/**
 * The name of the rule `rule:<id>` as SQL over the id's text, given by the area that owns the
 * rules (policy, above this one) when it loads; without it the log names no rule.
 */
let ruleNameSql: ((ruleId: SQL) => SQL) | null = null;

export function nameRulesInAuditLog(nameOf: (ruleId: SQL) => SQL): void {
  ruleNameSql = nameOf;
}

const ruleNameColumn = () =>
  ruleNameSql
    ? sql`CASE WHEN a.admin_uid LIKE ${`${RULE_UID_PREFIX}%`}
            THEN ${ruleNameSql(sql`substr(a.admin_uid, ${RULE_UID_PREFIX.length + 1})`)} END`
    : sql`NULL::text`;

function auditEntryOf(row: AuditRow): AuditEntry {
  const byRule =
    row.rule_name !== null && row.admin_uid.startsWith(RULE_UID_PREFIX)
      ? { byRule: { id: row.admin_uid.slice(RULE_UID_PREFIX.length), name: row.rule_name } }
      : {};
  return {
    id: row.id,
    admin: { uid: row.admin_uid, email: row.admin_email },
    ...byRule,
    action: row.action,
    recordType: row.record_type,
    recordId: row.record_id,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: isoOf(row.created_at),
  };
}

/** The audit log: its filters and search, newest first (paged, or exported as CSV). */
export const auditLogSource: AdminList<Omit<AuditLogQuery, 'page' | 'limit'>, AuditRow, AuditEntry> = {
  table: 'admin_actions',
  alias: 'a',
  filters: (query) => [
    query.adminUid ? sql`a.admin_uid = ${query.adminUid}` : null,
    query.action ? sql`a.action = ${query.action}` : null,
    query.recordType ? sql`a.record_type = ${query.recordType}` : null,
    query.recordId ? sql`a.record_id = ${query.recordId}` : null,
  ],
  search: {
    by: 'or',
    places: [{ text: 'action' }, { text: 'record_id' }, { text: 'admin_email' }, { text: 'record_type' }],
  },
  sortKeys: { createdAt: { column: sql`a.created_at` } },
  defaultSort: 'createdAt',
  // No kept total: the log only grows. Filtered, it counts up to LIST_COUNT_CAP; searched, up to
  // the search's cap (`countCapOf`).
  total: 'capped',
  select: (rows, tail) =>
    sql`SELECT a.id, a.admin_uid, a.admin_email, a.action, a.record_type, a.record_id, a.before, a.after, a.created_at,
               ${ruleNameColumn()} AS rule_name
          FROM admin_actions a ${rows} ${tail}`,
  row: AUDIT_ROW,
  items: (_db, rows) => rows.map(auditEntryOf),
};

export async function listAuditLog(db: Executor, query: AuditLogQuery) {
  return listPage(db, auditLogSource, query);
}
