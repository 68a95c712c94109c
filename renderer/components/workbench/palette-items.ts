// What the command palette offers: screens to go to, records the search found, and the open
// record's actions, each a route to go to or an action to run.
import type { MarketSearchResults } from '../../../shared/contract/admin-search-routes.js';
import { LISTING_TYPE_BADGES } from '../../../shared/rules/listing-display.js';
import { RECORD_SCREEN_ROUTES, recordRouteOf } from '../record-links/record-route.js';

export type PaletteItem =
  | { kind: 'screen'; id: string; label: string; route: string }
  | { kind: 'user' | 'listing' | 'order'; id: string; label: string; detail: string; route: string }
  | { kind: 'action'; id: string; label: string; key: string };

export const PALETTE_SCREENS: PaletteItem[] = [
  ['Dashboard', '/dashboard/home'],
  ['Users', '/dashboard/users'],
  ['Active listings', '/dashboard/listings/active'],
  ['Sold listings', '/dashboard/listings/sold'],
  ['Subcategories', '/dashboard/subcategory'],
  ['Auction messages', '/dashboard/auctionMessages'],
  ['Chats', '/dashboard/inbox/chats'],
  ['Chat messages', '/dashboard/inbox/messages'],
  ['Ratings', '/dashboard/ratings'],
  ['Customer support', '/dashboard/customer-support'],
  ['Settings', '/dashboard/settings'],
].map(
  ([label, route]) =>
    ({ kind: 'screen', id: `screen:${route}`, label: `Go to ${label}`, route: route! }) as PaletteItem,
);

/** Screens whose name holds the query (every screen for an empty query). */
export function matchingScreens(query: string): PaletteItem[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return PALETTE_SCREENS.filter((item) => words.every((word) => item.label.toLowerCase().includes(word)));
}

export function searchItems(results: MarketSearchResults): PaletteItem[] {
  return [
    ...results.users.map((u): PaletteItem => ({
      kind: 'user',
      id: `user:${u.id}`,
      label: u.userName ?? u.email,
      detail: u.email,
      route: recordRouteOf(RECORD_SCREEN_ROUTES.user, u.id),
    })),
    ...results.listings.map((l): PaletteItem => ({
      kind: 'listing',
      id: `listing:${l.id}`,
      label: l.title,
      detail: LISTING_TYPE_BADGES[l.listingType],
      route: recordRouteOf(RECORD_SCREEN_ROUTES.listing, l.id),
    })),
    ...results.orders.map((o): PaletteItem => ({
      kind: 'order',
      id: `order:${o.id}`,
      label: o.title,
      detail: `Order · ${o.status}${o.buyer ? ` · ${o.buyer}` : ''}`,
      route: recordRouteOf(RECORD_SCREEN_ROUTES.order, o.id),
    })),
  ];
}
