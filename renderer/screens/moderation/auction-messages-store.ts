// The Auction messages table's store (paged, searched and sorted by the API; live rows via useLiveTable).
import type { AuctionMessage } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { createListStore } from '../../stores/list-store.js';

export const auctionMessagesStore = createListStore<AuctionMessage, SortKey<'auctionMessages'>>((query) =>
  market.admin.auctionMessages.list({ query }),
);
