// Pure pieces of the data table, tested without a DOM.
import type { SortOrder } from '../../../shared/contract/enums.js';
import { formatCount } from '../format.js';

/**
 * 'Rows 11–20 of 1,234' for the footer; 'No rows' when empty. A list whose count was capped
 * (more matches than the server counts exactly) reads 'of 100+' for a search
 * (LIST_SEARCH_COUNT_CAP) and 'of 1,000+' for a list only filtered (LIST_COUNT_CAP); a search the
 * server counted over the list's first rows only reads 'of 37+', the matches it found there.
 */
export function rangeLabel(
  page: number,
  rowsPerPage: number,
  shownRows: number,
  total: number,
  countCapped = false,
): string {
  if (total === 0 || shownRows === 0) return 'No rows';
  const first = (page - 1) * rowsPerPage + 1;
  const of = `${formatCount(total)}${countCapped ? '+' : ''}`;
  return `Rows ${formatCount(first)}–${formatCount(first + shownRows - 1)} of ${of}`;
}

/**
 * The height of a body row so the page's rows fill the box exactly (no empty band under the
 * last row): the box's inner height less the header, shared by the rows. Never below `least`.
 */
export function fittedRowHeight(innerHeight: number, headerHeight: number, rowsPerPage: number, least = 32): number {
  if (innerHeight <= 0) return least;
  return Math.max(least, Math.floor((innerHeight - headerHeight) / rowsPerPage));
}

/** The aria-sort of a header for the current sort. */
export function ariaSortOf(
  columnKey: string | undefined,
  sortBy: string | undefined,
  order: SortOrder | undefined,
): 'ascending' | 'descending' | 'none' | undefined {
  if (!columnKey) return undefined;
  if (columnKey !== sortBy || !order) return 'none';
  return order === 'ASC' ? 'ascending' : 'descending';
}

/**
 * Whether the screen's scroller (the dashboard pane) has carried the table's top out of view:
 * `tableTop` and `viewTop` are viewport y coordinates of the table's box and the scroller's
 * visible top. A few px of slack so a nudge does not hold live rows back.
 */
export function tableScrolledPast(tableTop: number, viewTop: number): boolean {
  return tableTop < viewTop - 4;
}

/** '3 new' on the button that brings held-back live rows into view. */
export function newRowsLabel(count: number): string {
  return `${count} new`;
}

/** What a column's width is derived from. */
export interface ColumnSizing {
  /** A fixed width in px (icon and menu columns): never measured, never stretched. */
  width?: number;
  /** The column's cell class: 'wrap' (long text) starts wide and wraps instead of growing. */
  className?: string;
  /** The widest header or cell content of the page in view, in px (0 before it is drawn). */
  natural?: number;
}

const MIN_WIDTH_PX = 72;
const WRAP_WIDTH_PX = 240;
/** No column grows past this for one long value; its cells end in an ellipsis. */
const MAX_WIDTH_PX = 320;

/** The narrowest a column should start: its header and the page's content fully readable. */
export function baseColumnWidth({ width, className, natural = 0 }: ColumnSizing): number {
  if (width !== undefined) return width;
  if (className === 'wrap') return WRAP_WIDTH_PX;
  return Math.min(Math.max(Math.ceil(natural), MIN_WIDTH_PX), MAX_WIDTH_PX);
}

/**
 * Column widths for a table `available` px wide: every column at its base width, and the
 * space left over shared by the flexible columns (long-text ones get a double share) so the
 * grid fills its box. Narrower than the bases, the table scrolls sideways instead.
 */
export function columnWidthsFor(columns: readonly ColumnSizing[], available: number): number[] {
  const bases = columns.map(baseColumnWidth);
  const spare = Math.floor(available) - bases.reduce((sum, w) => sum + w, 0);
  const shares = columns.map((c): number => (c.width !== undefined ? 0 : c.className === 'wrap' ? 2 : 1));
  const totalShares = shares.reduce((sum, s) => sum + s, 0);
  if (spare <= 0 || totalShares === 0) return bases;
  const widths = bases.map((w, i) => w + Math.floor((spare * shares[i]!) / totalShares));
  // Rounding leaves a few px: the last flexible column takes them, so the edges line up.
  const last = shares.findLastIndex((s) => s > 0);
  widths[last]! += Math.floor(available) - widths.reduce((sum, w) => sum + w, 0);
  return widths;
}

/**
 * The row a key moves the focus to in a grid of `rows` rows (WAI-ARIA grid pattern, row
 * focus): arrows one step, Home/End and PageUp/PageDown to the first/last row.
 * `undefined` for keys the grid leaves alone.
 */
export function nextFocusedRow(at: number, key: string, rows: number): number | undefined {
  if (rows === 0) return undefined;
  const clamp = (row: number) => Math.min(Math.max(row, 0), rows - 1);
  switch (key) {
    case 'ArrowUp':
      return clamp(at - 1);
    case 'ArrowDown':
      return clamp(at + 1);
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return rows - 1;
    default:
      return undefined;
  }
}

/** Where a key moves the focus among a row's controls: another control, back to the row, or nowhere. */
export type ControlMove = number | 'row' | undefined;

/**
 * The keys inside a row (the grid pattern's cells, as far as our cells hold controls): from the
 * row, ArrowRight enters its first control; then ArrowRight and ArrowLeft walk its controls, Home
 * and End jump to the first and last, and ArrowLeft from the first or Escape go back to the row.
 * `at` is the focused control's index, or 'row' when the row itself has the focus.
 */
export function nextControl(at: number | 'row', key: string, controls: number): ControlMove {
  if (controls === 0) return undefined;
  if (at === 'row') return key === 'ArrowRight' ? 0 : undefined;
  switch (key) {
    case 'ArrowRight':
      return Math.min(at + 1, controls - 1);
    case 'ArrowLeft':
      return at === 0 ? 'row' : at - 1;
    case 'Home':
      return 0;
    case 'End':
      return controls - 1;
    case 'Escape':
      return 'row';
    default:
      return undefined;
  }
}
