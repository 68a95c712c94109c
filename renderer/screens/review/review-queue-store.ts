// The two queues built on review cases: the review queue (reports, the detector, auction integrity)
// and the support queue (order issues, support requests, contact messages). Each has its filters,
// its list store (paged, searched, sorted by the API) and the rows picked for a bulk resolve.
import { createStore, type StoreApi } from 'zustand';
import {
  MODERATION_SOURCES,
  SUPPORT_SOURCES,
  type ReviewCase,
  type ReviewCaseSource,
  type ReviewPriority,
} from '../../../shared/contract/review-cases.js';
import { ADMIN_TABLES, type ReviewCaseFilters, type SortKeyOf } from '../../admin-tables/index.js';
import { clearOnNewView, createSelection, type Selection } from '../../components/bulk/selection-store.js';
import type { ListStore } from '../../stores/list-store.js';

export type QueueKind = 'review' | 'support';
export type StatusFilter = 'unresolved' | 'open' | 'claimed' | 'resolved' | 'all';
export type CaseSortKey = SortKeyOf<'reviewCases'>;

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
export function filterQuery(kind: QueueKind, filters: QueueFilters): ReviewCaseFilters {
  const query: ReviewCaseFilters = {
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

export interface Queue {
  kind: QueueKind;
  filters: StoreApi<{ filters: QueueFilters; setFilters(next: Partial<QueueFilters>): void }>;
  list: ListStore<ReviewCase, CaseSortKey>;
  /** The cases picked for a bulk resolve. */
  selection: Selection;
  /** Whether a case pushed live belongs in the queue as it is filtered now. */
  accepts(item: ReviewCase): boolean;
}

function createQueue(kind: QueueKind): Queue {
  const selection = createSelection();
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
  const list = ADMIN_TABLES.reviewCases.storeWith(() => filterQuery(kind, filters.getState().filters));
  // Worked down by due date: the soonest due (and the overdue) first.
  list.setState({ sortBy: 'dueAt', order: 'ASC' });
  // The queues live as long as the window: so does this subscription.
  clearOnNewView(selection, list);
  return { kind, filters, list, selection, accepts: (item) => matchesFilters(kind, filters.getState().filters, item) };
}

export const reviewQueue = createQueue('review');
export const supportQueue = createQueue('support');

/** A saved view's filters as the queue's filter state (what it does not name stays as it is). */
export function filtersOfView(filters: Record<string, string | string[]>): Partial<QueueFilters> {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const next: Partial<QueueFilters> = {};
  const status = one(filters.status);
  if (status && status in STATUS_QUERY) next.status = status as StatusFilter;
  const source = one(filters.source);
  if (source) next.source = source as QueueFilters['source'];
  const priority = one(filters.priority);
  if (priority) next.priority = priority as QueueFilters['priority'];
  return next;
}

/** The queue's filter state as a saved view's filters. */
export const viewFiltersOf = (filters: QueueFilters): Record<string, string> => ({ ...filters });
