// The dock / taskbar badge: how many review cases need an agent now, so work arriving while the app
// is in the background is seen. That is every unresolved high-priority case and every case past its
// due date whatever its priority (an overdue normal case is as late as a high one), each once. The
// badge is marked while any is overdue, and the host asks for attention when a high case has just
// become overdue. It asks the review queue's `reviewCases.counts` through the API client; an API
// without it (or any failure) shows no badge rather than a wrong number.
import type { AdminCall } from './api-client.js';

export const REVIEW_BADGE_EVERY_MS = 60_000;

/** The unresolved high-priority cases, how many of them are past their due date, and the overdue of any priority. */
export interface ReviewBadgeCounts {
  high: number;
  overdueHigh: number;
  overdue: number;
}

const NO_CASES: ReviewBadgeCounts = { high: 0, overdueHigh: 0, overdue: 0 };

/** The counts, or none when the route is missing, refused or answers something else. Signed out, it asks nothing. */
export async function reviewBadgeCounts(call: AdminCall, signedIn: boolean): Promise<ReviewBadgeCounts> {
  if (!signedIn) return NO_CASES;
  const answer = await call('reviewCases.counts').catch(() => null);
  if (!answer?.ok) return NO_CASES;
  return { high: answer.data.high, overdueHigh: answer.data.overdueHigh, overdue: answer.data.overdue };
}

/** What the host shows. */
export interface ReviewBadge {
  /** The number (Windows, Linux; 0 clears it): the open cases that are high-priority or overdue. */
  count: number;
  /** The text where the badge takes text (the macOS dock): '4', or '4!' while any is overdue; '' clears it. */
  text: string;
  /** A high case became overdue since the last look: bounce the dock, flash the taskbar. */
  attention: boolean;
}

export const NO_BADGE: ReviewBadge = { count: 0, text: '', attention: false };

/** The badge for `counts`, after `previous` (null: the first look since the badge started). */
export function reviewBadgeOf(counts: ReviewBadgeCounts, previous: ReviewBadgeCounts | null): ReviewBadge {
  const whole = (n: number) => Math.max(0, Math.floor(n));
  const high = whole(counts.high);
  // Counts the API could never send (more overdue high cases than high ones, or than overdue
  // ones) are held to the smaller, so no case is counted twice or taken away.
  const overdueHigh = Math.min(high, whole(counts.overdueHigh));
  const overdue = Math.max(overdueHigh, whole(counts.overdue));
  // High or overdue: the high ones, then the overdue ones that are not high.
  const count = high + overdue - overdueHigh;
  return {
    count,
    text: count === 0 ? '' : `${count}${overdue > 0 ? '!' : ''}`,
    attention: overdueHigh > (previous?.overdueHigh ?? 0),
  };
}

export interface ReviewBadgeOptions {
  counts(): Promise<ReviewBadgeCounts>;
  /** The host's badge (Electron: main/badge.ts). */
  show(badge: ReviewBadge): void;
  everyMs?: number;
}

/** Polls the counts and shows the badge; `refresh` asks again at once (sign-in, sign-out, a new case). */
export function startReviewBadge({ counts, show, everyMs = REVIEW_BADGE_EVERY_MS }: ReviewBadgeOptions) {
  let previous: ReviewBadgeCounts | null = null;
  let shown: ReviewBadge | null = null;
  let stopped = false;
  const refresh = async () => {
    const next = await counts().catch(() => NO_CASES);
    if (stopped) return;
    const badge = reviewBadgeOf(next, previous);
    previous = next;
    if (!badge.attention && shown?.count === badge.count && shown.text === badge.text) return;
    shown = badge;
    show(badge);
  };
  void refresh();
  const timer = setInterval(() => void refresh(), everyMs);
  return {
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
      show(NO_BADGE);
    },
  };
}
