// The back office's active listings: each handler parses (the contract did), calls
// listing-admin.ts, and answers.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { changeListing, deleteListing, listActiveListings, loadAdminListing } from './listing-admin.js';
import { holdListing, releaseListingHold } from './listing-holds.js';
import { listingVersionsOf } from './listing-versions.js';

export function listingHandlers({ db, reads, events }: AdminDeps) {
  return {
    'listings.active': async ({ query }) => listActiveListings(reads, query),
    'listings.get': async ({ params }) => loadAdminListing(db, params.id),
    'listings.update': async ({ params, body, admin }) => changeListing(db, params.id, body, admin, 'updateListing'),
    'listings.setFeatured': async ({ params, body, admin }) =>
      changeListing(db, params.id, { featured: body.featured }, admin, 'setListingFeatured'),
    'listings.delete': async ({ params, admin }) => {
      await deleteListing(db, params.id, admin);
      return undefined;
    },
    'listings.hold': async ({ params, body, admin }) => holdListing(db, params.id, body.reason, admin),
    'listings.releaseHold': async ({ params, admin }) => releaseListingHold({ db, events }, params.id, admin),
    'listings.versions': async ({ params, query }) => listingVersionsOf(reads, params.id, query.page, query.limit),
  } satisfies Partial<AdminHandlers>;
}
