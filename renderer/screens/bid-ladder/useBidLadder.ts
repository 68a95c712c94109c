// An auction's admin bid ladder, read again whenever a bid on it arrives (the `/admin` feed's
// `newBid`) and whenever its standing changes by a void, this admin's or another's
// (`auctionStandingChanged`), so the ladder an admin acts on is the live one.
import { useCallback, useEffect, useState } from 'react';
import type { AdminBid } from '../../../shared/contract/admin-bid-void-routes.js';
import { MAX_LIST_LIMIT } from '../../../shared/contract/list-query.js';
import { hasMarket, market } from '../../bridge.js';

export function useBidLadder(listingId: string) {
  const [ladder, setLadder] = useState<{ count: number; items: AdminBid[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await market.admin.listings.bids({
      params: { id: listingId },
      query: { page: 1, limit: MAX_LIST_LIMIT },
    });
    if (result.ok) {
      setLadder(result.data);
      setFailed(null);
    } else setFailed(result.error.message || 'The bids could not be loaded');
  }, [listingId]);
  useEffect(() => {
    setLadder(null);
    void load();
    if (!hasMarket()) return;
    return market.events.subscribe(['newBid', 'auctionStandingChanged'], (event) => {
      if (event.name === 'newBid' && event.payload.listing.id === listingId) void load();
      if (event.name === 'auctionStandingChanged' && event.payload.listingId === listingId) void load();
    });
  }, [load, listingId]);
  return { ladder, failed, reload: load };
}
