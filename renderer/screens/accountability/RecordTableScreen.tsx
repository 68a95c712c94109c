// A table whose rows are records with a route of their own (users, listings, orders): a row opens
// its drawer at the record's route, an edit in the drawer shows in the row too, a deleted record's
// drawer closes, and links inside the drawer stack the records they open.
import type { ReactNode } from 'react';
import type { RecordRef } from '../../../shared/contract/accountability.js';
import {
  AdminTableScreen,
  type AdminTableScreenProps,
  type RecordTable,
  type TableName,
} from '../../admin-tables/index.js';
import { useRoutedRecord } from '../../components/record-links/record-route.js';
import { useRecordDrawers } from './RecordDrawers.js';

/** What a record's drawer is handed: how it reports an edit, its deletion, its closing, and opens a link. */
export interface RecordDrawerHandlers<T> {
  onChange(record: T): void;
  onDeleted(): void;
  onClose(): void;
  onOpen(ref: RecordRef): void;
}

/** The record tables have no filters of their own (so no view filters to keep). */
export function RecordTableScreen<N extends TableName, T extends { id: string }>({
  drawer,
  ...table
}: Omit<AdminTableScreenProps<N, T, never>, 'onRowClick' | 'selectedId' | 'onDeleted' | 'children'> & {
  table: RecordTable<N, T, never>;
  drawer: (record: T, handlers: RecordDrawerHandlers<T>) => ReactNode;
}) {
  const records = useRecordDrawers();
  const { selected, select, replace } = useRoutedRecord(table.table.record.route, table.table.record.get);
  const store = table.store ?? table.table.store;
  return (
    <AdminTableScreen
      {...table}
      onRowClick={select}
      selectedId={selected?.id}
      onDeleted={(id) => selected?.id === id && select(undefined)}
    >
      {selected &&
        drawer(selected, {
          onChange: (record) => {
            replace(record);
            store.getState().replaceItem(record);
          },
          onDeleted: () => {
            select(undefined);
            void store.getState().refresh();
          },
          onClose: () => select(undefined),
          onOpen: records.open,
        })}
      {records.drawers}
    </AdminTableScreen>
  );
}
