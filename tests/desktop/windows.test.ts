// The Electron glue of our windows, with `electron` mocked at the adapter edge: 'Open in new
// window' (the windows.open request) makes a new hardened BrowserWindow on the record's route,
// deep links route a running window, and every window hears the same broadcasts.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeContents {
    static nextId = 1;
    readonly id = FakeContents.nextId++;
    readonly sent: [string, unknown][] = [];
    readonly listeners = new Map<string, Listener[]>();
    windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    }
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload]);
    }
    isDestroyed() {
      return false;
    }
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.windowOpenHandler = handler;
    }
  }
  class FakeWindow {
    static created: FakeWindow[] = [];
    readonly webContents = new FakeContents();
    loaded: { file?: string; hash?: string; url?: string } = {};
    focused = false;
    private readonly handlers = new Map<string, Listener[]>();
    constructor(readonly options: { webPreferences: Record<string, unknown> } & Record<string, unknown>) {
      FakeWindow.created.push(this);
    }
    on(event: string, listener: Listener) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
      return this;
    }
    once(event: string, listener: Listener) {
      return this.on(event, listener);
    }
    emit(event: string) {
      for (const listener of this.handlers.get(event) ?? []) listener();
    }
    loadFile(file: string, options: { hash?: string }) {
      this.loaded = { file, hash: options.hash };
      return Promise.resolve();
    }
    loadURL(url: string) {
      this.loaded = { url };
      return Promise.resolve();
    }
    isMinimized() {
      return false;
    }
    isMaximized() {
      return false;
    }
    maximize() {}
    restore() {}
    focus() {
      this.focused = true;
    }
    getBounds() {
      return { x: 0, y: 0, width: 1440, height: 900 };
    }
  }
  return {
    FakeWindow,
    module: {
      BrowserWindow: FakeWindow,
      screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
      shell: { openExternal: vi.fn() },
      ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
    },
  };
});

vi.mock('electron', () => ({ ...electron.module, default: electron.module }));
vi.mock('electron-store', () => ({
  default: class {
    private readonly values = new Map<string, unknown>();
    get(key: string) {
      return this.values.get(key);
    }
    set(key: string, value: unknown) {
      this.values.set(key, value);
    }
  },
}));

const { Windows } = await import('../../main/windows.js');

describe('windows', () => {
  beforeEach(() => {
    electron.FakeWindow.created.length = 0;
  });

  it('opens a record in a new hardened window on its own route', () => {
    const windows = new Windows({ onClosed: () => {} });
    windows.open('/');
    const second = windows.open('/dashboard/users/u1') as unknown as InstanceType<typeof electron.FakeWindow>;

    expect(electron.FakeWindow.created).toHaveLength(2);
    expect(second.loaded.hash).toBe('/dashboard/users/u1');
    expect(second.loaded.file).toMatch(/index\.html$/);
    expect(second.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    // The page may not open windows of its own: only https links leave, to the system browser.
    expect(second.webContents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    expect(windows.isOurWindow(String(second.webContents.id))).toBe(true);
  });

  it('loads the dev server with the route after #', () => {
    const windows = new Windows({ devServerUrl: 'http://127.0.0.1:5173/', onClosed: () => {} });
    const window = windows.open('/dashboard/listings/sold/o1') as unknown as InstanceType<typeof electron.FakeWindow>;
    expect(window.loaded.url).toBe('http://127.0.0.1:5173/#/dashboard/listings/sold/o1');
  });

  it('every window hears a broadcast; a deep link routes the first window', () => {
    const windows = new Windows({ onClosed: () => {} });
    const first = windows.open('/') as unknown as InstanceType<typeof electron.FakeWindow>;
    const second = windows.open('/dashboard/users/u2') as unknown as InstanceType<typeof electron.FakeWindow>;

    windows.setColorMode('light');
    expect(first.webContents.sent).toContainEqual(['market:evt:windows.colorMode', 'light']);
    expect(second.webContents.sent).toContainEqual(['market:evt:windows.colorMode', 'light']);

    windows.navigate('/dashboard/listings/active/l1');
    expect(first.focused).toBe(true);
    expect(first.webContents.sent).toContainEqual(['market:evt:windows.navigate', '/dashboard/listings/active/l1']);
    expect(second.webContents.sent.filter(([channel]) => channel.endsWith('navigate'))).toEqual([]);
  });

  it('forgets a closed window and tells core, so its subscriptions end', () => {
    const closed: string[] = [];
    const windows = new Windows({ onClosed: (key) => closed.push(key) });
    const window = windows.open('/') as unknown as InstanceType<typeof electron.FakeWindow>;
    const key = String(window.webContents.id);
    window.emit('closed');
    expect(closed).toEqual([key]);
    expect(windows.isOurWindow(key)).toBe(false);
  });
});
