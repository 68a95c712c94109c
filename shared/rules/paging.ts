// The paging arithmetic every list shares, server and renderer: pages counted from 1, `limit`
// rows each.

/** One page of a list: its number, from 1, and how many rows a page holds. */
export interface Paging {
  page: number;
  limit: number;
}

/** The rows before the page: its OFFSET. */
export function rowsBefore({ page, limit }: Paging): number {
  return (page - 1) * limit;
}

/** The page's rows among `rows`, the whole list in its order. */
export function rowsOfPage<T>(rows: readonly T[], paging: Paging): T[] {
  const first = rowsBefore(paging);
  return rows.slice(first, first + paging.limit);
}

/** How many pages `total` rows fill: at least one, an empty list showing its one empty page. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
