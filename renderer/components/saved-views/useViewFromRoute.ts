// A table screen opened on `?view={id}` applies that saved view once: its search and sort on the
// table's store, its filters through the screen (the review queue's status, source, priority).
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ViewQuery } from '../../../shared/contract/review-team.js';
import type { ListStore } from '../../stores/list-store.js';
import { useSavedViews } from './saved-views-store.js';

export function useViewFromRoute<T extends { id: string }, K extends string>(
  store: ListStore<T, K>,
  applyFilters?: (filters: NonNullable<ViewQuery['filters']>) => void,
): void {
  const [params] = useSearchParams();
  const views = useSavedViews();
  const id = params.get('view');
  const view = views.find((candidate) => candidate.id === id);
  useEffect(() => {
    if (!view) return;
    const { search = '', sortBy, order, filters } = view.query;
    store.setState({ search, sortBy: sortBy as K | undefined, order, page: 1 });
    if (filters && applyFilters) applyFilters(filters);
    else void store.getState().refresh();
    // Applied once per view opened; later changes are the moderator's own.
  }, [view?.id]);
}
