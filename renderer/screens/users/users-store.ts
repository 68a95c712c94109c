// The Users table's store (sortable: userName, email, createdAt).
import type { AdminUser } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { createListStore } from '../../stores/list-store.js';

export const usersStore = createListStore<AdminUser, SortKey<'users'>>((query) => market.admin.users.list({ query }));
