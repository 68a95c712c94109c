// An auction's standing pushed by the server after bids on it were voided (`/admin`
// `auctionStandingChanged`): no list row comes with it, so each screen that shows the auction
// patches what it holds — the ladder reads itself again, the drawer and the active listings row
// take the new price.
import { useEffect, useRef } from 'react';
import type { AdminListing } from '../../../shared/contract/entities.js';
import type { ListingStanding } from '../../../shared/contract/realtime-events.js';
import { hasMarket, market } from '../../bridge.js';

/** The listing with the standing's price; the same object when the standing is another listing's. */
export function listingWithStanding(listing: AdminListing, standing: ListingStanding): AdminListing {
  if (listing.id !== standing.listingId || listing.bid === standing.currentBid) return listing;
  return { ...listing, bid: standing.currentBid };
}

/** Calls `onStanding` with every auction standing the server pushes, while mounted. */
export function useAuctionStanding(onStanding: (standing: ListingStanding) => void): void {
  // The latest callback, so a re-render does not subscribe again.
  const latest = useRef(onStanding);
  latest.current = onStanding;
  useEffect(() => {
    if (!hasMarket()) return;
    return market.events.subscribe(['auctionStandingChanged'], (event) => {
      if (event.name === 'auctionStandingChanged') latest.current(event.payload);
    });
  }, []);
}
