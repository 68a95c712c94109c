// Electron entry: single instance, deep links, the hardened session, core (session, API
// client, realtime hub) bound to IPC, windows, menu and updates. Logic lives in core/.
import { app } from 'electron';
import { join } from 'node:path';
import { createDesktopCore } from './core/desktop-core.js';
import { deepLinkInArgs, DEEP_LINK_PROTOCOL, routeOfDeepLink } from './core/deep-link.js';
import { isTrustedSender } from './core/ipc-dispatch.js';
import { bindIpcHandlers } from './core/ipc-handlers.js';
import { connectOriginsOf } from './core/navigation-policy.js';
import { loadSettings } from './core/settings.js';
import { registerIpcHandlers, sendToWindow } from './ipc.js';
import { showReviewBadge } from './badge.js';
import { reviewBadgeCounts, startReviewBadge } from './core/review-badge.js';
import { chooseExportFile } from './export-dialog.js';
import { buildMenu } from './menu.js';
import { showSystemNotice } from './notifications.js';
import { openSecureStore } from './secure-store-electron.js';
import { hardenSession } from './security.js';
import { startAutoUpdate } from './updater.js';
import { rendererDir, Windows } from './windows.js';

const devServerUrl = process.env.VITE_DEV_SERVER_URL;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(DEEP_LINK_PROTOCOL, process.execPath, [process.argv[1]]);
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_PROTOCOL);
  }
  let windows: Windows | null = null;
  let pendingLink = deepLinkInArgs(process.argv);
  const openLink = (link: string | null) => {
    const route = link ? routeOfDeepLink(link) : null;
    if (!windows) pendingLink = link;
    else if (route) windows.navigate(route);
    else windows.focusOrCreate();
  };
  app.on('second-instance', (_event, argv) => openLink(deepLinkInArgs(argv)));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openLink(url);
  });
  app.enableSandbox();

  void app.whenReady().then(async () => {
    const settings = await loadSettings(join(app.getPath('userData'), 'settings.json'));
    hardenSession(devServerUrl ? connectOriginsOf([devServerUrl]) : []);
    const core = createDesktopCore({ settings, store: await openSecureStore() });

    let dropWindow: (key: string) => void = () => {};
    const ourWindows = new Windows({ devServerUrl, onClosed: (key) => dropWindow(key) });
    const bound = bindIpcHandlers(core, {
      send: (key, channel, payload) => {
        const contents = ourWindows.contentsOf(key);
        if (contents) sendToWindow(contents, channel, payload);
      },
      broadcast: (channel, payload) => ourWindows.broadcast((contents) => sendToWindow(contents, channel, payload)),
      openRoute: async (route) => void ourWindows.open(route),
      chooseExportFile: (key, suggestedName) => chooseExportFile(ourWindows.contentsOf(key), suggestedName),
      notify: (notice) => showSystemNotice(notice, (route) => ourWindows.navigate(route)),
    });
    dropWindow = bound.dropWindow;
    registerIpcHandlers(bound.handlers, (sender) =>
      isTrustedSender(sender, {
        isOurWindow: ourWindows.isOurWindow,
        origins: devServerUrl ? [new URL(devServerUrl).origin] : [],
        rendererDir,
      }),
    );

    const menu = () =>
      buildMenu({
        colorMode: ourWindows.colorMode,
        setColorMode: (mode) => {
          ourWindows.setColorMode(mode);
          menu();
        },
        newWindow: () => void ourWindows.open('/'),
      });
    menu();

    await core.start();
    // A deep link that started the app opens the first window on its record directly.
    ourWindows.open((pendingLink && routeOfDeepLink(pendingLink)) ?? '/');
    pendingLink = null;
    windows = ourWindows; // from now on, deep links route the running app
    startAutoUpdate(settings.updates);
    // The badge follows the session: a new token (sign-in, refresh) asks again; signed out, 0.
    const badge = startReviewBadge({
      counts: async () => reviewBadgeCounts(core.api.call, (await core.session.accessToken()) !== null),
      show: showReviewBadge,
    });
    core.session.onToken(() => void badge.refresh());

    app.on('activate', () => ourWindows.focusOrCreate());
    app.on('before-quit', () => {
      badge.stop();
      bound.dispose();
      void core.close();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
