// The dock / taskbar badge: how many high-priority review cases are open, so an agent sees work
// arriving while the app is in the background. GET /admin/review-cases/counts belongs to the
// review queue; an API without it (or any failure) shows no badge rather than a wrong number.
import type { KyInstance } from 'ky';
import { z } from 'zod';

const Counts = z.object({ high: z.number().int().nonnegative() });

export const REVIEW_BADGE_EVERY_MS = 60_000;

/** The high-priority count, or 0 when the route is missing, refused or answers something else. */
export async function highPriorityCases(http: KyInstance, token: string | null): Promise<number> {
  if (!token) return 0;
  try {
    const answer = await http
      .get('admin/review-cases/counts', { headers: { Authorization: `Bearer ${token}` }, throwHttpErrors: false })
      .then(async (response) => (response.ok ? ((await response.json()) as unknown) : null));
    const counts = Counts.safeParse(answer);
    return counts.success ? counts.data.high : 0;
  } catch {
    return 0;
  }
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
