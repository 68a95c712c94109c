// System notifications for the desktop app: Electron's Notification, shown from main (the renderer
// asks through the `windows.notify` channel). A click brings a window forward on the notice's route.
import { Notification } from 'electron';
import type { SystemNotice } from '../shared/contract/ipc-table.js';

export function showSystemNotice(notice: SystemNotice, openRoute: (route: string) => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ title: notice.title, body: notice.body });
  notification.on('click', () => openRoute(notice.route));
  notification.show();
}
