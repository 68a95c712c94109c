// The Chat messages table's store (paged, searched and sorted by the API; live rows via useLiveTable).
import type { ChatMessage } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { createListStore } from '../../stores/list-store.js';

export const chatMessagesStore = createListStore<ChatMessage, SortKey<'chatMessages'>>((query) =>
  market.admin.messages.list({ query }),
);
