// The review badge in the dock: `electron` mocked at the adapter edge (app.setBadgeCount). The
// count itself is main/core/review-badge.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startReviewBadge } from '../../main/core/review-badge.js';

const electron = vi.hoisted(() => ({ setBadgeCount: vi.fn(() => true) }));
vi.mock('electron', () => ({ app: electron, default: { app: electron } }));
const { showBadgeCount } = await import('../../main/badge.js');

describe('review badge', () => {
  afterEach(() => vi.clearAllMocks());

  it('sets the dock badge, again only when the count changes, and clears it when stopped', async () => {
    let count = 3;
    const badge = startReviewBadge({ count: async () => count, show: showBadgeCount, everyMs: 60_000 });
    await vi.waitFor(() => expect(electron.setBadgeCount).toHaveBeenCalledWith(3));
    await badge.refresh();
    expect(electron.setBadgeCount).toHaveBeenCalledTimes(1);
    count = 5;
    await badge.refresh();
    expect(electron.setBadgeCount).toHaveBeenLastCalledWith(5);
    badge.stop();
    expect(electron.setBadgeCount).toHaveBeenLastCalledWith(0);
  });
});
