// The audit log table's store: the list query plus the screen's filters (admin, action, record
// type, record), kept in a store of their own so the screen's inputs and a saved view set the same
// filters; a change of filter applies from page 1.
import { createStore, useStore } from 'zustand';
import type { AuditEntry } from '../../../shared/contract/accountability.js';
import { ADMIN_TABLES, type AuditLogFilters } from '../../admin-tables/index.js';
import { readAllMatching } from '../../stores/list-store.js';
import type { AuditFilters } from './audit-display.js';

const auditFilters = createStore<{ filters: AuditFilters }>()(() => ({ filters: {} }));
export const useAuditFilters = () => useStore(auditFilters, (s) => s.filters);

/** The filters as the list query takes them: only those set. */
const filterQuery = (): AuditLogFilters => {
  const { filters } = auditFilters.getState();
  return {
    ...(filters.adminUid ? { adminUid: filters.adminUid } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.recordType ? { recordType: filters.recordType } : {}),
    ...(filters.recordId ? { recordId: filters.recordId } : {}),
  };
};

export const auditLogStore = ADMIN_TABLES.auditLog.storeWith(filterQuery);

export function currentAuditFilters(): AuditFilters {
  return { ...auditFilters.getState().filters, search: auditLogStore.getState().search };
}

export async function setAuditFilters(next: AuditFilters): Promise<void> {
  auditFilters.setState({ filters: next });
  await auditLogStore.getState().refresh();
}

/** Every entry the current filters, search and sort select, page by page (the CSV export). */
export async function allAuditEntries(max = 5000): Promise<AuditEntry[]> {
  const { rows, failure } = await readAllMatching(auditLogStore, max);
  if (failure) throw new Error(failure.message);
  return rows;
}
