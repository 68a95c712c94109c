// Pure pieces of the data table, tested without a DOM.
import type { SortOrder } from '../../shared/contract/enums.js';

/** 'Rows 11–20 of 25' for the footer; 'No rows' when empty. */
export function rangeLabel(page: number, rowsPerPage: number, shownRows: number, total: number): string {
  if (total === 0 || shownRows === 0) return 'No rows';
  const first = (page - 1) * rowsPerPage + 1;
  return `Rows ${first}–${first + shownRows - 1} of ${total}`;
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

/** '3 new' on the button that brings held-back live rows into view. */
export function newRowsLabel(count: number): string {
  return `${count} new`;
}
