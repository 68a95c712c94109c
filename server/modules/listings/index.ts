// The listings module as the rest of the server sees it: sellers' listing routes and tools, the
// back office's active listings, what "a listing anybody may see" means (PUBLIC_LISTING) for the
// other modules' reads, stock for purchases and offers, and the listing tools' ports.
export { listingByIdRoutes, listingRoutes, listingToolRoutes, sellerShelfRoutes } from './routes.js';
export { listingHandlers } from './admin.js';
export {
  DEFAULT_AUCTION_DURATION_MS,
  hiddenFromBuyers,
  listPublicListings,
  lockOwned,
  PUBLIC_LISTING,
  publicListing,
} from './listings.js';
export { decrementStock, lockForSale, saleRefusal, type StockRow } from './stock.js';
export { mediaUploadUrl, uploadedMediaUrl } from './listing-media.js';
export { type ListingToolsDeps, localListingTools } from './listing-tools-deps.js';
export type { ListingPorts } from './ports.js';
export { activeListingsSource, deleteListing, loadAdminListing } from './listing-admin.js';
