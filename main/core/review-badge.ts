// The dock / taskbar badge: how many high-priority review cases are open, so an agent sees work
// arriving while the app is in the background. It asks the review queue's `reviewCases.counts`
// through the API client; an API without it (or any failure) shows no badge rather than a wrong number.
import type { AdminCall } from './api-client.js';

export const REVIEW_BADGE_EVERY_MS = 60_000;

/**
 * The high-priority count, or 0 when the route is missing, refused or answers something else.
 * Signed out, it asks nothing.
 */
export async function highPriorityCases(call: AdminCall, signedIn: boolean): Promise<number> {
  if (!signedIn) return 0;
  const answer = await call('reviewCases.counts').catch(() => null);
  return answer?.ok ? answer.data.high : 0;
}

export interface ReviewBadgeOptions {
  count(): Promise<number>;
  /** The host's badge (Electron: app.setBadgeCount); 0 clears it. */
  show(count: number): void;
  everyMs?: number;
}

/** Polls the count and shows it; `refresh` asks again at once (sign-in, sign-out, a new case). */
export function startReviewBadge({ count, show, everyMs = REVIEW_BADGE_EVERY_MS }: ReviewBadgeOptions) {
  let shown = -1;
  let stopped = false;
  const refresh = async () => {
    const next = await count().catch(() => 0);
    if (stopped || next === shown) return;
    shown = next;
    show(next);
  };
  void refresh();
  const timer = setInterval(() => void refresh(), everyMs);
  return {
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
      show(0);
    },
  };
}
