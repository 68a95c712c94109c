// Our windows: every one hardened the same way, each able to show any route (support agents
// work side by side), bounds remembered, colour mode pushed from the menu.
import { BrowserWindow, screen, shell, type WebContents } from 'electron';
import Store from 'electron-store';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ColorMode } from '../shared/contract/market-api.js';
import { DEFAULT_COLOR_MODE } from '../shared/rules/color-mode.js';
import { isAppPage, isSafeExternalLink, type AppPages } from './core/navigation-policy.js';
import { sendToWindow } from './ipc.js';

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface WindowState {
  bounds?: Bounds;
  maximized?: boolean;
  colorMode?: ColorMode;
}

const rendererIndex = fileURLToPath(new URL(/* @vite-ignore */ '../dist/renderer/index.html', import.meta.url));
const preloadPath = fileURLToPath(new URL(/* @vite-ignore */ './preload.cjs', import.meta.url));
export const rendererDir = fileURLToPath(new URL(/* @vite-ignore */ '../dist/renderer/', import.meta.url));

export class Windows {
  private readonly windows = new Map<number, BrowserWindow>();
  private readonly state = new Store<WindowState>({ name: 'window-state' });
  readonly pages: AppPages;
  private readonly onClosed: (key: string) => void;

  constructor(options: { devServerUrl?: string | undefined; onClosed: (key: string) => void }) {
    this.pages = { devOrigin: options.devServerUrl, indexFileUrl: pathToFileURL(rendererIndex).href };
    this.onClosed = options.onClosed;
  }

  isOurWindow = (key: string): boolean => this.windows.has(Number(key));

  get colorMode(): ColorMode {
    return this.state.get('colorMode') ?? DEFAULT_COLOR_MODE;
  }

  setColorMode(mode: ColorMode): void {
    this.state.set('colorMode', mode);
    this.broadcast((contents) => sendToWindow(contents, 'windows.colorMode', mode));
  }

  broadcast(send: (contents: WebContents) => void): void {
    for (const window of this.windows.values()) send(window.webContents);
  }

  contentsOf(key: string): WebContents | undefined {
    return this.windows.get(Number(key))?.webContents;
  }

  /** The main window, or a new one when all were closed. */
  focusOrCreate(): BrowserWindow {
    const first = this.windows.values().next().value;
    if (first) {
      if (first.isMinimized()) first.restore();
      first.focus();
      return first;
    }
    return this.open('/');
  }

  /** A new window on `route`; the first window remembers its bounds. */
  open(route: string): BrowserWindow {
    const isFirst = this.windows.size === 0;
    const saved = isFirst ? this.savedBounds() : undefined;
    const window = new BrowserWindow({
      width: saved?.width ?? 1440,
      height: saved?.height ?? 900,
      ...(saved ? { x: saved.x, y: saved.y } : {}),
      minWidth: 900,
      minHeight: 600,
      show: false,
      backgroundColor: this.colorMode === 'dark' ? '#1c2127' : '#ffffff',
      webPreferences: {
        preload: preloadPath,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        spellcheck: true,
        disableBlinkFeatures: 'Auxclick',
      },
    });
    const key = window.webContents.id;
    this.windows.set(key, window);
    if (isFirst && this.state.get('maximized')) window.maximize();
    this.guard(window.webContents);
    window.once('ready-to-show', () => window.show());
    window.webContents.on('did-finish-load', () =>
      sendToWindow(window.webContents, 'windows.colorMode', this.colorMode),
    );
    if (isFirst) window.on('close', () => this.saveBounds(window));
    window.on('closed', () => {
      this.windows.delete(key);
      this.onClosed(String(key));
    });
    void this.load(window, route);
    return window;
  }

  /** Route an existing window (deep links) or open one. */
  navigate(route: string): void {
    const window = this.focusOrCreate();
    sendToWindow(window.webContents, 'windows.navigate', route);
  }

  private load(window: BrowserWindow, route: string): Promise<void> {
    const hash = route === '/' ? '' : route;
    if (this.pages.devOrigin) return window.loadURL(`${this.pages.devOrigin.replace(/\/$/, '')}/#${hash}`);
    return window.loadFile(rendererIndex, hash ? { hash } : {});
  }

  /** Navigation and window.open stay inside the app; https links go to the system browser. */
  private guard(contents: WebContents): void {
    contents.on('will-navigate', (event, url) => {
      if (!isAppPage(url, this.pages)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppPage(url, this.pages)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isSafeExternalLink(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  }

  private savedBounds(): Bounds | undefined {
    const bounds = this.state.get('bounds');
    if (!bounds) return undefined;
    // Only reuse bounds that are still on a connected display.
    const visible = screen
      .getAllDisplays()
      .some(
        ({ workArea: area }) =>
          bounds.x < area.x + area.width &&
          bounds.x + bounds.width > area.x &&
          bounds.y < area.y + area.height &&
          bounds.y + bounds.height > area.y,
      );
    return visible ? bounds : undefined;
  }

  private saveBounds(window: BrowserWindow): void {
    this.state.set('maximized', window.isMaximized());
    if (!window.isMaximized() && !window.isMinimized()) this.state.set('bounds', window.getBounds());
  }
}
