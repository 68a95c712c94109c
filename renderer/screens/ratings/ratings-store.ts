// The Ratings table's store (paged, searched and sorted by the API).
import type { Rating } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { createListStore } from '../../stores/list-store.js';

export const ratingsStore = createListStore<Rating, SortKey<'ratings'>>((query) =>
  market.admin.ratings.list({ query }),
);
