// The Sold listings table's store (paged, searched and sorted by the API).
import type { SoldListing } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { createListStore } from '../../stores/list-store.js';

export const soldListingsStore = createListStore<SoldListing, SortKey<'soldListings'>>((query) =>
  market.admin.listings.sold({ query }),
);
