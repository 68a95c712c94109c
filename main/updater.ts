// Auto-update with electron-updater: the feed comes from settings (generic https URL or a
// GitHub repository; publish config in electron-builder.yml otherwise) and a downloaded
// update asks "Update ready — restart".
import { app, dialog } from 'electron';
import electronUpdater from 'electron-updater';
import type { Settings } from './core/settings.js';

export function startAutoUpdate(updates: Settings['updates']): void {
  if (!app.isPackaged) return;
  const { autoUpdater } = electronUpdater;
  if (updates.provider === 'generic') autoUpdater.setFeedURL({ provider: 'generic', url: updates.url });
  if (updates.provider === 'github') {
    autoUpdater.setFeedURL({ provider: 'github', owner: updates.owner, repo: updates.repo });
  }
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.on('error', (error) => console.error('Auto-update failed', error));
  autoUpdater.on('update-downloaded', async (info) => {
    const { response } = await dialog.showMessageBox({
      type: 'info',
      buttons: ['Restart now', 'Later'],
      defaultId: 0,
      cancelId: 1,
      title: 'Update ready — restart',
      message: `Update ready — restart to install Market Admin ${info.version}.`,
    });
    if (response === 0) autoUpdater.quitAndInstall();
  });
  void autoUpdater.checkForUpdates().catch((error: unknown) => console.error('Update check failed', error));
}
