// The Active listings table's store (paged, searched and sorted by the API).
import type { AdminListing } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { createListStore } from '../../stores/list-store.js';

export const activeListingsStore = createListStore<AdminListing, SortKey<'activeListings'>>((query) =>
  market.admin.listings.active({ query }),
);
