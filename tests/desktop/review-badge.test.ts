// The review badge in the dock: `electron` mocked at the adapter edge (app.setBadgeCount, the macOS
// dock's badge text and bounce, the taskbar's flash elsewhere). The counts and what the badge shows
// for them are main/core/review-badge.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startReviewBadge } from '../../main/core/review-badge.js';

const electron = vi.hoisted(() => {
  const window = { isFocused: vi.fn(() => false), flashFrame: vi.fn() };
  return {
    window,
    app: {
      setBadgeCount: vi.fn(() => true),
      dock: undefined as undefined | { setBadge: ReturnType<typeof vi.fn>; bounce: ReturnType<typeof vi.fn> },
    },
    BrowserWindow: { getAllWindows: vi.fn(() => [window]) },
  };
});
vi.mock('electron', () => ({
  app: electron.app,
  BrowserWindow: electron.BrowserWindow,
  default: { app: electron.app, BrowserWindow: electron.BrowserWindow },
}));
const { showReviewBadge } = await import('../../main/badge.js');

describe('review badge', () => {
  afterEach(() => {
    vi.clearAllMocks();
    electron.app.dock = undefined;
  });

  it('sets the badge count, again only when it changes, and clears it when stopped', async () => {
    let high = 3;
    const badge = startReviewBadge({
      counts: async () => ({ high, overdueHigh: 0, overdue: 0 }),
      show: showReviewBadge,
      everyMs: 60_000,
    });
    await vi.waitFor(() => expect(electron.app.setBadgeCount).toHaveBeenCalledWith(3));
    await badge.refresh();
    expect(electron.app.setBadgeCount).toHaveBeenCalledTimes(1);
    high = 5;
    await badge.refresh();
    expect(electron.app.setBadgeCount).toHaveBeenLastCalledWith(5);
    badge.stop();
    expect(electron.app.setBadgeCount).toHaveBeenLastCalledWith(0);
  });

  it('on the macOS dock, marks overdue high cases and bounces when one becomes overdue', () => {
    electron.app.dock = { setBadge: vi.fn(), bounce: vi.fn() };
    showReviewBadge({ count: 4, text: '4!', attention: true });
    expect(electron.app.dock.setBadge).toHaveBeenCalledWith('4!');
    expect(electron.app.dock.bounce).toHaveBeenCalledWith('informational');
    expect(electron.window.flashFrame).not.toHaveBeenCalled();
  });

  it('elsewhere, flashes the windows not in front when a high case becomes overdue', () => {
    showReviewBadge({ count: 4, text: '4!', attention: true });
    expect(electron.app.setBadgeCount).toHaveBeenCalledWith(4);
    expect(electron.window.flashFrame).toHaveBeenCalledWith(true);
    showReviewBadge({ count: 4, text: '4!', attention: false });
    expect(electron.window.flashFrame).toHaveBeenCalledTimes(1);
  });
});
