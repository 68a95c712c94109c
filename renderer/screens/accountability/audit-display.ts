// How the audit log shows an entry: only the fields an action changed (before → after), whether
// a live entry belongs to the filtered view, its filters in a saved view, and the CSV of what the
// screen shows.
import type { AuditEntry } from '../../../shared/contract/accountability.js';

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** A value as one short line: text as is, absent as '-', anything else as JSON. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null) return '-';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The fields whose value differs between `before` and `after`, in a stable order. A field that
 * is an object on either side (an order's buyer, a user's enforcement) is compared one level
 * down, as `field.subfield`, so a change reads as the few values that moved. A created record
 * (no before) lists every field of after; a deleted one (no after) every field of before.
 */
export function changedFields(before: unknown, after: unknown, prefix = ''): FieldChange[] {
  const from = asRecord(before);
  const to = asRecord(after);
  if (!from && !to) {
    return displayValue(before) === displayValue(after)
      ? []
      : [{ field: prefix || 'value', before: displayValue(before), after: displayValue(after) }];
  }
  const fields = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])].sort();
  return fields
    .filter((field) => JSON.stringify(from?.[field] ?? null) !== JSON.stringify(to?.[field] ?? null))
    .flatMap((field) => {
      const name = prefix ? `${prefix}.${field}` : field;
      const [a, b] = [from?.[field], to?.[field]];
      if (!prefix && (asRecord(a) || asRecord(b))) return changedFields(a ?? null, b ?? null, name);
      return [{ field: name, before: displayValue(a), after: displayValue(b) }];
    });
}

export interface AuditFilters {
  adminUid?: string | undefined;
  action?: string | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  search?: string | undefined;
}

/** The audit log's own filters (beside its search), in the order a saved view keeps them. */
const AUDIT_FILTER_KEYS = ['adminUid', 'action', 'recordType', 'recordId'] as const;

/** The filters set, as a saved view keeps them (`query.filters`). */
export function auditViewFilters(filters: AuditFilters): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filters[key];
    if (value) kept[key] = value;
  }
  return kept;
}

/** A saved view's filters as the audit log's: its own keys only (a list keeps its first value); the others unset. */
export function auditFiltersOfView(filters: Record<string, string | string[]>): AuditFilters {
  const applied: AuditFilters = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const raw = filters[key];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value) applied[key] = value;
  }
  return applied;
}

/** Whether a pushed entry belongs in the view these filters select (search is the server's). */
export function matchesAuditFilters(entry: AuditEntry, filters: AuditFilters): boolean {
  if (filters.adminUid && entry.admin.uid !== filters.adminUid) return false;
  if (filters.action && entry.action !== filters.action) return false;
  if (filters.recordType && entry.recordType !== filters.recordType) return false;
  if (filters.recordId && entry.recordId !== filters.recordId) return false;
  return !filters.search;
}

const csvCell = (value: string): string => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The entries as CSV: one row per changed field, so a spreadsheet can filter on it. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const rows = [['time', 'admin', 'action', 'record type', 'record id', 'field', 'before', 'after']];
  for (const entry of entries) {
    const head = [
      entry.createdAt,
      entry.admin.email ?? entry.admin.uid,
      entry.action,
      entry.recordType,
      entry.recordId,
    ];
    const changes = changedFields(entry.before, entry.after);
    if (changes.length === 0) rows.push([...head, '', '', '']);
    for (const change of changes) rows.push([...head, change.field, change.before, change.after]);
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Which drawer a record of the log opens, or null for records without one here. */
export function openableRecord(recordType: string): 'user' | 'listing' | 'order' | null {
  if (recordType === 'user' || recordType === 'listing' || recordType === 'order') return recordType;
  return null;
}

/** What the log's admin `rule:<id>` is (DECISIONS "Policy": an action a rule took). */
const RULE_UID = /^rule:(.+)$/;

/**
 * The rule that made an entry, with the words the Admin column shows: its name when the server
 * named it (`byRule`), else its id's first characters (an entry pushed live carries no name).
 * Null for an entry by a person.
 */
export function ruleActorOf(entry: Pick<AuditEntry, 'admin' | 'byRule'>): { id: string; label: string } | null {
  if (entry.byRule) return { id: entry.byRule.id, label: `Rule “${entry.byRule.name}”` };
  const id = RULE_UID.exec(entry.admin.uid)?.[1];
  return id ? { id, label: `Rule ${id.slice(0, 8)}` } : null;
}
