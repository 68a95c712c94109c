// The one list-store factory behind every admin table:
// page 1 replaces the rows, later pages append; a search or sort change asks for page 1 with
// limit 10; live rows arrive at the top, or wait in `pending` while the moderator is not at the top.
// A newer fetch aborts the one before it (a moderator typing a name sends a search per pause):
// its request is closed end to end, and the API cancels its statement.
import { createStore, type StoreApi } from 'zustand';
import type { ApiFailure, ApiResult } from '../../shared/contract/market-api.js';
import { MAX_LIST_LIMIT, type ListPageQuery } from '../../shared/contract/list-query.js';
import type { ListResponse } from '../../shared/contract/entities.js';
import type { SortOrder } from '../../shared/contract/enums.js';
import { ADMIN_TABLE_ROWS_PER_PAGE } from '../components/data-table/table-size.js';
import { pageCount as pagesOf, rowsOfPage as rowsOfListPage } from '../../shared/rules/paging.js';

/** The list query a table sends: the contract's, with the table's sort keys. */
export type ListRequest<K extends string> = ListPageQuery<K>;

/** One page of the list; `signal` aborts the fetch when a newer one replaces it. */
export type FetchListPage<T, K extends string> = (
  query: ListRequest<K>,
  signal?: AbortSignal,
) => Promise<ApiResult<ListResponse<T>>>;

/** The API's answer to a search its statement time-out stopped (422 `searchTooBroad`). */
export const SEARCH_TOO_BROAD = 'searchTooBroad';

/**
 * The view's search and sort as a list query's fields: the search trimmed (none when blank), a
 * sort only with its direction. Pages, exports and bulk selection all ask for what is on screen.
 */
export function viewQueryOf<K extends string>(view: {
  search: string;
  sortBy?: K | undefined;
  order?: SortOrder | undefined;
}): Pick<ListRequest<K>, 'search' | 'sortBy' | 'order'> {
  const term = view.search.trim();
  return {
    ...(view.sortBy && view.order ? { sortBy: view.sortBy, order: view.order } : {}),
    ...(term ? { search: term } : {}),
  };
}

/**
 * Every row of the view (its search, sort and the list's own filters), page by page, up to `max`:
 * what "select all N matching" and the audit log's CSV read. A failed page ends the read; the
 * rows read so far come back with the failure.
 */
export async function readAllMatching<T extends { id: string }, K extends string>(
  store: ListStore<T, K>,
  max: number,
): Promise<{ rows: T[]; failure: ApiFailure | null }> {
  const { fetchPage } = store.getState();
  const view = viewQueryOf(store.getState());
  const rows: T[] = [];
  for (let page = 1; rows.length < max; page++) {
    const result = await fetchPage({ page, limit: MAX_LIST_LIMIT, ...view });
    if (!result.ok) return { rows, failure: result.error };
    rows.push(...result.data.items);
    if (result.data.items.length < MAX_LIST_LIMIT) break;
  }
  return { rows: rows.slice(0, max), failure: null };
}

export interface SortState<K extends string> {
  sortBy?: K;
  order?: SortOrder;
}

/** A header click cycles ascending → descending → cleared; another column starts at ascending. */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.sortBy !== key || !current.order) return { sortBy: key, order: 'ASC' };
  if (current.order === 'ASC') return { sortBy: key, order: 'DESC' };
  return {};
}

export interface ListState<T extends { id: string }, K extends string> {
  /** Every row loaded so far: page 1 first, later pages appended. */
  items: T[];
  /** The server's count of matching rows. */
  total: number;
  /** The server stopped counting at `total` (there are more): the footer says '100+' (a search) or '1,000+'. */
  countCapped: boolean;
  /** The last load failed: the table offers Retry. */
  failed: boolean;
  /** The last load failed because the search was too broad to answer in time: "add more letters". */
  tooBroad: boolean;
  /** The page in view (1-based). */
  page: number;
  search: string;
  sortBy?: K;
  order?: SortOrder;
  loading: boolean;
  /**
   * Live rows held back while the moderator is scrolled away from the top: the newest
   * LIVE_ROWS_KEPT of them. A flood of events must not pile up rows nobody sees.
   */
  pending: T[];
  /** How many live rows arrived while away: the "N new" count (may exceed `pending.length`). */
  pendingCount: number;
  /** The table reports when its rows are scrolled down, so live rows do not shift them. */
  scrolledAway: boolean;
  setScrolledAway(away: boolean): void;
  /** Page 1, scrolled to the top: where a live row can be inserted without moving anything. */
  isAtTop(): boolean;
  /** The list's own page fetch, for whatever reads beyond the loaded pages (bulk selection). */
  fetchPage: FetchListPage<T, K>;
  /** Fetches page `page` of the current search and sort. */
  load(page: number): Promise<void>;
  /** Page 1 with limit 10, the view back on page 1. */
  refresh(): Promise<void>;
  nextPage(): Promise<void>;
  previousPage(): void;
  setSearch(term: string): Promise<void>;
  cycleSort(key: K): Promise<void>;
  /** Removes a row locally and decrements the total (deleted here or by another moderator). */
  removeLocal(id: string): void;
  /** A row pushed by the server: updates it in place, or inserts it at the top (or holds it). */
  receiveLive(item: T, atTop: boolean): void;
  /** Puts the held-back live rows at the top and returns to page 1. */
  showPending(): void;
  replaceItem(item: T): void;
}

export type ListStore<T extends { id: string }, K extends string> = StoreApi<ListState<T, K>>;

/**
 * The most rows a table holds for live events: the held-back rows, and the rows live events
 * add at the top. Past it the oldest go (the server still has them: "N new" reloads page 1 when
 * more arrived than were kept), so memory stays flat under a flood of events.
 */
export const LIVE_ROWS_KEPT = 100;

export function rowsOfPage<T>(items: readonly T[], page: number, rowsPerPage = ADMIN_TABLE_ROWS_PER_PAGE): T[] {
  return rowsOfListPage(items, { page, limit: rowsPerPage });
}

/**
 * Whether there is a page after page `page`: within the count; or, when the count was capped (the
 * matches go on past it), while the page shown is full. A capped search's pages past its cap
 * stay reachable, up to the first page that is not full.
 */
export function hasNextPage(
  page: number,
  rowsPerPage: number,
  shownRows: number,
  total: number,
  countCapped = false,
): boolean {
  if (countCapped) return shownRows >= rowsPerPage;
  return page * rowsPerPage < total;
}

export function pageCount(total: number, rowsPerPage = ADMIN_TABLE_ROWS_PER_PAGE): number {
  return pagesOf(total, rowsPerPage);
}

/**
 * A first page's answer with the live rows that arrived while it was read (oldest first): a row the
 * answer has takes its newer version; the others go on top, newest first, and count. The answer
 * may predate them or not: the server read the page at some moment during the request.
 */
export function withRowsArrived<T extends { id: string }>(
  answer: readonly T[],
  count: number,
  arrived: readonly T[],
): { items: T[]; total: number } {
  const latest = new Map(arrived.map((row) => [row.id, row]));
  const inAnswer = new Set(answer.map((row) => row.id));
  const added = [...latest.values()].filter((row) => !inAnswer.has(row.id)).reverse();
  return {
    items: [...added, ...answer.map((row) => latest.get(row.id) ?? row)],
    total: count + added.length,
  };
}

export function createListStore<T extends { id: string }, K extends string>(
  fetchPage: FetchListPage<T, K>,
  limit = ADMIN_TABLE_ROWS_PER_PAGE,
): ListStore<T, K> {
  // Only the newest request may write: a slow page-1 answer must not overwrite a newer search.
  let latestRequest = 0;
  // The newest request's abort: a newer one aborts it, since nobody will read its answer.
  let inFlight: AbortController | null = null;
  // Live rows that arrived while a first page was being read: its answer replaces the rows, and
  // one logged after the server read the page would be lost with them (withRowsArrived).
  let arrivedDuringLoad: T[] | null = null;

  return createStore<ListState<T, K>>()((set, get) => ({
    items: [],
    total: 0,
    countCapped: false,
    failed: false,
    tooBroad: false,
    page: 1,
    search: '',
    loading: false,
    pending: [],
    pendingCount: 0,
    scrolledAway: false,
    fetchPage,

    setScrolledAway(away) {
      if (away !== get().scrolledAway) set({ scrolledAway: away });
    },

    isAtTop() {
      return get().page === 1 && !get().scrolledAway;
    },

    async load(page) {
      const query: ListRequest<K> = { page, limit, ...viewQueryOf(get()) };
      const request = ++latestRequest;
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      arrivedDuringLoad = page === 1 ? [] : null;
      set({ loading: true });
      try {
        const result = await fetchPage(query, controller.signal);
        if (request !== latestRequest) return;
        inFlight = null;
        const arrived = arrivedDuringLoad ?? [];
        arrivedDuringLoad = null;
        if (!result.ok) {
          const tooBroad = result.error.code === SEARCH_TOO_BROAD;
          // The rows of an earlier term would read as this one's: a search too broad shows none.
          const cleared = tooBroad && page === 1 ? { items: [], total: 0, countCapped: false } : {};
          set({ loading: false, failed: true, tooBroad, ...cleared });
          return;
        }
        const { items, count } = result.data;
        const countCapped = result.data.countCapped === true;
        if (page === 1) {
          const shown = withRowsArrived(items, count, arrived);
          set({
            items: shown.items,
            total: shown.total,
            countCapped,
            loading: false,
            failed: false,
            tooBroad: false,
            pending: [],
            pendingCount: 0,
          });
        } else {
          const known = new Set(get().items.map((row) => row.id));
          const all = [...get().items, ...items.filter((row) => !known.has(row.id))];
          // A capped count's page that is not full (or empty, after an exactly full one) is its
          // end: the rows loaded are every match, an exact count, and Next is over.
          const ended = countCapped && items.length < limit;
          set({
            items: all,
            total: ended ? all.length : count,
            countCapped: countCapped && !ended,
            loading: false,
            failed: false,
            tooBroad: false,
          });
        }
      } catch (error) {
        if (request === latestRequest) set({ loading: false, failed: true, tooBroad: false });
        console.error('Error loading list', error);
      }
    },

    async refresh() {
      set({ page: 1 });
      await get().load(1);
    },

    async nextPage() {
      const { page, items, total, countCapped } = get();
      if (!hasNextPage(page, limit, rowsOfPage(items, page, limit).length, total, countCapped)) return;
      // A capped count is no end: the pages past it are asked for until one comes back short.
      if (items.length < (page + 1) * limit && (countCapped || items.length < total)) await get().load(page + 1);
      if (get().items.length > page * limit) set({ page: page + 1 });
    },

    previousPage() {
      set({ page: Math.max(1, get().page - 1) });
    },

    async setSearch(term) {
      if (term === get().search) return;
      set({ search: term, page: 1 });
      await get().load(1);
    },

    async cycleSort(key) {
      const sort = nextSort({ sortBy: get().sortBy, order: get().order }, key);
      set({ sortBy: sort.sortBy, order: sort.order, page: 1 });
      await get().load(1);
    },

    removeLocal(id) {
      const { items, pending, pendingCount, total, page } = get();
      const inItems = items.some((row) => row.id === id);
      const rest = items.filter((row) => row.id !== id);
      const held = pending.some((row) => row.id === id);
      set({
        items: rest,
        pending: pending.filter((row) => row.id !== id),
        pendingCount: held ? pendingCount - 1 : pendingCount,
        total: inItems ? Math.max(0, total - 1) : total,
        // The last row of the last page went away: show the page before it.
        page: Math.min(page, pageCount(rest.length, limit)),
      });
    },

    receiveLive(item, atTop) {
      arrivedDuringLoad?.push(item);
      const { items, pending, total } = get();
      if (items.some((row) => row.id === item.id)) {
        get().replaceItem(item);
        return;
      }
      if (pending.some((row) => row.id === item.id)) {
        set({ pending: pending.map((row) => (row.id === item.id ? item : row)) });
        return;
      }
      // Either way the list keeps at most LIVE_ROWS_KEPT rows more than it loaded.
      if (atTop) set({ items: [item, ...items].slice(0, Math.max(items.length, LIVE_ROWS_KEPT)), total: total + 1 });
      else set({ pending: [item, ...pending].slice(0, LIVE_ROWS_KEPT), pendingCount: get().pendingCount + 1 });
    },

    showPending() {
      const { items, pending, pendingCount, total } = get();
      if (pendingCount === 0) return;
      // More arrived than were kept: page 1 from the server has the newest rows and the total.
      if (pendingCount > pending.length) {
        set({ page: 1, pending: [], pendingCount: 0 });
        void get().load(1);
        return;
      }
      set({ items: [...pending, ...items], total: total + pending.length, pending: [], pendingCount: 0, page: 1 });
    },

    replaceItem(item) {
      set({ items: get().items.map((row) => (row.id === item.id ? item : row)) });
    },
  }));
}
