// The Electron glue of the review badge: the dock (macOS) / taskbar (Windows, Linux Unity) count.
import { app } from 'electron';

export function showBadgeCount(count: number): void {
  // setBadgeCount answers false where the desktop has no badge; nothing else to do there.
  app.setBadgeCount(Math.max(0, Math.floor(count)));
}
