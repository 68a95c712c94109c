// The Chats table's store (paged, searched and sorted by the API; live rows via useLiveTable).
import type { Chat } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { createListStore } from '../../stores/list-store.js';

export const chatsStore = createListStore<Chat, SortKey<'chats'>>((query) => market.admin.chats.list({ query }));
