// A listing's version history, read when the drawer opens and again whenever the listing it shows
// changes (an admin's edit in this drawer makes a version too).
import { useCallback, useEffect, useState } from 'react';
import type { ListingVersion } from '../../../shared/contract/admin-listing-version-routes.js';
import { MAX_LIST_LIMIT } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';

export function useListingVersions(listingId: string, revision: unknown) {
  const [versions, setVersions] = useState<{ count: number; items: ListingVersion[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await market.admin.listings.versions({
      params: { id: listingId },
      query: { page: 1, limit: MAX_LIST_LIMIT },
    });
    if (result.ok) {
      setVersions(result.data);
      setFailed(null);
    } else setFailed(result.error.message || 'The versions could not be loaded');
  }, [listingId]);
  useEffect(() => {
    void load();
  }, [load, revision]);
  return { versions, failed };
}
