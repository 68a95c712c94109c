// The one reusable admin table (section 2, "Reusable data table"), drawn by Blueprint's Table:
// sortable headers (ascending → descending → cleared), previous/next, 10 rows a page in a box
// 75 × (rows + 1) px high, a debounced search box, and live rows held behind an "N new" button
// when the moderator is not at the top. Rows open their drawer with a click, Enter or Space.
//
// Blueprint's Table draws cells as absolutely placed divs with no row elements and no ARIA, so
// the grid semantics are ours: each cell renders a role=gridcell, and a role=grid holds one
// transparent role=row per row, laid over it (clicks pass through), that claims its cells with
// aria-owns. Those rows are the keyboard's stops (one tab stop, moved by the arrow keys) and
// draw the focus ring. The header exists twice (Table's main and top quadrants); only the
// visible top copy is a columnheader.
import { Button, Classes, Icon, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, Regions, RenderMode, SelectionModes, Table } from '@blueprintjs/table';
import '@blueprintjs/table/lib/css/table.css';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { ADMIN_TABLE_ROWS_PER_PAGE, SEARCH_DEBOUNCE_MS, tableHeightPx } from '../../shared/rules/constants.js';
import { rowsOfPage, type ListStore } from '../stores/list-store.js';
import {
  ariaSortOf,
  columnWidthsFor,
  newRowsLabel,
  nextFocusedRow,
  rangeLabel,
  tableScrolledPast,
} from './data-table-logic.js';

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
}

/** Tall enough for a 24 px avatar, a small button or two lines of wrapped text. */
const ROW_HEIGHT_PX = 44;
/** A cell's horizontal padding plus a hair, so measured content never ends in an ellipsis. */
const CELL_PADDING_PX = 18;
const NS = Classes.getClassNamespace();
const TOP_QUADRANT = `${NS}-table-quadrant-top`;

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
  const root = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  /** What keeps the first rows out of view: Table's own scroll, or the screen's. */
  const away = useRef({ rows: false, table: false });
  const table = useRef<Table>(null);
  const uid = useId();
  const [boxWidth, setBoxWidth] = useState(0);
  const [resized, setResized] = useState<Record<string, number>>({});
  /** The roving tab stop, by row id so it stays on its row when live rows arrive. */
  const [activeKey, setActiveKey] = useState<string | undefined>();
  const [hoverRow, setHoverRow] = useState<number | undefined>();
  /** Where the overlaid rows start (Table's header height) and how far Table scrolled them. */
  const [headerHeight, setHeaderHeight] = useState(30);
  const [scrollTop, setScrollTop] = useState(0);
  const focusWanted = useRef(false);
  const rowsPerPage = ADMIN_TABLE_ROWS_PER_PAGE;

  const rows = rowsOfPage(items, page, rowsPerPage);
  const lastPage = page * rowsPerPage >= total;
  const activeIndex = rows.findIndex((row) => row.id === activeKey);
  const activeRow = activeIndex < 0 ? 0 : activeIndex;
  const cellId = (row: number, col: number) => `${uid}-cell-${row}-${col}`;
  const rowId = (row: number) => `${uid}-row-${row}`;
  const headerId = (col: number) => `${uid}-head-${col}`;

  useEffect(() => {
    void store.getState().refresh();
  }, [store]);

  useEffect(() => {
    if (search === store.getState().search) return;
    const timer = setTimeout(() => void store.getState().setSearch(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, store]);

  const scrollToTop = () => {
    table.current?.scrollToRegion(Regions.row(0));
    box.current?.scrollTo?.({ top: 0 });
    if (away.current.table) root.current?.scrollIntoView?.({ block: 'start' });
    away.current = { rows: false, table: false };
    store.getState().setScrolledAway(false);
  };

  useEffect(scrollToTop, [page, store]);

  // The columns share the box's width; a column the moderator resized keeps its width.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setBoxWidth(element.clientWidth));
    observer.observe(element);
    setBoxWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  // The widest header or cell of each column, measured once the page is drawn: Table has no
  // auto-sizing, and a column as wide as its content reads best in a dense table.
  const [natural, setNatural] = useState<number[]>([]);
  useLayoutEffect(() => {
    const widthOf = (id: string) => {
      const content = document.getElementById(id)?.firstElementChild;
      return content ? content.scrollWidth + CELL_PADDING_PX : 0;
    };
    const next = columns.map((_, col) =>
      Math.max(widthOf(headerId(col)), ...rows.map((_, row) => widthOf(cellId(row, col)))),
    );
    if (next.some((width, col) => width !== (natural[col] ?? 0))) setNatural(next);
  });
  const widths = columnWidthsFor(
    columns.map((c, col) => ({ width: c.width, className: c.className, natural: natural[col] })),
    boxWidth,
  ).map((width, i) => resized[columns[i]!.id] ?? width);
  const gridWidth = widths.reduce((sum, w) => sum + w, 0);

  // The cells are the tab stops, not Table's container (a nameless focusable div).
  useEffect(() => {
    box.current?.querySelector(`.${NS}-table-container`)?.setAttribute('tabindex', '-1');
  }, []);

  // Rows scroll inside Table's own scroller, and the whole table with the screen: the box is
  // taller than most windows, so a moderator reading the last rows has scrolled the dashboard
  // pane, and a live row inserted at the top would shift what they read. Scroll events do not
  // bubble, so listen in capture, on the document.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onScroll = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLElement && element.contains(target)) {
        // Only the main quadrant scrolls the rows; the others follow it, the box only sideways.
        if (!target.matches(`.${NS}-table-quadrant-main .${NS}-table-quadrant-scroll-container`)) return;
        setScrollTop(target.scrollTop);
        away.current.rows = target.scrollTop > 4;
      } else if (target === document || (target instanceof HTMLElement && target.contains(element))) {
        const viewTop = target instanceof HTMLElement ? target.getBoundingClientRect().top : 0;
        away.current.table = tableScrolledPast(element.getBoundingClientRect().top, viewTop);
      } else return;
      store.getState().setScrolledAway(away.current.rows || away.current.table);
    };
    document.addEventListener('scroll', onScroll, true);
    return () => document.removeEventListener('scroll', onScroll, true);
  }, [store]);

  useLayoutEffect(() => {
    const headers = box.current?.querySelector<HTMLElement>(`.${NS}-table-quadrant-main .${NS}-table-column-headers`);
    if (headers && headers.offsetHeight !== headerHeight) setHeaderHeight(headers.offsetHeight);
  });

  const focusActiveRow = () => {
    const row = document.getElementById(rowId(activeRow));
    if (row) row.focus();
    else box.current?.focus();
  };

  // After an arrow key, DOM focus follows the tab stop.
  useLayoutEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    focusActiveRow();
  });

  // When the row's drawer closes, focus goes back to the cell that opened it (keyboard users
  // keep their place); the drawer unmounts, so Blueprint cannot restore it itself.
  const openedRow = useRef(selectedId);
  useEffect(() => {
    const closed = openedRow.current;
    openedRow.current = selectedId;
    if (!closed || selectedId) return;
    // focusActiveRow reads this render's tab stop; only the drawer closing runs this.
    focusActiveRow();
  }, [selectedId]);

  const showNew = () => {
    store.getState().showPending();
    scrollToTop();
  };

  const openRow = (row: T) => {
    setActiveKey(row.id);
    onRowClick?.(row);
  };

  const onRowKey = (event: KeyboardEvent<HTMLElement>, rowIndex: number) => {
    const row = rows[rowIndex];
    if (!row || event.target !== event.currentTarget) return;
    if ((event.key === 'Enter' || event.key === ' ') && onRowClick) {
      event.preventDefault();
      openRow(row);
      return;
    }
    const next = nextFocusedRow(rowIndex, event.key, rows.length);
    if (next === undefined) return;
    event.preventDefault();
    focusWanted.current = true;
    setActiveKey(rows[next]!.id);
  };

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
        {pending.length > 0 && (
          <Button size="small" intent="primary" icon="arrow-up" onClick={showNew}>
            {newRowsLabel(pending.length)}
          </Button>
        )}
        {toolbarEnd}
      </div>
      <div
        ref={box}
        className="data-table-scroll"
        style={{ height: tableHeightPx(rowsPerPage) }}
        onMouseLeave={() => setHoverRow(undefined)}
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
              style={{ top: headerHeight + rowIndex * ROW_HEIGHT_PX, height: ROW_HEIGHT_PX }}
              onKeyDown={(event) => onRowKey(event, rowIndex)}
              onFocus={() => row.id !== activeKey && setActiveKey(row.id)}
            />
          ))}
        </div>
        {/* Table never scrolls sideways itself (it would skip rendering hidden columns): it is as
            wide as its columns and the box scrolls instead. */}
        <div className="data-table-grid" style={{ width: Math.max(gridWidth, boxWidth) }}>
          <Table
            ref={table}
            numRows={rows.length}
            columnWidths={widths}
            onColumnWidthChanged={(col, width) => setResized((was) => ({ ...was, [columns[col]!.id]: width }))}
            defaultRowHeight={ROW_HEIGHT_PX}
            enableRowHeader={false}
            enableRowResizing={false}
            enableMultipleSelection={false}
            selectionModes={SelectionModes.NONE}
            renderMode={RenderMode.NONE}
            cellRendererDependencies={[rows, selectedId, hoverRow, sortBy, order, onRowClick]}
          >
            {columns.map((column, col) => (
              <Column
                key={column.id}
                id={column.id}
                name={column.label}
                cellRenderer={renderCell(column, col)}
                columnHeaderCellRenderer={renderHeader(column, col)}
              />
            ))}
          </Table>
        </div>
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

/**
 * A header's label (a sort button when the column sorts). Table draws the header in its main
 * quadrant, hidden under the top one; only the top copy carries the columnheader role and the
 * id the header row claims, so assistive technology meets each header once.
 */
function HeaderLabel({
  id,
  col,
  label,
  sort,
  onSort,
}: {
  id: string;
  col: number;
  label: string;
  sort: 'ascending' | 'descending' | 'none' | undefined;
  onSort?: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visibleCopy, setVisibleCopy] = useState(false);
  useLayoutEffect(() => setVisibleCopy(Boolean(ref.current?.closest(`.${TOP_QUADRANT}`))), []);
  return (
    <div
      ref={ref}
      className="data-table-header"
      {...(visibleCopy ? { role: 'columnheader', id, 'aria-colindex': col + 1, 'aria-sort': sort } : {})}
    >
      {onSort ? (
        <button type="button" className="data-table-sort" tabIndex={visibleCopy ? 0 : -1} onClick={onSort}>
          {label}
          <Icon
            size={12}
            icon={sort === 'ascending' ? 'sort-asc' : sort === 'descending' ? 'sort-desc' : 'double-caret-vertical'}
            className={sort === 'none' ? 'data-table-sort-idle' : undefined}
          />
        </button>
      ) : (
        <span>{label}</span>
      )}
    </div>
  );
}

/** Cells of interactive controls inside a clickable row must not open the row too. */
export function stopRowClick(event: { stopPropagation(): void }) {
  event.stopPropagation();
}
