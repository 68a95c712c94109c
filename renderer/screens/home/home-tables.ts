// The dashboard home's two tables page on the client, 5 rows a page.
import { DASHBOARD_HOME_ROWS_PER_PAGE } from '../../../shared/rules/constants.js';

export function homePage<T>(rows: readonly T[], page: number): T[] {
  return rows.slice(page * DASHBOARD_HOME_ROWS_PER_PAGE, (page + 1) * DASHBOARD_HOME_ROWS_PER_PAGE);
}

export function homePageCount(rows: readonly unknown[]): number {
  return Math.max(1, Math.ceil(rows.length / DASHBOARD_HOME_ROWS_PER_PAGE));
}

export const signUpsSubtitle = (n: number) => `${n} new sign ups in the past 24 hours`;
export const biddersSubtitle = (n: number) => `${n} new bidders in the past 24 hours`;
