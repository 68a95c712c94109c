// The Subcategories table's store (paged and sorted by the API).
import type { Subcategory } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { createListStore } from '../../stores/list-store.js';

export const subcategoriesStore = createListStore<Subcategory, SortKey<'subcategories'>>((query) =>
  market.admin.subcategories.list({ query }),
);
