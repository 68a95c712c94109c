// The columns' widths: measured from the page in view, shared across the box, resized by hand.
import { useEffect, useLayoutEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { columnWidthsFor, type ColumnSizing } from './data-table-logic.js';

/** A cell's horizontal padding plus a hair, so measured content never ends in an ellipsis. */
const CELL_PADDING_PX = 18;

export interface ColumnWidths {
  /** Each column's width in px, in column order. */
  widths: number[];
  /** The columns' widths added up. */
  gridWidth: number;
  /** The box's inner width: the least the grid is drawn at. */
  boxWidth: number;
  /** Table's resize handle: the column keeps this width from now on. */
  setColumnWidth(col: number, width: number): void;
}

/**
 * `columns` are the table's columns (an id to remember a resized width by, and how each is
 * sized); `headerId(col)` and `cellId(row, col)` name the elements measured for `rowCount` rows.
 */
export function useColumnWidths(
  box: RefObject<HTMLElement>,
  columns: readonly (Pick<ColumnSizing, 'width' | 'className'> & { id: string })[],
  rowCount: number,
  headerId: (col: number) => string,
  cellId: (row: number, col: number) => string,
  /** The table's name: a resized width is remembered under it, across screens and restarts. */
  tableName: string,
): ColumnWidths {
  const [boxWidth, setBoxWidth] = useState(0);
  const [resized, setResized] = useState<Record<string, number>>(() => rememberedWidths(tableName));

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
  // Content that changes size after it is drawn (an icon's paths load after its first render)
  // is measured again at once. Measured only at the next render, the columns would jump on a
  // row's hover, between a click's press and release, and the click would be lost.
  const [, contentResized] = useReducer((n: number) => n + 1, 0);
  const watched = useRef<{ observer: ResizeObserver; elements: Set<Element> }>();
  // Let go on unmount; an effect run again (Fast Refresh) then starts a new observer.
  useEffect(
    () => () => {
      watched.current?.observer.disconnect();
      watched.current = undefined;
    },
    [],
  );
  useLayoutEffect(() => {
    watched.current ??= { observer: new ResizeObserver(contentResized), elements: new Set() };
    const { observer, elements } = watched.current;
    const measured = new Set<Element>();
    const widthOf = (id: string) => {
      const content = document.getElementById(id)?.firstElementChild;
      if (!content) return 0;
      measured.add(content);
      return content.scrollWidth + CELL_PADDING_PX;
    };
    const next = columns.map((_, col) =>
      Math.max(widthOf(headerId(col)), ...Array.from({ length: rowCount }, (_, row) => widthOf(cellId(row, col)))),
    );
    if (next.some((width, col) => width !== (natural[col] ?? 0))) setNatural(next);
    // Each element is observed once (observing it again would report it, and render, again),
    // and let go when it leaves the page: a table open all day must not hold old pages' cells.
    for (const element of elements)
      if (!measured.has(element)) {
        observer.unobserve(element);
        elements.delete(element);
      }
    for (const element of measured)
      if (!elements.has(element)) {
        observer.observe(element);
        elements.add(element);
      }
  });
  const widths = columnWidthsFor(
    columns.map((c, col) => ({ width: c.width, className: c.className, natural: natural[col] })),
    boxWidth,
  ).map((width, i) => resized[columns[i]!.id] ?? width);
  const gridWidth = widths.reduce((sum, w) => sum + w, 0);

  const setColumnWidth = (col: number, width: number) =>
    setResized((was) => {
      const next = { ...was, [columns[col]!.id]: Math.round(width) };
      rememberWidths(tableName, next);
      return next;
    });

  return { widths, gridWidth, boxWidth, setColumnWidth };
}

const storageKey = (tableName: string) => `tableColumnWidths:${tableName}`;

/** The widths the moderator gave this table's columns, by column id (none stored: {}). */
export function rememberedWidths(tableName: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey(tableName)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0 && entry[1] < 4000,
      ),
    );
  } catch {
    return {};
  }
}

function rememberWidths(tableName: string, widths: Record<string, number>) {
  try {
    globalThis.localStorage?.setItem(storageKey(tableName), JSON.stringify(widths));
  } catch {
    // A locked-down storage only costs the widths after a reload.
  }
}
