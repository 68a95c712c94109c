// A buyer's saved (watch) list.
import { z } from 'zod';
import { ApiErrorBody, id } from '../../../shared/contract/entities.js';
import { MarketListings, SavedListing, SavedState } from '../../../shared/contract/market/listings.js';
import { IdParams, type MarketRouteContext, Paging } from '../../platform/http/market-route-context.js';
import { isSaved, saveListing, savedListings, unsaveListing } from './saved-listings.js';

export async function savedListingRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  const { db } = deps;

  // ── Saved listings ──
  r.post(
    '/saved-listing',
    {
      schema: {
        description: 'Saves a listing for the caller (idempotent).',
        tags: ['saved listings'],
        ...secured,
        body: z.strictObject({ listingId: id }),
        // 404: the listing the body names does not exist.
        response: { 200: SavedListing, 201: SavedListing, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const saved = await saveListing(db, request.caller.id, request.body.listingId);
      return reply.code(saved.created ? 201 : 200).send(saved);
    },
  );
  r.get(
    '/saved-listing',
    {
      schema: {
        description: 'One page of the caller’s saved listings.',
        tags: ['saved listings'],
        ...secured,
        querystring: Paging,
        response: { 200: MarketListings },
      },
    },
    async (request) => savedListings(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.get(
    '/saved-listing/:id',
    {
      schema: {
        description: 'Whether the caller saved this listing.',
        tags: ['saved listings'],
        ...secured,
        params: IdParams,
        response: { 200: SavedState },
      },
    },
    async (request) => isSaved(db, request.caller.id, request.params.id),
  );
  r.delete(
    '/saved-listing/:id',
    {
      schema: {
        description: 'Unsaves a listing.',
        tags: ['saved listings'],
        ...secured,
        params: IdParams,
        response: { 200: SavedState },
      },
    },
    async (request) => unsaveListing(db, request.caller.id, request.params.id),
  );
}
