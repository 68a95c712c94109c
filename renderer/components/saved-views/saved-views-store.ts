// Saved views: the admin's own and the team's shared views of every table, loaded once signed in
// and after each change; the sidebar lists them under their table, the palette offers them, and a
// table screen applies the one its route names (`?view={id}`).
import { createStore, useStore } from 'zustand';
import type { SavedView, ViewListName } from '../../../shared/contract/review-team.js';
import { hasMarket, market } from '../../bridge.js';

/** Where each table lives: a view opens there with `?view={id}`. */
export const VIEW_ROUTES: Record<ViewListName, string> = {
  reviewCases: '/dashboard/review',
  users: '/dashboard/users',
  activeListings: '/dashboard/listings/active',
  soldListings: '/dashboard/listings/sold',
  subcategories: '/dashboard/subcategory',
  ratings: '/dashboard/ratings',
  auctionMessages: '/dashboard/auctionMessages',
  chats: '/dashboard/inbox/chats',
  chatMessages: '/dashboard/inbox/messages',
  auditLog: '/dashboard/audit',
};

export const viewRoute = (view: Pick<SavedView, 'id' | 'list'>) => `${VIEW_ROUTES[view.list]}?view=${view.id}`;

export const savedViewsStore = createStore<{ views: SavedView[] }>()(() => ({ views: [] }));
export const useSavedViews = () => useStore(savedViewsStore, (s) => s.views);

export async function reloadSavedViews(): Promise<void> {
  if (!hasMarket()) return;
  const result = await market.admin.views.list();
  if (result.ok) savedViewsStore.setState({ views: result.data.items });
}
