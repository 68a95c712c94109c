// The audit log table's store: the list query plus the screen's filters (admin, action, record
// type, record), which a change of filter applies from page 1.
import type { AuditEntry } from '../../../shared/contract/accountability.js';
import { ADMIN_TABLES, type AuditLogFilters } from '../../admin-tables/index.js';
import { readAllMatching } from '../../stores/list-store.js';
import type { AuditFilters } from './audit-display.js';

let filters: AuditFilters = {};

/** The filters as the list query takes them: only those set. */
const filterQuery = (): AuditLogFilters => ({
  ...(filters.adminUid ? { adminUid: filters.adminUid } : {}),
  ...(filters.action ? { action: filters.action } : {}),
  ...(filters.recordType ? { recordType: filters.recordType } : {}),
  ...(filters.recordId ? { recordId: filters.recordId } : {}),
});

export const auditLogStore = ADMIN_TABLES.auditLog.storeWith(filterQuery);

export function currentAuditFilters(): AuditFilters {
  return { ...filters, search: auditLogStore.getState().search };
}

export async function setAuditFilters(next: AuditFilters): Promise<void> {
  filters = next;
  await auditLogStore.getState().refresh();
}

/** Every entry the current filters, search and sort select, page by page (the CSV export). */
export async function allAuditEntries(max = 5000): Promise<AuditEntry[]> {
  const { rows, failure } = await readAllMatching(auditLogStore, max);
  if (failure) throw new Error(failure.message);
  return rows;
}
