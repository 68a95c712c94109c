// Electron entry: one secure window on the renderer. The desktop shell issue grows this into
// the session, IPC, windows and updates of the architecture.
import { app, BrowserWindow } from 'electron';
import { fileURLToPath } from 'node:url';

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    webPreferences: {
      preload: fileURLToPath(new URL('./preload.mjs', import.meta.url)),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  const devServer = process.env.VITE_DEV_SERVER_URL;
  if (devServer) void window.loadURL(devServer);
  else void window.loadFile(fileURLToPath(new URL('../dist/renderer/index.html', import.meta.url)));
}

void app.whenReady().then(createWindow);
app.on('window-all-closed', () => app.quit());
