// The audit log table's store: the list query plus the screen's filters (admin, action, record
// type, record), which a change of filter applies from page 1.
import type { AuditEntry } from '../../../shared/contract/accountability.js';
import { market } from '../../bridge.js';
import { createListStore } from '../../stores/list-store.js';
import type { AuditFilters } from './audit-display.js';

let filters: AuditFilters = {};

export const auditLogStore = createListStore<AuditEntry, 'createdAt'>((query) =>
  market.admin.auditLog.list({
    query: {
      ...query,
      ...(filters.adminUid ? { adminUid: filters.adminUid } : {}),
      ...(filters.action ? { action: filters.action } : {}),
      ...(filters.recordType ? { recordType: filters.recordType } : {}),
      ...(filters.recordId ? { recordId: filters.recordId } : {}),
    },
  }),
);

export function currentAuditFilters(): AuditFilters {
  return { ...filters, search: auditLogStore.getState().search };
}

export async function setAuditFilters(next: AuditFilters): Promise<void> {
  filters = next;
  await auditLogStore.getState().refresh();
}

/** Every entry the current filters, search and sort select, page by page (the CSV export). */
export async function allAuditEntries(max = 5000): Promise<AuditEntry[]> {
  const { search, sortBy, order } = auditLogStore.getState();
  const entries: AuditEntry[] = [];
  for (let page = 1; entries.length < max; page += 1) {
    const result = await market.admin.auditLog.list({
      query: {
        page,
        limit: 100,
        ...(search ? { search } : {}),
        ...(sortBy ? { sortBy } : {}),
        ...(order ? { order } : {}),
        ...(filters.adminUid ? { adminUid: filters.adminUid } : {}),
        ...(filters.action ? { action: filters.action } : {}),
        ...(filters.recordType ? { recordType: filters.recordType } : {}),
        ...(filters.recordId ? { recordId: filters.recordId } : {}),
      },
    });
    if (!result.ok) throw new Error(result.error.message);
    entries.push(...result.data.items);
    if (result.data.items.length < 100) break;
  }
  return entries.slice(0, max);
}
