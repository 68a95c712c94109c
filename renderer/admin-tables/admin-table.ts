// What an admin table is, declared once: its name (which gives its sort keys, its CSV export and
// its live events), its list route, and how a row is deleted. Its store and its screen's scaffold
// (AdminTableScreen) are built from this.
import type { ListResponse } from '../../shared/contract/entities.js';
import { SORT_KEYS, type ListName, type SortKey } from '../../shared/contract/list-query.js';
import type { ApiResult } from '../../shared/contract/market-api.js';
import type { REVIEW_CASE_SORT_KEYS } from '../../shared/contract/review-cases.js';
import { createListStore, type ListRequest, type ListStore } from '../stores/list-store.js';
import type { LiveFeed } from '../stores/live-table.js';
import type { DataColumn } from '../components/data-table/DataTable.js';

/** The admin lists (each with its sort keys in list-query.ts) and the review cases of the two queues. */
export type TableName = ListName | 'reviewCases';
export type SortKeyOf<N extends TableName> = N extends ListName ? SortKey<N> : (typeof REVIEW_CASE_SORT_KEYS)[number];

const isListName = (name: TableName): name is ListName => name in SORT_KEYS;

/** Deleting one row, from its row (and several at once, where the table offers bulk delete). */
export interface RowDelete {
  /** One row in the product's words: the confirm 'Delete {one}?' and the button 'Delete {one}'. */
  one: string;
  /** Several rows, for bulk delete ('Deleted 3 chat messages'); none: one row at a time. */
  many?: string;
  call(id: string): Promise<ApiResult<unknown>>;
  /** The row menu ('Options' > Delete) or a trash button ('Actions'). */
  from: 'menu' | 'button';
  /** The toasts, verbatim from the specification. */
  success: string;
  failure: string;
  /** The confirm's words, when not 'This action cannot be undone' with Cancel and Delete. */
  confirm?: { body: string; cancelText: string; confirmText: string };
}

/** What a page fetch is given beside its query: the screen's own filters, and the signal aborting it. */
export interface ListCall<F> {
  filters?: F | undefined;
  /** Aborted when a newer fetch of the same table replaces this one (list-store.ts). */
  signal?: AbortSignal | undefined;
}

export interface AdminTableDef<N extends TableName, T extends { id: string }, F> {
  /** The grid's accessible name ('Chat messages'), and its screen's title unless the screen names another. */
  label: string;
  /** One page of the list; `filters` are the screen's own (the audit log's, a queue's). */
  list(query: ListRequest<SortKeyOf<N>>, call: ListCall<F>): Promise<ApiResult<ListResponse<T>>>;
  /** 'Export CSV' through the API's export of this list. */
  exported?: boolean;
  /** The `/admin` events that keep it live (liveFeed(name)). */
  feed?: LiveFeed<T>;
  remove?: RowDelete;
}

/** A record's screen route (its own is `{route}/{id}`) and how one record is fetched by id. */
export interface RecordRoute<T> {
  route: string;
  get(id: string): Promise<ApiResult<T>>;
}

export interface AdminTable<N extends TableName, T extends { id: string }, F> extends AdminTableDef<N, T, F> {
  name: N;
  /** The list an 'Export CSV' asks the API for; none when the table is not exported so. */
  exportList: ListName | undefined;
  /** The table's store (no filters), made on first use. */
  readonly store: ListStore<T, SortKeyOf<N>>;
  /** A store of the list through filters read at each fetch (the audit log's, each queue's). */
  storeWith(filters: () => F): ListStore<T, SortKeyOf<N>>;
}

/** A table whose rows are records with a route of their own (RECORD_SCREEN_ROUTES), opened in a drawer. */
export type RecordTable<N extends TableName, T extends { id: string }, F> = AdminTable<N, T, F> & {
  record: RecordRoute<T>;
};

export function adminTable<N extends TableName, T extends { id: string }, F = never>(
  name: N,
  def: AdminTableDef<N, T, F> & { record: RecordRoute<T> },
): RecordTable<N, T, F>;
export function adminTable<N extends TableName, T extends { id: string }, F = never>(
  name: N,
  def: AdminTableDef<N, T, F>,
): AdminTable<N, T, F>;
export function adminTable<N extends TableName, T extends { id: string }, F = never>(
  name: N,
  def: AdminTableDef<N, T, F> & { record?: RecordRoute<T> },
): AdminTable<N, T, F> & { record?: RecordRoute<T> } {
  let store: ListStore<T, SortKeyOf<N>> | undefined;
  const storeWith = (filters?: () => F) =>
    createListStore<T, SortKeyOf<N>>((query, signal) => def.list(query, { filters: filters?.(), signal }));
  return {
    ...def,
    name,
    exportList: def.exported && isListName(name) ? name : undefined,
    get store() {
      return (store ??= storeWith());
    },
    storeWith,
  };
}

/** The columns of a table's screen: its rows, sortable by its sort keys. */
export type ColumnsOf<Table> =
  Table extends AdminTable<infer N, infer T, infer _F> ? DataColumn<T, SortKeyOf<N>>[] : never;
