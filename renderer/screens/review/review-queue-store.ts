// The two queues built on review cases: the review queue (reports, the detector, auction integrity)
// and the support queue (order issues, support requests, contact messages). Each has its filters,
// its list store (paged, searched, sorted by the API) and the rows picked for a bulk resolve.
import { createStore, type StoreApi } from 'zustand';
import {
  MODERATION_SOURCES,
  SUPPORT_SOURCES,
  type ReviewCase,
  type ReviewCaseQueryInput,
  type ReviewCaseSource,
  type ReviewPriority,
} from '../../../shared/contract/review-cases.js';
import { market } from '../../bridge.js';
import { createListStore, type ListStore } from '../../stores/list-store.js';

export type QueueKind = 'review' | 'support';
export type StatusFilter = 'unresolved' | 'open' | 'claimed' | 'resolved' | 'all';
export type CaseSortKey = 'createdAt' | 'updatedAt' | 'priority';

export interface QueueFilters {
  status: StatusFilter;
  source: ReviewCaseSource | 'all';
  priority: ReviewPriority | 'all';
}

export const DEFAULT_FILTERS: QueueFilters = { status: 'unresolved', source: 'all', priority: 'all' };

export const sourcesOf = (kind: QueueKind): readonly ReviewCaseSource[] =>
  kind === 'support' ? SUPPORT_SOURCES : MODERATION_SOURCES;

const STATUS_QUERY: Record<StatusFilter, string | undefined> = {
  unresolved: 'open,claimed',
  open: 'open',
  claimed: 'claimed',
  resolved: 'resolved',
  all: undefined,
};

/** The API filters of a queue's filter state. */
export function filterQuery(kind: QueueKind, filters: QueueFilters): Partial<ReviewCaseQueryInput> {
  const query: Partial<ReviewCaseQueryInput> = {
    source: filters.source === 'all' ? sourcesOf(kind).join(',') : filters.source,
  };
  const status = STATUS_QUERY[filters.status];
  if (status) query.status = status;
  if (filters.priority !== 'all') query.priority = filters.priority;
  return query;
}

/** Whether a case pushed live belongs in the queue as it is filtered now. */
export function matchesFilters(kind: QueueKind, filters: QueueFilters, item: ReviewCase): boolean {
  if (!sourcesOf(kind).includes(item.source)) return false;
  if (filters.source !== 'all' && item.source !== filters.source) return false;
  if (filters.priority !== 'all' && item.priority !== filters.priority) return false;
  const statuses = STATUS_QUERY[filters.status]?.split(',');
  return !statuses || statuses.includes(item.status);
}

export interface Selection {
  ids: ReadonlySet<string>;
  toggle(id: string): void;
  setAll(ids: readonly string[], on: boolean): void;
  clear(): void;
}

export interface Queue {
  kind: QueueKind;
  filters: StoreApi<{ filters: QueueFilters; setFilters(next: Partial<QueueFilters>): void }>;
  list: ListStore<ReviewCase, CaseSortKey>;
  selection: StoreApi<Selection>;
}

function createQueue(kind: QueueKind): Queue {
  const selection = createStore<Selection>()((set, get) => ({
    ids: new Set<string>(),
    toggle(id) {
      const ids = new Set(get().ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      set({ ids });
    },
    setAll(ids, on) {
      const next = new Set(get().ids);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      set({ ids: next });
    },
    clear() {
      set({ ids: new Set() });
    },
  }));
  const filters = createStore<{ filters: QueueFilters; setFilters(next: Partial<QueueFilters>): void }>()(
    (set, get) => ({
      filters: DEFAULT_FILTERS,
      setFilters(next) {
        set({ filters: { ...get().filters, ...next } });
        selection.getState().clear();
        void list.getState().refresh();
      },
    }),
  );
  const list = createListStore<ReviewCase, CaseSortKey>((query) =>
    market.admin.reviewCases.list({ query: { ...query, ...filterQuery(kind, filters.getState().filters) } }),
  );
  return { kind, filters, list, selection };
}

export const reviewQueue = createQueue('review');
export const supportQueue = createQueue('support');
