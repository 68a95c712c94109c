// The one reusable admin table, drawn by Blueprint's Table:
// sortable headers (ascending → descending → cleared), previous/next, 10 rows a page in a box
// 75 × (rows + 1) px high, a debounced search box, and live rows held behind an "N new" button
// when the moderator is not at the top. Rows open their drawer with a click, Enter or Space.
//
// Blueprint's Table draws cells as absolutely placed divs with no row elements and no ARIA, so
// the grid semantics are ours: each cell renders a role=gridcell, and a role=grid holds one
// transparent role=row per row, laid over it (clicks pass through), that claims its cells with
// aria-owns. Those rows are the keyboard's stops (one tab stop, moved by the arrow keys) and
// draw the focus ring; ArrowRight enters a row's controls (useCellControls.ts). The header exists twice (Table's main and top quadrants); only the
// visible top copy is a columnheader.
import { Button, Classes, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, RenderMode, SelectionModes, Table } from '@blueprintjs/table';
import '@blueprintjs/table/lib/css/table.css';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { ADMIN_TABLE_ROWS_PER_PAGE, tableHeightPx } from './table-size.js';
import { hasNextPage, rowsOfPage, type ListStore } from '../../stores/list-store.js';
import { ariaSortOf, fittedRowHeight, rangeLabel } from './data-table-logic.js';
import { ExportCsvButton } from './ExportCsvButton.js';
import { useBulkDelete, type BulkDeleteConfig } from '../bulk/BulkDelete.js';
import { HeaderLabel } from './HeaderLabel.js';
import type { ListName } from '../../../shared/contract/list-query.js';
import { NewRowsButton } from './NewRowsButton.js';
import { useColumnWidths } from './useColumnWidths.js';
import { useLiveRows } from './useLiveRows.js';
import { useCellControls } from './useCellControls.js';
import { useRowFocus } from './useRowFocus.js';
import { useTableSearch } from './useTableSearch.js';

export interface DataColumn<T, K extends string> {
  id: string;
  label: string;
  /** The server's sort key; only these headers are clickable. */
  sortKey?: K;
  render: (row: T) => ReactNode;
  /** A fixed width in px (icon and menu columns); the others share the table's width. */
  width?: number;
  /** 'wrap' (long text, wraps), 'num' (tabular figures) or 'mono' (ids). */
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
  /** The list's name for 'Export CSV' (the current search and sort, streamed by the API). */
  exportList?: ListName;
  /** Checkboxes and 'Delete selected' (moderation tables and ratings). */
  bulkDelete?: BulkDeleteConfig;
}

/** Rows share the box's height (no empty band under the last row), but never shrink below this. */
const LEAST_ROW_HEIGHT_PX = 44;
/** What a search the API's statement time-out stopped shows (422 `searchTooBroad`). */
const SEARCH_TOO_BROAD_TITLE = 'Search too broad — add more letters';
const NS = Classes.getClassNamespace();

export function DataTable<T extends { id: string }, K extends string>({
  label,
  store,
  columns,
  searchPlaceholder,
  onRowClick,
  selectedId,
  toolbarEnd,
  exportList,
  bulkDelete,
}: DataTableProps<T, K>) {
  const items = useStore(store, (s) => s.items);
  const total = useStore(store, (s) => s.total);
  const countCapped = useStore(store, (s) => s.countCapped);
  const failed = useStore(store, (s) => s.failed);
  const tooBroad = useStore(store, (s) => s.tooBroad);
  const page = useStore(store, (s) => s.page);
  const loading = useStore(store, (s) => s.loading);
  const sortBy = useStore(store, (s) => s.sortBy);
  const order = useStore(store, (s) => s.order);
  const root = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<Table>(null);
  const uid = useId();
  const [hoverRow, setHoverRow] = useState<number | undefined>();
  /** Where the overlaid rows start (Table's header height); Table's scroll comes from useLiveRows. */
  const [headerHeight, setHeaderHeight] = useState(30);
  /** The box's inner height (less a sideways scrollbar): the rows share it. */
  const [innerHeight, setInnerHeight] = useState(0);
  const rowsPerPage = ADMIN_TABLE_ROWS_PER_PAGE;

  const rows = rowsOfPage(items, page, rowsPerPage);
  const lastPage = !hasNextPage(page, rowsPerPage, rows.length, total, countCapped);
  const cellId = (row: number, col: number) => `${uid}-cell-${row}-${col}`;
  const rowId = (row: number) => `${uid}-row-${row}`;
  const headerId = (col: number) => `${uid}-head-${col}`;

  useEffect(() => {
    void store.getState().refresh();
  }, [store]);

  const [search, setSearch] = useTableSearch(store);
  const { showNew, scrollTop } = useLiveRows(store, page, root, box, table);
  const bulk = useBulkDelete(store, rows, total, bulkDelete);
  /** The checkbox column, when there is one, comes first and is not one of the grid's columns. */
  const offset = bulk.column ? 1 : 0;
  const { widths, gridWidth, boxWidth, setColumnWidth } = useColumnWidths(
    box,
    bulk.column ? [bulk.column, ...columns] : columns,
    rows.length,
    (col) => headerId(col - offset),
    (row, col) => cellId(row, col - offset),
    label,
  );
  // Columns past the box's right edge: the box is shaded there and the footer says so, since a
  // sideways scrollbar alone (thin, at the bottom) is easy to miss.
  const [moreRight, setMoreRight] = useState(false);
  const measureMoreRight = (element: HTMLElement | null) =>
    setMoreRight(element !== null && element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
  useEffect(() => measureMoreRight(box.current), [gridWidth, boxWidth]);
  const rowHeight = fittedRowHeight(innerHeight, headerHeight, rowsPerPage, LEAST_ROW_HEIGHT_PX);
  const rowHeights = useMemo(() => Array.from({ length: rows.length }, () => rowHeight), [rows.length, rowHeight]);

  useLayoutEffect(() => {
    const headers = box.current?.querySelector<HTMLElement>(`.${NS}-table-quadrant-main .${NS}-table-column-headers`);
    if (headers && headers.offsetHeight !== headerHeight) setHeaderHeight(headers.offsetHeight);
    const inner = box.current?.clientHeight ?? 0;
    if (inner !== innerHeight) setInnerHeight(inner);
  });

  const { activeRow, openRow, onRowKey, onRowFocus } = useRowFocus(rows, rowId, box, selectedId, onRowClick);
  const { enterControls, onCellsKey, onCellsFocus, onCellsBlur } = useCellControls(box, rowId);

  const renderCell = (column: DataColumn<T, K>, col: number) => (rowIndex: number) => {
    const row = rows[rowIndex];
    if (!row) return <Cell />;
    const selected = row.id === selectedId;
    return (
      <Cell
        className={[
          'data-table-cell',
          selected ? 'data-table-row-selected' : '',
          hoverRow === rowIndex ? 'data-table-row-hover' : '',
        ].join(' ')}
        truncated={false}
        wrapText={column.className === 'wrap'}
        interactive
      >
        <div
          role="gridcell"
          id={cellId(rowIndex, col)}
          aria-colindex={col + 1}
          data-row-key={row.id}
          data-row-index={rowIndex}
          className={`data-table-cell-body ${onRowClick ? 'data-table-cell-clickable' : ''} ${column.className ?? ''}`}
          onClick={onRowClick ? () => openRow(row) : undefined}
          onMouseEnter={() => setHoverRow(rowIndex)}
        >
          <span className="data-table-cell-content">{column.render(row)}</span>
        </div>
      </Cell>
    );
  };

  const renderHeader = (column: DataColumn<T, K>, col: number) => () => (
    <ColumnHeaderCell
      name={column.label}
      nameRenderer={() => (
        <HeaderLabel
          id={headerId(col)}
          col={col}
          label={column.label}
          sort={ariaSortOf(column.sortKey, sortBy, order)}
          onSort={column.sortKey ? () => void store.getState().cycleSort(column.sortKey!) : undefined}
        />
      )}
    />
  );

  return (
    <div ref={root} className="data-table">
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
        <NewRowsButton store={store} onClick={showNew} />
        {toolbarEnd}
      </div>
      <div
        ref={box}
        className={`data-table-scroll${moreRight ? ' data-table-scroll-more-right' : ''}`}
        style={{ height: tableHeightPx(rowsPerPage) }}
        onMouseLeave={() => setHoverRow(undefined)}
        // The first column stays at the left edge while the box scrolls sideways (CSS reads it).
        onScroll={(event) => {
          event.currentTarget.style.setProperty('--pinned-x', `${event.currentTarget.scrollLeft}px`);
          measureMoreRight(event.currentTarget);
        }}
        // The fallback focus target when the row that opened a drawer is gone.
        tabIndex={-1}
      >
        <div
          role="grid"
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length}
          className="data-table-rows"
          style={{ width: Math.max(gridWidth, boxWidth), transform: `translateY(${-scrollTop}px)` }}
        >
          <div
            role="row"
            aria-rowindex={1}
            className="data-table-header-row"
            style={{ height: headerHeight }}
            aria-owns={columns.map((_, col) => headerId(col)).join(' ')}
          />
          {rows.map((row, rowIndex) => (
            <div
              key={row.id}
              id={rowId(rowIndex)}
              role="row"
              aria-rowindex={rowIndex + 2}
              aria-selected={onRowClick ? row.id === selectedId : undefined}
              aria-owns={columns.map((_, col) => cellId(rowIndex, col)).join(' ')}
              data-row-key={row.id}
              tabIndex={rowIndex === activeRow ? 0 : -1}
              className="data-table-row"
              style={{ top: headerHeight + rowIndex * rowHeight, height: rowHeight }}
              onKeyDown={(event) => enterControls(event, rowIndex) || onRowKey(event, rowIndex)}
              onFocus={() => onRowFocus(row)}
            />
          ))}
        </div>
        {/* Table never scrolls sideways itself (it would skip rendering hidden columns): it is as
            wide as its columns and the box scrolls instead. */}
        <div
          className="data-table-grid"
          style={{ width: Math.max(gridWidth, boxWidth) }}
          // In the capture phase: before the Table's own key handling, for the keys among controls.
          onKeyDownCapture={onCellsKey}
          onFocus={onCellsFocus}
          onBlur={onCellsBlur}
        >
          <Table
            ref={table}
            numRows={rows.length}
            columnWidths={widths}
            onColumnWidthChanged={setColumnWidth}
            defaultRowHeight={rowHeight}
            rowHeights={rowHeights}
            enableRowHeader={false}
            enableRowResizing={false}
            enableMultipleSelection={false}
            selectionModes={SelectionModes.NONE}
            renderMode={RenderMode.NONE}
            cellRendererDependencies={[rows, selectedId, hoverRow, sortBy, order, onRowClick, bulk.column]}
          >
            {[
              ...(bulk.column
                ? [
                    <Column
                      key="select"
                      id="select"
                      name=""
                      cellRenderer={(rowIndex) => (
                        <Cell className="data-table-cell data-table-select-cell" interactive>
                          {rows[rowIndex] ? bulk.column.render(rows[rowIndex]) : null}
                        </Cell>
                      )}
                      columnHeaderCellRenderer={() => <ColumnHeaderCell name="" />}
                    />,
                  ]
                : []),
              ...columns.map((column, col) => (
                <Column
                  key={column.id}
                  id={column.id}
                  name={column.label}
                  cellRenderer={renderCell(column, col)}
                  columnHeaderCellRenderer={renderHeader(column, col)}
                />
              )),
            ]}
          </Table>
        </div>
        {rows.length === 0 && !loading && !failed && (
          <NonIdealState icon="search" title="No rows" className="data-table-empty" />
        )}
        {failed && !loading && rows.length === 0 && (
          <NonIdealState
            icon={tooBroad ? 'search' : 'error'}
            title={tooBroad ? SEARCH_TOO_BROAD_TITLE : 'The rows could not be loaded'}
            className="data-table-empty"
            action={
              <Button icon="refresh" onClick={() => void store.getState().load(page)}>
                Retry
              </Button>
            }
          />
        )}
      </div>
      <div className="data-table-footer">
        <Tag minimal>
          {/* Not 'No rows' before the first page has come: that would say the table is empty. */}
          {loading && rows.length === 0
            ? 'Loading rows…'
            : rangeLabel(page, rowsPerPage, rows.length, total, countCapped)}
        </Tag>
        {moreRight && (
          <Tag minimal icon="arrows-horizontal" className="data-table-scroll-more">
            More columns to the right: scroll sideways
          </Tag>
        )}
        {bulk.bar}
        {failed && !loading && rows.length > 0 && (
          <Button size="small" icon="refresh" intent="warning" onClick={() => void store.getState().refresh()}>
            Retry
          </Button>
        )}
        <span className="data-table-spacer" />
        {/* After the grid in the tab order: Tab from the search box lands on the rows. */}
        {exportList && <ExportCsvButton list={exportList} store={store} />}
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
      {bulk.dialog}
    </div>
  );
}

/** Cells of interactive controls inside a clickable row must not open the row too. */
export function stopRowClick(event: { stopPropagation(): void }) {
  event.stopPropagation();
}
