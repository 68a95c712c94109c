// A listing's versions (DECISIONS "Sellers over time"): every change to its title, description,
// price, starting bid or video keeps the earlier value, with who made it and when, so a moderator
// can see what bidders were shown. Spread into the admin route table (admin-api.ts).
import { z } from 'zod';
import { storedLine, storedText } from './answer-limits.js';
import { id, isoDate, listResponse, usd } from './entities.js';
import { TimelineQuery } from './admin-accountability-routes.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });

/** The fields a listing version keeps; `price` and `startingBid` are USD, the others text. */
export const LISTING_VERSION_FIELDS = ['title', 'description', 'price', 'startingBid', 'video'] as const;
export type ListingVersionField = (typeof LISTING_VERSION_FIELDS)[number];

/** A change of a text field (title, description, video; no video is null). */
const TextFieldChange = z.object({
  field: z.enum(['title', 'description', 'video']),
  before: storedText().nullable(),
  after: storedText().nullable(),
});
/** A change of a price (USD; a listing without that price has null). */
const MoneyFieldChange = z.object({
  field: z.enum(['price', 'startingBid']),
  before: usd.nullable(),
  after: usd.nullable(),
});

export const ListingFieldChange = z.union([TextFieldChange, MoneyFieldChange]);
export type ListingFieldChange = z.infer<typeof ListingFieldChange>;

export const ListingVersion = z.object({
  /** 1 for the first change after the listing was created, then 2, 3, … */
  version: z.number().int().positive(),
  at: isoDate,
  /** The seller who made the change; null when an admin (the audit log names them) or the system did. */
  by: z.object({ id, userName: storedLine().nullable() }).nullable(),
  changes: z.array(ListingFieldChange).min(1).max(LISTING_VERSION_FIELDS.length),
});
export type ListingVersion = z.infer<typeof ListingVersion>;

export const listingVersionRoutes = {
  'listings.versions': {
    description:
      "One page of a listing's versions, newest first: each change to its title, description, price, starting bid or video, with the values before and after, who made it and when.",
    method: 'GET',
    path: '/admin/listings/active/:id/versions',
    params: byId,
    query: TimelineQuery,
    response: listResponse(ListingVersion),
  },
} as const satisfies Record<string, RouteDef>;
