// The Electron glue of the review badge: the dock (macOS, which shows the badge's text, '4!' while
// a high case is overdue) or taskbar (Windows, Linux Unity: the count), and the request for
// attention when a high case has just become overdue (the dock bounces, unfocused windows flash).
import { app, BrowserWindow } from 'electron';
import type { ReviewBadge } from './core/review-badge.js';

export function showReviewBadge(badge: ReviewBadge): void {
  // setBadgeCount answers false where the desktop has no badge; nothing else to do there.
  app.setBadgeCount(badge.count);
  if (app.dock) {
    app.dock.setBadge(badge.text);
    if (badge.attention) app.dock.bounce('informational');
  } else if (badge.attention) {
    for (const window of BrowserWindow.getAllWindows()) if (!window.isFocused()) window.flashFrame(true);
  }
}
