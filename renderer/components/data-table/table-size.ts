// How big an admin table is: its rows per page, and its height from them.

export const ADMIN_TABLE_ROWS_PER_PAGE = 10;
export const TABLE_ROW_HEIGHT_PX = 75;

/** Height of a data table: 75 × (rows per page + 1), the extra row being the header. */
export function tableHeightPx(rowsPerPage: number): number {
  return TABLE_ROW_HEIGHT_PX * (rowsPerPage + 1);
}
