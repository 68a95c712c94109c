// A window as main sees it, without Electron: window.market built from the channel table,
// calls dispatched (sender check + zod parse) to the handlers bound to a core.
import { createIpcDispatcher, type IpcSender } from '../../main/core/ipc-dispatch.js';
import { bindIpcHandlers, type DesktopCoreParts } from '../../main/core/ipc-handlers.js';
import type { IpcEventName } from '../../shared/contract/ipc-table.js';
import { createMarketApi } from '../../shared/contract/market-client.js';

export function windowOver(core: DesktopCoreParts, key = 'w1') {
  const listeners = new Map<IpcEventName, Set<(payload: never) => void>>();
  const deliver = (channel: IpcEventName, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload as never);
  };
  const opened: string[] = [];
  const bound = bindIpcHandlers(core, {
    send: (windowKey, channel, payload) => windowKey === key && deliver(channel, payload),
    broadcast: deliver,
    openRoute: async (route) => void opened.push(route),
    notify: () => undefined,
  });
  const sender: IpcSender = { key, url: 'http://127.0.0.1:5173/', topFrame: true };
  const dispatcher = createIpcDispatcher({ handlers: bound.handlers, isTrusted: (s) => s.key === key });
  const market = createMarketApi({
    invoke: (channel, args) => dispatcher.dispatch(channel, sender, args),
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener as (payload: never) => void);
      return () => void set.delete(listener as (payload: never) => void);
    },
  });
  return { market, opened, bound };
}
