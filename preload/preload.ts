// Builds window.market from the IPC channel table: named methods only. Neither ipcRenderer
// nor any token crosses the context bridge. Bundled as CommonJS (sandboxed preload).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventWireName, requestWireName } from '../shared/contract/ipc-table.js';
import { createMarketApi } from '../shared/contract/market-client.js';

const market = createMarketApi({
  invoke: (channel, args) => ipcRenderer.invoke(requestWireName(channel), ...args),
  on(channel, listener) {
    const wire = eventWireName(channel);
    const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(wire, handler);
    return () => void ipcRenderer.removeListener(wire, handler);
  },
});

contextBridge.exposeInMainWorld('market', market);
