// The review queue (/dashboard/review) and the support queue (/dashboard/customer-support): one
// live table of cases with filters, bulk resolve and the case drawer (`…/{caseId}` opens it).
// Keyboard, outside text fields: j / k next and previous case (they take the workbench's row keys
// over here), c claim or release, r resolve (focuses the outcome; Tab to Resolve), Escape closes
// the drawer. Sorted by due date (soonest first); the review queue's Metrics tab
// (`?tab=metrics`) shows the team's numbers.
import { HTMLSelect, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { REVIEW_PRIORITIES, type ReviewCase } from '../../../shared/contract/review-cases.js';
import { ADMIN_TABLES, AdminTableScreen } from '../../admin-tables/index.js';
import type { DataColumn } from '../../components/data-table/DataTable.js';
import { BulkResolve } from './BulkResolve.js';
import { DueCell, Excerpt, PriorityTag, SelectBox } from './CaseCells.js';
import { MetricsPanel } from './MetricsPanel.js';
import { CaseDrawer, type CaseDrawerHandle } from './CaseDrawer.js';
import { ageOf, caseToOpen, SOURCE_LABELS, subjectOf } from './review-display.js';
import { takeRowKeys } from '../../components/workbench/row-keys-store.js';
import {
  filtersOfView,
  reviewQueue,
  sourcesOf,
  viewFiltersOf,
  supportQueue,
  type CaseSortKey,
  type Queue,
  type StatusFilter,
} from './review-queue-store.js';
import './review.css';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'unresolved', label: 'Open and claimed' },
  { value: 'open', label: 'Open' },
  { value: 'claimed', label: 'Claimed' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All statuses' },
];

function Filters({ queue }: { queue: Queue }) {
  const filters = useStore(queue.filters, (s) => s.filters);
  const set = queue.filters.getState().setFilters;
  return (
    <div className="review-filters" role="group" aria-label="Filters">
      <HTMLSelect
        aria-label="Status"
        value={filters.status}
        onChange={(event) => set({ status: event.currentTarget.value as StatusFilter })}
        options={STATUS_OPTIONS}
      />
      <HTMLSelect
        aria-label="Source"
        value={filters.source}
        onChange={(event) => set({ source: event.currentTarget.value as typeof filters.source })}
        options={[
          { value: 'all', label: 'All sources' },
          ...sourcesOf(queue.kind).map((source) => ({ value: source, label: SOURCE_LABELS[source] })),
        ]}
      />
      <HTMLSelect
        aria-label="Priority"
        value={filters.priority}
        onChange={(event) => set({ priority: event.currentTarget.value as typeof filters.priority })}
        options={[{ value: 'all', label: 'All priorities' }, ...REVIEW_PRIORITIES.map((p) => ({ value: p, label: p }))]}
      />
    </div>
  );
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable);

function QueueScreen({ queue, title, base }: { queue: Queue; title: string; base: string }) {
  const { caseId } = useParams();
  const navigate = useNavigate();
  const items = useStore(queue.list, (s) => s.items);
  const drawer = useRef<CaseDrawerHandle | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const open = (item: Pick<ReviewCase, 'id'>) => navigate(`${base}/${item.id}`);
  const close = () => navigate(base);

  // j / k are the queue's: they open the next and previous case (the workbench's row keys give way,
  // so one press does one thing). Read through a ref so the keys always see the current rows.
  const latest = useRef({ items, caseId, open });
  latest.current = { items, caseId, open };
  useEffect(() => {
    const step = (by: 1 | -1) => {
      const { items: rows, caseId: openId, open: openCase } = latest.current;
      const focused = document.activeElement?.closest<HTMLElement>('main [role=row][data-row-key]')?.dataset.rowKey;
      const next = caseToOpen(
        rows.map((item) => item.id),
        openId,
        focused,
        by,
      );
      if (next) openCase({ id: next });
    };
    return takeRowKeys({
      nextLabel: 'Next case',
      previousLabel: 'Previous case',
      next: () => step(1),
      previous: () => step(-1),
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === 'c' && caseId) {
        event.preventDefault();
        drawer.current?.claimOrRelease();
      } else if (event.key === 'r' && caseId) {
        event.preventDefault();
        drawer.current?.focusResolve();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const allIds = items.filter((item) => item.status !== 'resolved').map((item) => item.id);
  const columns: DataColumn<ReviewCase, CaseSortKey>[] = [
    { id: 'select', label: 'Select', render: (item) => <SelectBox queue={queue} item={item} />, width: 56 },
    {
      id: 'due',
      label: 'Due',
      sortKey: 'dueAt',
      render: (item) => <DueCell item={item} now={now} />,
      className: 'num',
      width: 130,
    },
    { id: 'source', label: 'Source', render: (item) => SOURCE_LABELS[item.source], className: 'wrap', width: 130 },
    { id: 'subject', label: 'Subject', render: (item) => subjectOf(item) },
    { id: 'reason', label: 'Reason', render: (item) => item.reason, className: 'wrap' },
    {
      id: 'excerpt',
      label: 'Excerpt',
      render: (item) => <Excerpt excerpt={item.excerpt} matches={item.matches} />,
      className: 'wrap',
    },
    {
      id: 'priority',
      label: 'Priority',
      sortKey: 'priority',
      render: (item) => <PriorityTag priority={item.priority} />,
      width: 96,
    },
    { id: 'signals', label: 'Signals', render: (item) => String(item.signalCount), className: 'num', width: 80 },
    {
      id: 'age',
      label: 'Age',
      sortKey: 'createdAt',
      render: (item) => ageOf(item.createdAt, now),
      className: 'num',
      width: 80,
    },
    {
      id: 'assignee',
      label: 'Assignee',
      render: (item) =>
        item.status === 'resolved'
          ? `Resolved${item.assignee?.email ? ` by ${item.assignee.email}` : ''}`
          : (item.assignee?.email ?? '-'),
    },
  ];
  return (
    <AdminTableScreen
      table={ADMIN_TABLES.reviewCases}
      store={queue.list}
      accepts={queue.accepts}
      label={title}
      className="screen review-screen"
      above={
        <div className="review-toolbar">
          <Filters queue={queue} />
          <button
            type="button"
            className="review-select-all"
            onClick={() => queue.selection.getState().setAll(allIds, true)}
            disabled={allIds.length === 0}
          >
            Select all loaded
          </button>
          <BulkResolve queue={queue} />
          {/* In the toolbar, not under the table: at 1280×720 the table's footer is the window's last line. */}
          <p className="review-keys muted">
            Keys: j / k next and previous case · c claim or release · r resolve · Esc close
          </p>
        </div>
      }
      columns={columns}
      searchPlaceholder="Search cases"
      onRowClick={open}
      selectedId={caseId}
      viewFilters={{
        current: () => viewFiltersOf(queue.filters.getState().filters),
        apply: (filters) => queue.filters.getState().setFilters(filtersOfView(filters)),
      }}
    >
      {caseId && (
        <CaseDrawer
          caseId={caseId}
          support={queue.kind === 'support'}
          onClose={close}
          onChanged={(item) => queue.list.getState().receiveLive(item, false)}
          handle={drawer}
        />
      )}
    </AdminTableScreen>
  );
}

export function ReviewQueueScreen() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'metrics' ? 'metrics' : 'queue';
  return (
    <>
      <Tabs
        id="review-tabs"
        className="review-tabs"
        selectedTabId={tab}
        renderActiveTabPanelOnly
        onChange={(next) => setParams(next === 'metrics' ? { tab: 'metrics' } : {})}
      >
        <Tab
          id="queue"
          title="Queue"
          panel={<QueueScreen queue={reviewQueue} title="Review queue" base="/dashboard/review" />}
        />
        <Tab id="metrics" title="Metrics" panel={<MetricsPanel />} />
      </Tabs>
    </>
  );
}

export function SupportQueueScreen() {
  return <QueueScreen queue={supportQueue} title="Customer Support" base="/dashboard/customer-support" />;
}
