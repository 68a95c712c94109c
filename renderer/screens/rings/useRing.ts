// A user's ring, loaded when asked for and again after an enforcement changed its members' standing.
import { useCallback, useEffect, useState } from 'react';
import type { Ring } from '../../../shared/contract/rings.js';
import { market } from '../../bridge.js';

export function useRing(userId: string | null) {
  const [ring, setRing] = useState<Ring | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(async () => {
    if (!userId) return;
    const result = await market.admin.users.ring({ params: { id: userId } });
    if (result.ok) {
      setRing(result.data);
      setFailed(null);
    } else setFailed(result.error.message || 'The ring could not be loaded');
  }, [userId]);
  useEffect(() => {
    setRing(null);
    void load();
  }, [load]);
  return { ring, failed, reload: load };
}
