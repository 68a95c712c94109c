// The browser host's `window.market`: the same MarketApi that Electron's preload builds, over
// the loopback bridge of `npm run dev:browser` (main/core/browser-bridge.ts) instead of IPC.
// The bridge's address and per-run secret come from the dev server's environment or, on the
// built renderer the browser host serves, from index.html; without them (a plain `vite` run,
// Electron) nothing is installed and the app says window.market is missing.
import { AppRoute, SystemNotice, type IpcEventName, type IpcRequestName } from '../../shared/contract/ipc-table.js';
import { createMarketApi, type MarketTransport } from '../../shared/contract/market-client.js';
import type { ExportOutcome } from '../../shared/contract/ipc-workbench-channels.js';

export interface BridgeConfig {
  url: string;
  secret: string;
  clientId: string;
  fetch?: typeof fetch;
  /** Opens an in-app route in a new browser window (windows.open). */
  openWindow?: (route: string) => void;
  /** Shows a system notification (windows.notify); the Web Notification API by default. */
  notify?: (notice: SystemNotice) => void;
}

type Listener = (payload: never) => void;

/** The browser's own notification; a click brings this tab forward on the notice's route. */
function webNotification(notice: SystemNotice): void {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const notification = new Notification(notice.title, { body: notice.body });
  notification.onclick = () => {
    window.focus();
    window.location.hash = `#${notice.route}`;
    notification.close();
  };
}

export function createBridgeTransport(config: BridgeConfig): MarketTransport & { close(): void } {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  const headers = { 'x-market-secret': config.secret, 'x-market-client': config.clientId };
  const listeners = new Map<IpcEventName, Set<Listener>>();
  const stop = new AbortController();
  let streaming = false;

  const readEvents = async () => {
    while (!stop.signal.aborted) {
      try {
        const response = await doFetch(`${config.url}/events`, { headers, signal: stop.signal });
        if (!response.ok || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffered = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffered += value;
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) {
            if (!line.trim()) continue;
            const { channel, payload } = JSON.parse(line) as { channel: IpcEventName; payload: never };
            for (const listener of listeners.get(channel) ?? []) listener(payload);
          }
        }
      } catch {
        if (stop.signal.aborted) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  return {
    async invoke(channel: IpcRequestName, args: unknown[]) {
      if (channel === 'exports.saveCsv') {
        const [list, query, fileStem] = args as [string, Record<string, string | undefined>, string | undefined];
        return downloadExport(config, doFetch, headers, { list, query, fileStem }, (rows) => {
          for (const listener of listeners.get('exports.progress') ?? [])
            (listener as (p: unknown) => void)({ list, rows });
        });
      }
      if (channel === 'windows.open') {
        const route = AppRoute.parse(args[0]);
        // The route goes after '#' (the app's hash router): the new window shares this host's session.
        (config.openWindow ?? ((r: string) => window.open(`/#${r}`, '_blank', 'noopener')))(route);
        return undefined;
      }
      if (channel === 'windows.notify') {
        (config.notify ?? webNotification)(SystemNotice.parse(args[0]));
        return undefined;
      }
      const response = await doFetch(`${config.url}/call/${channel}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      const body = (await response.json()) as { value?: unknown; error?: string };
      if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
      return 'value' in body ? body.value : undefined;
    },
    on(channel, listener) {
      if (!streaming) {
        streaming = true;
        void readEvents();
      }
      const set = listeners.get(channel) ?? new Set<Listener>();
      listeners.set(channel, set);
      set.add(listener as Listener);
      return () => void set.delete(listener as Listener);
    },
    close: () => stop.abort(),
  };
}

/**
 * The browser host's 'Export CSV': the bridge streams the table's export, counted as it comes,
 * then saved as a download (the browser has no save dialog of ours to stream into).
 */
async function downloadExport(
  config: BridgeConfig,
  doFetch: typeof fetch,
  headers: Record<string, string>,
  { list, query, fileStem }: { list: string; query: Record<string, string | undefined>; fileStem?: string | undefined },
  onProgress: (rows: number) => void,
): Promise<ExportOutcome> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  try {
    const response = await doFetch(`${config.url}/export/${encodeURIComponent(list)}?${params}`, { headers });
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      return { ok: false, reason: 'failed', message: body.error ?? `The export failed (HTTP ${response.status}).` };
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parts: Uint8Array[] = [];
    let records = 0;
    let quoted = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parts.push(value);
      for (const char of decoder.decode(value, { stream: true })) {
        if (char === '"') quoted = !quoted;
        else if (char === '\n' && !quoted) records++;
      }
      onProgress(Math.max(0, records - 1));
    }
    const file = `${fileStem ?? list}-${new Date().toISOString().slice(0, 10)}.csv`;
    const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: file });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return { ok: true, rows: Math.max(0, records - 1), file };
  } catch (error) {
    return {
      ok: false,
      reason: 'failed',
      message: `The export stopped part-way: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

// What Vite puts in `import.meta.env` for this host (declared as `vite/client` declares it).
declare global {
  interface ImportMetaEnv {
    readonly VITE_MARKET_BRIDGE_URL?: string;
    readonly VITE_MARKET_BRIDGE_SECRET?: string;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}

/**
 * The bridge's address and secret: from the dev server's environment (`npm run dev:browser`), or
 * from index.html's <meta name="market-bridge"> when the browser host serves the built renderer
 * (main/browser-renderer.ts). Null anywhere else (Electron's build has neither).
 */
export function bridgeAddress(): { url: string; secret: string } | null {
  // Outside Vite (a test importing this file) there is no env at all.
  const env: Partial<ImportMetaEnv> = import.meta.env ?? {};
  if (env.VITE_MARKET_BRIDGE_URL && env.VITE_MARKET_BRIDGE_SECRET)
    return { url: env.VITE_MARKET_BRIDGE_URL, secret: env.VITE_MARKET_BRIDGE_SECRET };
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="market-bridge"]');
  if (!meta) return null;
  try {
    const { url, secret } = JSON.parse(meta.getAttribute('content') ?? '') as { url?: unknown; secret?: unknown };
    return typeof url === 'string' && typeof secret === 'string' && url && secret ? { url, secret } : null;
  } catch {
    return null;
  }
}

/** Installs `window.market` when the page runs under the browser host and no host provided one. */
export function installBrowserMarket(): boolean {
  if (window.market) return false;
  const address = bridgeAddress();
  if (!address) return false;
  const clientId = crypto.randomUUID().replace(/-/g, '');
  const transport = createBridgeTransport({ ...address, clientId });
  window.market = Object.freeze(createMarketApi(transport));
  return true;
}

if (typeof window !== 'undefined') installBrowserMarket();
