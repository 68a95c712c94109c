// The listings module as the rest of the server sees it: sellers' listing routes and tools, the
// back office's active listings, what "a listing anybody may see" means (PUBLIC_LISTING) for the
// other modules' reads, stock for purchases and offers, the auction state the auctions module
// writes through it, its hooks, and the listing tools' ports.
// The hooks come first: a module that subscribes may be loaded while this one still is.
export { listingReported, listingTextShown } from './hooks.js';
export { listingByIdRoutes, listingRoutes, listingToolRoutes, sellerShelfRoutes } from './routes.js';
export { listingHandlers } from './admin.js';
export { DEFAULT_AUCTION_DURATION_MS, lockOwned } from './listings.js';
export {
  hiddenFromBuyers,
  listPublicListings,
  PUBLIC_LISTING,
  publicListing,
  type ListingsOrder,
} from './listing-reads.js';
export { decrementStock, lockForSale, lockListingForRetry, saleRefusal, type StockRow } from './stock.js';
export { auctionStateUpdate, endListing, markEndingSoonNotified } from './auction-state.js';
export { type ListingToolsDeps, localListingTools } from './listing-tools-deps.js';
export type { ListingPorts } from './ports.js';
export { activeListingsSource, deleteListingIn, loadAdminListing } from './listing-admin.js';
export { holdListing, listingOnHold, refuseIfOnHold } from './listing-holds.js';
export { markListingEditor } from './listing-versions.js';
// Takes down a closing account's listings (subscribes to the accounts module's accountClosing).
import './account-closing.js';
