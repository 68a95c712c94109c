// Builds `window.market` (MarketApi) from the IPC channel table over any transport: Electron's
// preload passes ipcRenderer.invoke/on, the browser host's shim passes its loopback bridge.
// Only named methods come out of here; the transport itself is never handed to the page.
import {
  adminChannelName,
  type IpcEventName,
  type IpcEventPayloadOf,
  type IpcRequestName,
  type OwnRequestInput,
  type OwnRequestName,
  type OwnRequestResult,
} from './ipc-table.js';
import type {
  AdminCallInput,
  AdminCallOptions,
  AdminCallResult,
  AdminCallPerRoute,
  AdminEvent,
  MarketApi,
} from './market-api.js';
import type { AdminRouteName } from './admin-api.js';
import type { AdminEventName } from './realtime-events.js';
import { groupedByRoute } from './route-map.js';

export interface MarketTransport {
  /** Sends a request on the wire; what comes back is untyped until `answerOf` below. */
  invoke(channel: IpcRequestName, args: unknown[]): Promise<unknown>;
  /** Listen to a main → window event channel; returns the function that stops listening. */
  on<E extends IpcEventName>(channel: E, listener: (payload: IpcEventPayloadOf<E>) => void): () => void;
}

let subscriptionCounter = 0;
const nextSubscriptionId = () => `s${Date.now().toString(36)}${(subscriptionCounter++).toString(36)}`;
let callCounter = 0;
const nextCallId = () => `c${Date.now().toString(36)}${(callCounter++).toString(36)}`;

/**
 * The one place the client types an answer. The wire (IPC, the browser bridge) carries untyped
 * values; main answers each channel through its handler in `IpcHandlers` (main/core/ipc-dispatch.ts),
 * which the compiler holds to that channel's result type, so the answer is of that type.
 */
function answerOf<Result>(transport: MarketTransport, channel: IpcRequestName, args: unknown[]): Promise<Result> {
  return transport.invoke(channel, args) as Promise<Result>;
}

export function createMarketApi(transport: MarketTransport): MarketApi {
  const invoke = <N extends OwnRequestName>(channel: N, ...args: OwnRequestInput<N>) =>
    answerOf<OwnRequestResult<N>>(transport, channel, args);
  const listeners = new Map<string, (event: AdminEvent) => void>();
  let eventsWired = false;
  const wireEvents = () => {
    if (eventsWired) return;
    eventsWired = true;
    transport.on('events.event', ({ subscriptionId, event }) => {
      listeners.get(subscriptionId)?.(event);
    });
  };

  return {
    session: {
      signIn: (email, password) => invoke('session.signIn', email, password),
      signOut: () => invoke('session.signOut'),
      current: () => invoke('session.current'),
      reauthenticate: (password) => invoke('session.reauthenticate', password),
    },
    // An input left out is not sent at all (a call without arguments), as the route needs none.
    // A call given a signal goes with a tag of its own; aborting the signal asks main to abort
    // that call (`calls.abort`), which answers `aborted` once its HTTP request is closed.
    admin: groupedByRoute<AdminCallPerRoute>(
      <N extends AdminRouteName>(name: N) =>
        async (input?: AdminCallInput<N>, options?: AdminCallOptions) => {
          const channel = adminChannelName(name);
          const signal = options?.signal;
          if (input === undefined || !signal) {
            return answerOf<AdminCallResult<N>>(transport, channel, input === undefined ? [] : [input]);
          }
          const callId = nextCallId();
          const abort = () => void invoke('calls.abort', callId).catch(() => undefined);
          if (signal.aborted) abort();
          else signal.addEventListener('abort', abort, { once: true });
          try {
            return await answerOf<AdminCallResult<N>>(transport, channel, [input, { callId }]);
          } finally {
            signal.removeEventListener('abort', abort);
          }
        },
    ),
    events: {
      subscribe(names: readonly AdminEventName[], listener: (event: AdminEvent) => void) {
        wireEvents();
        const id = nextSubscriptionId();
        listeners.set(id, listener);
        void invoke('events.subscribe', id, [...names]).catch(() => listeners.delete(id));
        return () => {
          if (!listeners.delete(id)) return;
          void invoke('events.unsubscribe', id).catch(() => undefined);
        };
      },
      connectionState: () => invoke('events.connectionState'),
      onConnectionState: (listener) => transport.on('events.connectionState', listener),
    },
    windows: {
      open: (route) => invoke('windows.open', route),
      onColorMode: (listener) => transport.on('windows.colorMode', listener),
      onNavigate: (listener) => transport.on('windows.navigate', listener),
      notify: (notice) => invoke('windows.notify', notice),
    },
    exports: {
      // The file's stem only when given: a trailing undefined would cross a JSON bridge as null.
      saveCsv: (list, query, fileStem) =>
        fileStem === undefined
          ? invoke('exports.saveCsv', list, query)
          : invoke('exports.saveCsv', list, query, fileStem),
      onProgress: (listener) => transport.on('exports.progress', listener),
    },
  };
}
