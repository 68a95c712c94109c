// Builds `window.market` (MarketApi) from the IPC channel table over any transport: Electron's
// preload passes ipcRenderer.invoke/on, the browser host's shim passes its loopback bridge.
// Only named methods come out of here; the transport itself is never handed to the page.
import { adminRoutes, type AdminRouteName } from './admin-api.js';
import { adminChannelName, type IpcEventName, type IpcEventPayloadOf, type IpcRequestName } from './ipc-table.js';
import type { AdminApi, AdminEvent, ColorMode, ConnectionState, MarketApi, SignInResult } from './market-api.js';
import type { SignedInAdmin } from './entities.js';
import type { AdminEventName } from './realtime-events.js';
import type { ExportOutcome } from './ipc-workbench-channels.js';

export interface MarketTransport {
  invoke(channel: IpcRequestName, args: unknown[]): Promise<unknown>;
  /** Listen to a main → window event channel; returns the function that stops listening. */
  on<E extends IpcEventName>(channel: E, listener: (payload: IpcEventPayloadOf<E>) => void): () => void;
}

let subscriptionCounter = 0;
const nextSubscriptionId = () => `s${Date.now().toString(36)}${(subscriptionCounter++).toString(36)}`;

function buildAdminApi(transport: MarketTransport): AdminApi {
  const groups: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const name of Object.keys(adminRoutes) as AdminRouteName[]) {
    const [group, method] = name.split('.') as [string, string];
    const calls = (groups[group] ??= {});
    const args = (input: unknown) => (input === undefined ? [] : [input]);
    calls[method] = (input?: unknown) => transport.invoke(adminChannelName(name), args(input));
  }
  return groups as unknown as AdminApi;
}

export function createMarketApi(transport: MarketTransport): MarketApi {
  const listeners = new Map<string, (event: AdminEvent) => void>();
  let eventsWired = false;
  const wireEvents = () => {
    if (eventsWired) return;
    eventsWired = true;
    transport.on('events.event', ({ subscriptionId, event }) => {
      listeners.get(subscriptionId)?.(event as AdminEvent);
    });
  };

  return {
    session: {
      signIn: (email, password) => transport.invoke('session.signIn', [email, password]) as Promise<SignInResult>,
      signOut: () => transport.invoke('session.signOut', []) as Promise<boolean>,
      current: () => transport.invoke('session.current', []) as Promise<SignedInAdmin | null>,
    },
    admin: buildAdminApi(transport),
    events: {
      subscribe(names: readonly AdminEventName[], listener: (event: AdminEvent) => void) {
        wireEvents();
        const id = nextSubscriptionId();
        listeners.set(id, listener);
        void transport.invoke('events.subscribe', [id, [...names]]).catch(() => listeners.delete(id));
        return () => {
          if (!listeners.delete(id)) return;
          void transport.invoke('events.unsubscribe', [id]).catch(() => undefined);
        };
      },
      connectionState: () => transport.invoke('events.connectionState', []) as Promise<ConnectionState>,
      onConnectionState: (listener: (state: ConnectionState) => void) =>
        transport.on('events.connectionState', listener),
    },
    windows: {
      open: async (route: string) => {
        await transport.invoke('windows.open', [route]);
      },
      onColorMode: (listener: (mode: ColorMode) => void) => transport.on('windows.colorMode', listener),
      onNavigate: (listener: (route: string) => void) => transport.on('windows.navigate', listener),
      notify: async (notice: { title: string; body: string; route: string }) => {
        await transport.invoke('windows.notify', [notice]);
      },
    },
    exports: {
      saveCsv: (list, query) => transport.invoke('exports.saveCsv', [list, query]) as Promise<ExportOutcome>,
      onProgress: (listener) => transport.on('exports.progress', listener),
    },
  };
}
