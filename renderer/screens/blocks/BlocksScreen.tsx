// Blocks (/dashboard/blocks, owner and moderator): the identifiers in force that keep banned
// actors out, with search, filters by kind and severity, a row's Lift (after a confirm), bulk lift
// of the selected rows (or all matching), and "Block an identifier", which opens the block dialog
// with its preview.
import { Button, H3, HTMLSelect, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Block, BlockKind, BlockSeverity } from '../../../shared/contract/blocks.js';
import { market } from '../../bridge.js';
import { useConfirmedAction, wentThrough } from '../../components/admin-action/index.js';
import { DataTable, stopRowClick, type DataColumn } from '../../components/data-table/DataTable.js';
import type { BulkDeleteConfig } from '../../components/bulk/BulkDelete.js';
import { formatDateTime } from '../../components/format.js';
import { createListStore } from '../../stores/list-store.js';
import { useMayDo } from '../../stores/admin-role.js';
import { BlockDialog } from './BlockDialog.js';
import { KIND_LABELS, KIND_OPTIONS, SEVERITY_LABELS, SEVERITY_OPTIONS } from './blocks-display.js';
import './blocks.css';

type SortKey = 'createdAt' | 'expiresAt';
interface BlockFilters {
  kind: BlockKind | 'all';
  severity: BlockSeverity | 'all';
}

const filters = createStore<BlockFilters>()(() => ({ kind: 'all', severity: 'all' }));
const blocks = createListStore<Block, SortKey>((query, signal) => {
  const { kind, severity } = filters.getState();
  return market.admin.blocks.list(
    { query: { ...query, ...(kind !== 'all' ? { kind } : {}), ...(severity !== 'all' ? { severity } : {}) } },
    { signal },
  );
});

/** Bulk lift: the selected blocks (or all matching the search and filters) lifted one by one. */
const BULK_LIFT: BulkDeleteConfig = {
  noun: { one: 'block', many: 'blocks' },
  remove: (id) => market.admin.blocks.lift({ params: { id } }),
  words: {
    verb: 'Lift',
    doing: 'Lifting',
    done: 'Lifted',
    warning: 'They stop applying on every node within 5 seconds; each lift is an audit entry.',
    icon: 'unlock',
  },
};

const SEVERITY_INTENTS = { review: 'none', signUp: 'primary', trade: 'warning', noAccess: 'danger' } as const;

function Filters() {
  const current = useStore(filters);
  const set = (patch: Partial<BlockFilters>) => {
    filters.setState(patch);
    void blocks.getState().refresh();
  };
  return (
    <div className="blocks-toolbar" role="group" aria-label="Filters">
      <HTMLSelect
        aria-label="Kind"
        value={current.kind}
        onChange={(event) => set({ kind: event.currentTarget.value as BlockFilters['kind'] })}
        options={[{ value: 'all', label: 'All kinds' }, ...KIND_OPTIONS]}
      />
      <HTMLSelect
        aria-label="Severity"
        value={current.severity}
        onChange={(event) => set({ severity: event.currentTarget.value as BlockFilters['severity'] })}
        options={[{ value: 'all', label: 'All severities' }, ...SEVERITY_OPTIONS]}
      />
    </div>
  );
}

export function BlocksScreen() {
  const mayManage = useMayDo('manageBlocks');
  const [creating, setCreating] = useState(false);
  const lift = useConfirmedAction<Block>(
    {
      title: 'Lift this block?',
      body: 'It stops applying on every node within 5 seconds.',
      cancelText: 'Keep it',
      confirmText: 'Lift block',
    },
    async (action, block) => {
      const done = await action.run(() => wentThrough(market.admin.blocks.lift({ params: { id: block.id } })), {
        success: `Block on ${block.value} lifted`,
        failure: 'Failed to lift the block',
      });
      if (done) void blocks.getState().refresh();
    },
  );
  const columns: DataColumn<Block, SortKey>[] = [
    { id: 'kind', label: 'Kind', render: (block) => KIND_LABELS[block.kind] },
    { id: 'value', label: 'Value', render: (block) => block.value, className: 'mono' },
    {
      id: 'severity',
      label: 'Severity',
      render: (block) => (
        <Tag minimal intent={SEVERITY_INTENTS[block.severity]}>
          {SEVERITY_LABELS[block.severity]}
        </Tag>
      ),
      width: 96,
    },
    { id: 'reason', label: 'Reason', render: (block) => block.reason, className: 'wrap' },
    {
      id: 'expires',
      label: 'Expires',
      sortKey: 'expiresAt',
      render: (block) => (block.expiresAt ? formatDateTime(block.expiresAt) : 'Never'),
      className: 'num',
    },
    {
      id: 'createdBy',
      label: 'Created by',
      render: (block) => block.createdBy.email ?? block.createdBy.uid,
    },
    ...(mayManage
      ? [
          {
            id: 'lift',
            label: 'Actions',
            render: (block: Block) => (
              <span onClick={stopRowClick} onKeyDown={stopRowClick} role="presentation">
                <Button size="small" variant="minimal" icon="unlock" onClick={() => lift.ask(block)}>
                  Lift
                </Button>
              </span>
            ),
            width: 76,
          },
        ]
      : []),
  ];
  return (
    <section className="screen">
      <div className="blocks-heading">
        <H3 className="screen-title">Blocks</H3>
        {mayManage && (
          <Button intent="primary" icon="blocked-person" onClick={() => setCreating(true)}>
            Block an identifier
          </Button>
        )}
      </div>
      <Filters />
      <DataTable
        label="Blocks"
        store={blocks}
        columns={columns}
        searchPlaceholder="Search by value or reason"
        {...(mayManage ? { bulkDelete: BULK_LIFT } : {})}
      />
      {lift.dialog}
      <BlockDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={() => void blocks.getState().refresh()}
      />
    </section>
  );
}
