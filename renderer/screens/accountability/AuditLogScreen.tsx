// The audit log: every admin action with its admin, action, record (a link that opens it), time
// and the fields it changed (before → after); filtered by admin, action, record type and record
// (kept by a saved view with its search and sort); live (new entries arrive as they are logged);
// exported as CSV.
import { Button, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUDIT_RECORD_TYPES, type AuditEntry } from '../../../shared/contract/accountability.js';
import { toastError } from '../../app/toaster.js';
import { ADMIN_TABLES, AdminTableScreen } from '../../admin-tables/index.js';
import { stopRowClick, type DataColumn } from '../../components/data-table/DataTable.js';
import { formatDateTime } from '../../components/format.js';
import { useMayDo } from '../../stores/admin-role.js';
import {
  auditCsv,
  auditFiltersOfView,
  auditViewFilters,
  changedFields,
  matchesAuditFilters,
  openableRecord,
  ruleActorOf,
  type AuditFilters,
} from './audit-display.js';
import {
  allAuditEntries,
  auditLogStore,
  currentAuditFilters,
  setAuditFilters,
  useAuditFilters,
} from './audit-log-store.js';
import { useRecordDrawers } from './RecordDrawers.js';

/** A row is two lines high: longer changes show their first field and a count (all in the title). */
const CHANGES_SHOWN = 2;

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className="muted">-</span>;
  const shown = changes.length > CHANGES_SHOWN ? changes.slice(0, CHANGES_SHOWN - 1) : changes;
  return (
    <ul className="audit-changes" title={changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join('\n')}>
      {shown.map((change) => (
        <li key={change.field}>
          <span className="audit-field">{change.field}</span> <span className="audit-before">{change.before}</span> →{' '}
          <span className="audit-after">{change.after}</span>
        </li>
      ))}
      {shown.length < changes.length && <li className="muted">+{changes.length - shown.length} more fields</li>}
    </ul>
  );
}

/** A filter typed in: blank is no filter. */
function TextFilter({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <InputGroup
      aria-label={label}
      placeholder={placeholder}
      value={value ?? ''}
      onValueChange={(typed) => onChange(typed.trim() || undefined)}
      size="small"
    />
  );
}

/**
 * The Admin cell of an entry a rule made: the rule by name, a link that opens it in the Rules
 * screen for the roles that may open rules (finance reads the log, not the rules).
 */
function RuleActor({ rule, mayOpen }: { rule: { id: string; label: string }; mayOpen: boolean }) {
  if (!mayOpen) return <span>{rule.label}</span>;
  return (
    <Link to={`/dashboard/rules/${rule.id}`} title="Open the rule" onClick={stopRowClick}>
      {rule.label}
    </Link>
  );
}

const inFilteredView = (entry: AuditEntry) => matchesAuditFilters(entry, currentAuditFilters());

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function AuditLogScreen() {
  const filters = useAuditFilters();
  const [exporting, setExporting] = useState(false);
  const { open, drawers } = useRecordDrawers();
  const [params] = useSearchParams();
  const mayOpenRules = useMayDo('openRules');

  const apply = (next: AuditFilters) => void setAuditFilters(next);
  // Start from no filters each time the screen opens, unless it opens on a saved view (which sets its own).
  useEffect(() => {
    if (!params.get('view')) void setAuditFilters({});
  }, []);

  const exportCsv = async () => {
    setExporting(true);
    try {
      download(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, auditCsv(await allAuditEntries()));
    } catch {
      toastError('Failed to export the audit log');
    } finally {
      setExporting(false);
    }
  };

  const columns: DataColumn<AuditEntry, 'createdAt'>[] = [
    { id: 'createdAt', label: 'Time', sortKey: 'createdAt', render: (e) => formatDateTime(e.createdAt), width: 170 },
    {
      id: 'admin',
      label: 'Admin',
      render: (e) => {
        const rule = ruleActorOf(e);
        if (rule) return <RuleActor rule={rule} mayOpen={mayOpenRules} />;
        return (
          <Button
            className="audit-admin"
            variant="minimal"
            size="small"
            title="Show only this admin's actions"
            onClick={(event) => (stopRowClick(event), apply({ ...filters, adminUid: e.admin.uid }))}
          >
            {e.admin.email ?? e.admin.uid}
          </Button>
        );
      },
    },
    { id: 'action', label: 'Action', render: (e) => <Tag minimal>{e.action}</Tag>, width: 170 },
    {
      id: 'record',
      label: 'Record',
      render: (e) => {
        const type = openableRecord(e.recordType);
        const label = `${e.recordType} ${e.recordId.slice(0, 8)}`;
        return type ? (
          <a
            href="#"
            onClick={(event) => (event.preventDefault(), stopRowClick(event), open({ type, id: e.recordId }))}
          >
            {label}
          </a>
        ) : (
          <span className="mono">{label}</span>
        );
      },
      width: 180,
    },
    { id: 'changes', label: 'Changes', render: (e) => <Changes entry={e} />, className: 'wrap' },
  ];

  return (
    // Live: entries logged from now on arrive on top when they belong to the filtered view.
    <AdminTableScreen
      table={ADMIN_TABLES.auditLog}
      store={auditLogStore}
      accepts={inFilteredView}
      columns={columns}
      searchPlaceholder="Search the audit log"
      viewFilters={{
        current: () => auditViewFilters(currentAuditFilters()),
        apply: (saved) => apply(auditFiltersOfView(saved)),
      }}
      above={
        <div className="audit-filters" role="group" aria-label="Filters">
          <TextFilter
            label="Admin"
            placeholder="Admin uid"
            value={filters.adminUid}
            onChange={(adminUid) => apply({ ...filters, adminUid })}
          />
          <TextFilter
            label="Action"
            placeholder="Action, e.g. setSellerFee"
            value={filters.action}
            onChange={(action) => apply({ ...filters, action })}
          />
          <HTMLSelect
            aria-label="Record type"
            value={filters.recordType ?? ''}
            onChange={(event) => apply({ ...filters, recordType: event.currentTarget.value || undefined })}
            options={[{ value: '', label: 'Any record' }, ...AUDIT_RECORD_TYPES.map((type) => ({ value: type }))]}
          />
          <TextFilter
            label="Record id"
            placeholder="Record id"
            value={filters.recordId}
            onChange={(recordId) => apply({ ...filters, recordId })}
          />
          <Button
            icon="filter-remove"
            variant="minimal"
            disabled={Object.values(filters).every((value) => !value)}
            onClick={() => apply({})}
          >
            Clear filters
          </Button>
          <span className="data-table-spacer" />
          <Button icon="export" loading={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </div>
      }
    >
      {drawers}
    </AdminTableScreen>
  );
}
