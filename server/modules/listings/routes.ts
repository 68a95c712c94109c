// Sellers' listings on the buyer/seller API: create, browse, a seller's own list, one listing
// (read, edit, publish, end) and the sellers' shelves; then the listing tools, topic by topic.
// The groups register where the market plugin always registered them, between other areas'
// routes, so the OpenAPI document keeps its order.
import { z } from 'zod';
import {
  CreateListingBody,
  EditListingBody,
  MarketListing,
  MarketListings,
} from '../../../shared/contract/market/listings.js';
import { IdParams, type MarketRouteContext, Paging } from '../../platform/http/market-route-context.js';
import type { ListingPorts } from './ports.js';
import { createListing, editListing, endListing, publishListing } from './listings.js';
import { getPublicListing, listListings } from './listing-reads.js';
import { draftRoutes } from './draft-routes.js';
import { listingMediaRoutes } from './media-routes.js';
import { pricingRoutes } from './pricing-routes.js';
import { reportRoutes } from './report-routes.js';
import { savedListingRoutes } from './saved-listing-routes.js';

const ListingQuery = Paging.extend({
  listingType: z.enum(['default', 'auction', 'giveaway']).optional(),
  status: z.enum(['active', 'auction_ended', 'sold']).default('active'),
});

/** `POST /listing`, `GET /listing` and the seller's own list (drafts too). */
export async function listingRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  const { db } = deps;
  r.post(
    '/listing',
    {
      schema: {
        description: 'Lists an item (an auction, a buy-now sale or a giveaway), or saves it as a draft.',
        tags: ['listings'],
        ...secured,
        body: CreateListingBody,
        response: { 201: MarketListing },
      },
    },
    async (request, reply) => {
      const user = request.caller;
      return reply.code(201).send(await createListing(deps, user.id, request.body));
    },
  );
  r.get(
    '/listing',
    {
      schema: {
        description: 'One page of the listings, by type and status.',
        tags: ['listings'],
        querystring: ListingQuery,
        response: { 200: MarketListings },
      },
    },
    async (request) => listListings(db, { ...request.query }),
  );
  r.get(
    '/listing/seller',
    {
      schema: {
        description: 'One page of the caller’s own listings.',
        tags: ['listings'],
        ...secured,
        querystring: Paging,
        response: { 200: MarketListings },
      },
    },
    async (request) => {
      const user = request.caller;
      return listListings(db, {
        sellerId: user.id,
        ownList: true,
        page: request.query.page,
        limit: request.query.limit,
      });
    },
  );
}

/** One listing: anybody reads it; its seller edits, publishes or ends it. */
export async function listingByIdRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  r.get(
    '/listing/:id',
    {
      schema: {
        description: 'One listing with its seller, price, stock and shipping.',
        tags: ['listings'],
        params: IdParams,
        response: { 200: MarketListing },
      },
    },
    async (request) => getPublicListing(deps.db, request.params.id),
  );
  r.patch(
    '/listing/:id',
    {
      schema: {
        description: 'Changes one of the caller’s listings.',
        tags: ['listings'],
        ...secured,
        params: IdParams,
        body: EditListingBody,
        response: { 200: MarketListing },
      },
    },
    async (request) => {
      const user = request.caller;
      return editListing(deps, request.params.id, user.id, request.body);
    },
  );
  r.patch(
    '/listing/:id/publish',
    {
      schema: {
        description: 'Publishes one of the caller’s drafts.',
        tags: ['listings'],
        ...secured,
        params: IdParams,
        response: { 200: MarketListing },
      },
    },
    async (request) => {
      const user = request.caller;
      return publishListing(deps, request.params.id, user.id);
    },
  );
  r.patch(
    '/listing/:id/ended',
    {
      schema: {
        description: 'Ends one of the caller’s listings now.',
        tags: ['listings'],
        ...secured,
        params: IdParams,
        response: { 200: MarketListing },
      },
    },
    async (request) => {
      const user = request.caller;
      return endListing(deps, request.params.id, user.id);
    },
  );
}

/** The running auctions and a seller's public shelves (active, and ended unsold). */
export async function sellerShelfRoutes({ r, deps }: MarketRouteContext): Promise<void> {
  const { db } = deps;
  r.get(
    '/auctions',
    {
      schema: {
        description: 'One page of the live auctions.',
        tags: ['listings'],
        querystring: Paging,
        response: { 200: MarketListings },
      },
    },
    async (request) => listListings(db, { listingType: 'auction', status: 'active', ...request.query }),
  );
  r.get(
    '/listing/active-listings/:id',
    {
      schema: {
        description: 'One page of a seller’s active listings.',
        tags: ['listings'],
        params: IdParams,
        querystring: Paging,
        response: { 200: MarketListings },
      },
    },
    async (request) => listListings(db, { sellerId: request.params.id, status: 'active', ...request.query }),
  );
  r.get(
    '/listing/unsold-listings/:id',
    {
      schema: {
        description: 'One page of a seller’s ended listings that did not sell.',
        tags: ['listings'],
        params: IdParams,
        querystring: Paging,
        response: { 200: MarketListings },
      },
    },
    async (request) => listListings(db, { sellerId: request.params.id, status: 'auction_ended', ...request.query }),
  );
}

/** A seller's listing tools beyond create/edit/publish, in the order the document lists them. */
export async function listingToolRoutes(context: MarketRouteContext<ListingPorts>): Promise<void> {
  await listingMediaRoutes(context);
  await draftRoutes(context);
  await savedListingRoutes(context);
  await reportRoutes(context);
  await pricingRoutes(context);
}
