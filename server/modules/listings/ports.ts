// The port of the listings module (`ServiceDeps<ListingPorts>`); composition.ts gives it its adapter.
import type { ListingToolsDeps } from './listing-tools-deps.js';

export interface ListingPorts {
  /** Media storage, video processing, autofill and share links of the listing tools. */
  listingTools: ListingToolsDeps;
}
