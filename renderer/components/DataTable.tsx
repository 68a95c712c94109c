// The one reusable admin table (section 2, "Reusable data table"): sortable headers
// (ascending → descending → cleared), previous/next, 10 rows a page in a box 75 × (rows + 1)
// px high, a debounced search box, and live rows held behind an "N new" button when the
// moderator is not at the top. Rows open their drawer with a click, Enter or Space.
import { Button, HTMLTable, Icon, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { ADMIN_TABLE_ROWS_PER_PAGE, SEARCH_DEBOUNCE_MS, tableHeightPx } from '../../shared/rules/constants.js';
import { rowsOfPage, type ListStore } from '../stores/list-store.js';
import { ariaSortOf, newRowsLabel, rangeLabel } from './data-table-logic.js';

export interface DataColumn<T, K extends string> {
  id: string;
  label: string;
  /** The server's sort key; only these headers are clickable. */
  sortKey?: K;
  render: (row: T) => ReactNode;
  width?: number;
  className?: string;
}

export interface DataTableProps<T extends { id: string }, K extends string> {
  /** The accessible name of the table, e.g. 'Users'. */
  label: string;
  store: ListStore<T, K>;
  columns: DataColumn<T, K>[];
  /** The screen's search placeholder; no search box without it. */
  searchPlaceholder?: string;
  onRowClick?: (row: T) => void;
  selectedId?: string;
  /** Shown at the right of the toolbar (e.g. the connection indicator). */
  toolbarEnd?: ReactNode;
}

export function DataTable<T extends { id: string }, K extends string>({
  label,
  store,
  columns,
  searchPlaceholder,
  onRowClick,
  selectedId,
  toolbarEnd,
}: DataTableProps<T, K>) {
  const items = useStore(store, (s) => s.items);
  const total = useStore(store, (s) => s.total);
  const page = useStore(store, (s) => s.page);
  const loading = useStore(store, (s) => s.loading);
  const sortBy = useStore(store, (s) => s.sortBy);
  const order = useStore(store, (s) => s.order);
  const pending = useStore(store, (s) => s.pending);
  const storedSearch = useStore(store, (s) => s.search);
  const [search, setSearch] = useState(storedSearch);
  const scroller = useRef<HTMLDivElement>(null);
  const rowsPerPage = ADMIN_TABLE_ROWS_PER_PAGE;

  useEffect(() => {
    void store.getState().refresh();
  }, [store]);

  useEffect(() => {
    if (search === store.getState().search) return;
    const timer = setTimeout(() => void store.getState().setSearch(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, store]);

  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
    store.getState().setScrolledAway(false);
  }, [page, store]);

  // When the row's drawer closes, focus goes back to the row that opened it (keyboard users
  // keep their place); the drawer unmounts, so Blueprint cannot restore it itself.
  const openedRow = useRef(selectedId);
  useEffect(() => {
    const closed = openedRow.current;
    openedRow.current = selectedId;
    if (!closed || selectedId) return;
    const row = scroller.current?.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(closed)}"]`);
    (row ?? scroller.current)?.focus();
  }, [selectedId]);

  const rows = rowsOfPage(items, page, rowsPerPage);
  const lastPage = page * rowsPerPage >= total;

  const showNew = () => {
    store.getState().showPending();
    scroller.current?.scrollTo?.({ top: 0 });
    store.getState().setScrolledAway(false);
  };

  const onRowKey = (event: KeyboardEvent, row: T) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  return (
    <div className="data-table">
      <div className="data-table-toolbar">
        {searchPlaceholder !== undefined && (
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            value={search}
            onValueChange={setSearch}
            className="data-table-search"
            size="small"
          />
        )}
        {loading && <Spinner size={16} aria-label="Loading rows" />}
        <span className="data-table-spacer" />
        {pending.length > 0 && (
          <Button size="small" intent="primary" icon="arrow-up" onClick={showNew}>
            {newRowsLabel(pending.length)}
          </Button>
        )}
        {toolbarEnd}
      </div>
      <div
        ref={scroller}
        className="data-table-scroll"
        style={{ height: tableHeightPx(rowsPerPage) }}
        onScroll={(event) => store.getState().setScrolledAway(event.currentTarget.scrollTop > 4)}
        // Scrollable regions must be reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label={`${label} table`}
      >
        <HTMLTable compact striped interactive={Boolean(onRowClick)} className="data-table-table" aria-label={label}>
          <thead>
            <tr>
              {columns.map((column) => {
                const sort = ariaSortOf(column.sortKey, sortBy, order);
                return (
                  <th key={column.id} scope="col" aria-sort={sort} style={{ width: column.width }}>
                    {column.sortKey ? (
                      <button
                        type="button"
                        className="data-table-sort"
                        onClick={() => column.sortKey && void store.getState().cycleSort(column.sortKey)}
                      >
                        {column.label}
                        <Icon
                          size={12}
                          icon={
                            sort === 'ascending'
                              ? 'sort-asc'
                              : sort === 'descending'
                                ? 'sort-desc'
                                : 'double-caret-vertical'
                          }
                          className={sort === 'none' ? 'data-table-sort-idle' : undefined}
                        />
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                data-row-id={row.id}
                tabIndex={onRowClick ? 0 : undefined}
                aria-selected={onRowClick ? row.id === selectedId : undefined}
                className={row.id === selectedId ? 'data-table-row-selected' : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (event) => onRowKey(event, row) : undefined}
              >
                {columns.map((column) => (
                  <td key={column.id} className={column.className}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {rows.length === 0 && !loading && <NonIdealState icon="search" title="No rows" className="data-table-empty" />}
      </div>
      <div className="data-table-footer">
        <Tag minimal>{rangeLabel(page, rowsPerPage, rows.length, total)}</Tag>
        <span className="data-table-spacer" />
        <Button size="small" icon="chevron-left" disabled={page <= 1} onClick={() => store.getState().previousPage()}>
          Previous
        </Button>
        <Button
          size="small"
          endIcon="chevron-right"
          disabled={lastPage || loading}
          onClick={() => void store.getState().nextPage()}
        >
          Next
        </Button>
      </div>
    </div>
  );
}

/** Cells of interactive controls inside a clickable row must not open the row too. */
export function stopRowClick(event: { stopPropagation(): void }) {
  event.stopPropagation();
}
