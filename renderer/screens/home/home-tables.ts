// The dashboard home's two tables page on the client, 5 rows a page.
import { pageCount, rowsOfPage } from '../../../shared/rules/paging.js';

export const DASHBOARD_HOME_ROWS_PER_PAGE = 5;

/** The rows of page `page`, counted from 0 as the home's pager shows it (page + 1 of n). */
export function homePage<T>(rows: readonly T[], page: number): T[] {
  return rowsOfPage(rows, { page: page + 1, limit: DASHBOARD_HOME_ROWS_PER_PAGE });
}

export function homePageCount(rows: readonly unknown[]): number {
  return pageCount(rows.length, DASHBOARD_HOME_ROWS_PER_PAGE);
}

export const signUpsSubtitle = (n: number) => `${n} new sign ups in the past 24 hours`;
export const biddersSubtitle = (n: number) => `${n} new bidders in the past 24 hours`;
