// The command palette's one search across the market: users by name, email or id, listings by
// title or id, orders by id, item title or tracking number; a few of each. Spread into the admin
// route table.
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine } from './answer-limits.js';
import type { RouteDef } from './route-def.js';
import { singleLineText } from './text.js';
import { LISTING_TYPES, ORDER_STATUSES } from './enums.js';

export const SEARCH_RESULTS_PER_KIND = 5;

export const MarketSearchResults = z.object({
  users: z
    .array(z.object({ id: storedLine(), userName: storedLine().nullable(), email: storedLine() }))
    .max(ANSWER_ITEMS_MAX),
  listings: z
    .array(z.object({ id: storedLine(), title: storedLine(), listingType: z.enum(LISTING_TYPES) }))
    .max(ANSWER_ITEMS_MAX),
  orders: z
    .array(
      z.object({
        id: storedLine(),
        title: storedLine(),
        status: z.enum(ORDER_STATUSES),
        buyer: storedLine().nullable(),
      }),
    )
    .max(ANSWER_ITEMS_MAX),
});
export type MarketSearchResults = z.output<typeof MarketSearchResults>;

export const adminSearchRoutes = {
  'search.market': {
    description: 'The command palette’s search across users, listings and orders.',
    method: 'GET',
    path: '/admin/search',
    query: z.strictObject({ q: singleLineText().trim().min(2).max(200) }),
    response: MarketSearchResults,
  },
} as const satisfies Record<string, RouteDef>;
