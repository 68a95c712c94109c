// The scaffold every admin table screen shares: its title, the table (search, export, bulk delete,
// live rows and the connection indicator, as its registry entry says), the row's Delete with its
// confirm and toasts, 'Save view' (the search, sort and the screen's filters under a name) and the
// saved view its route names (`?view={id}`), and whatever the screen adds (filters above, drawers below).
import { H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { ConnectionIndicator } from '../components/ConnectionIndicator.js';
import { DataTable, type DataColumn } from '../components/data-table/DataTable.js';
import { DeleteButton } from '../components/DeleteButton.js';
import { SaveViewButton } from '../components/saved-views/SaveViewButton.js';
import { useViewFromRoute } from '../components/saved-views/useViewFromRoute.js';
import { viewQueryOf } from '../stores/list-store.js';
import { RowMenu } from '../components/RowMenu.js';
import type { ListStore } from '../stores/list-store.js';
import { useLiveTable } from '../stores/live-table.js';
import type { AdminTable, RowDelete, SortKeyOf, TableName } from './admin-table.js';
import { useRowDelete } from './useRowDelete.js';

/** The row's Delete: the menu's 'Options' or a trash button, as the table's entry says. */
function deleteColumn<T extends { id: string }, K extends string>(
  remove: RowDelete,
  askToDelete: (id: string) => void,
): DataColumn<T, K> {
  return remove.from === 'menu'
    ? { id: 'menu', label: 'Options', render: (row) => <RowMenu onDelete={() => askToDelete(row.id)} />, width: 64 }
    : {
        id: 'actions',
        label: 'Actions',
        render: (row) => <DeleteButton label={`Delete ${remove.one}`} onClick={() => askToDelete(row.id)} />,
        width: 64,
      };
}

/** A screen's filters in a saved view: what to save, and how to apply a view's. */
export interface ViewFilters {
  current(): Record<string, string>;
  apply(filters: Record<string, string | string[]>): void;
}

/**
 * A table with filters of its own (F, its `storeWith` filters) must say how a saved view keeps
 * them, so no screen's view silently drops its filters; a table without has none to keep.
 */
type ViewFiltersOf<F> = [F] extends [never] ? { viewFilters?: undefined } : { viewFilters: ViewFilters };

export type AdminTableScreenProps<N extends TableName, T extends { id: string }, F> = TableScreenProps<N, T, F> &
  ViewFiltersOf<F>;

interface TableScreenProps<N extends TableName, T extends { id: string }, F> {
  table: AdminTable<N, T, F>;
  /** The screen's own store of the table (with its filters); the table's store otherwise. */
  store?: ListStore<T, SortKeyOf<N>>;
  /** The heading, when it is not the table's label. */
  title?: string;
  label?: string;
  columns: DataColumn<T, SortKeyOf<N>>[];
  searchPlaceholder?: string;
  onRowClick?: (row: T) => void;
  selectedId?: string | undefined;
  /** After a row is deleted here (e.g. its drawer closes). */
  onDeleted?: (id: string) => void;
  /** Which pushed rows the screen's filters show (useLiveTable). */
  accepts?: (row: T) => boolean;
  /** Between the heading and the table: the screen's filters. */
  above?: ReactNode;
  className?: string;
  /** After the table: drawers. */
  children?: ReactNode;
}

export function AdminTableScreen<N extends TableName, T extends { id: string }, F>({
  table,
  store = table.store,
  title,
  label = table.label,
  columns,
  searchPlaceholder,
  onRowClick,
  selectedId,
  onDeleted,
  accepts,
  above,
  className = 'screen',
  children,
  viewFilters,
}: AdminTableScreenProps<N, T, F>) {
  useLiveTable(table.feed, store, accepts);
  useViewFromRoute(store, viewFilters?.apply);
  const saveView = (
    <SaveViewButton
      list={table.name}
      current={() => ({ ...viewQueryOf(store.getState()), ...(viewFilters ? { filters: viewFilters.current() } : {}) })}
    />
  );
  const { remove } = table;
  const { askToDelete, dialog } = useRowDelete(remove, (id) => {
    // A live table hears of the deletion anyway; another reloads its page to fill the gap.
    if (table.feed) store.getState().removeLocal(id);
    else void store.getState().refresh();
    onDeleted?.(id);
  });
  return (
    <section className={className}>
      {/* Save view on the title's row, at its right edge: no row of its own above the search, and
          before the table in the page, so Tab still goes from the search box straight to the grid. */}
      <div className="table-screen-heading">
        <H3 className="screen-title">{title ?? label}</H3>
        {saveView}
      </div>
      {above}
      <DataTable
        label={label}
        store={store}
        columns={remove ? [...columns, deleteColumn<T, SortKeyOf<N>>(remove, askToDelete)] : columns}
        {...(searchPlaceholder !== undefined ? { searchPlaceholder } : {})}
        {...(onRowClick ? { onRowClick } : {})}
        {...(selectedId !== undefined ? { selectedId } : {})}
        {...(table.exportList ? { exportList: table.exportList } : {})}
        {...(remove?.many ? { bulkDelete: { noun: { one: remove.one, many: remove.many }, remove: remove.call } } : {})}
        {...(table.feed ? { toolbarEnd: <ConnectionIndicator /> } : {})}
      />
      {dialog}
      {children}
    </section>
  );
}
