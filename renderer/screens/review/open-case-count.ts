// Keeps the sidebar's badge live from the `/admin` events: the open cases, re-counted when a case
// opens or changes. (The queue's table itself is live through useLiveTable.)
import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';
import { MODERATION_SOURCES } from '../../../shared/contract/review-cases.js';
import { hasMarket, market } from '../../bridge.js';

/** Open cases of the review queue, for the sidebar badge; re-counted on every case event. */
const badgeStore = createStore<{ open: number | null }>()(() => ({ open: null }));
let badgeUsers = 0;
let stopBadge: (() => void) | null = null;

async function recount() {
  const result = await market.admin.reviewCases.list({
    query: { status: 'open', source: MODERATION_SOURCES.join(','), limit: 1 },
  });
  if (result.ok) badgeStore.setState({ open: result.data.count });
}

export function useOpenReviewCount(): number | null {
  useEffect(() => {
    if (!hasMarket()) return;
    badgeUsers += 1;
    if (badgeUsers === 1) {
      void recount();
      let timer: ReturnType<typeof setTimeout> | null = null;
      const unsubscribe = market.events.subscribe(['reviewCaseOpened', 'reviewCaseUpdated'], () => {
        // A burst of signals re-counts once.
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void recount(), 250);
      });
      stopBadge = () => {
        if (timer) clearTimeout(timer);
        unsubscribe();
      };
    }
    return () => {
      badgeUsers -= 1;
      if (badgeUsers === 0) {
        stopBadge?.();
        stopBadge = null;
      }
    };
  }, []);
  return useStore(badgeStore, (s) => s.open);
}
