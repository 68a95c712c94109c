// The ONE file that touches ipcMain and webContents.send (lint enforces it). It registers a
// handler per request channel of the shared table and hands each call to core's dispatcher,
// which checks the sender and parses the args before anything runs.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import {
  IPC_REQUEST_NAMES,
  eventWireName,
  requestWireName,
  type IpcEventName,
  type IpcEventPayloadOf,
} from '../shared/contract/ipc-table.js';
import { createIpcDispatcher, IpcRejected, type IpcHandlers, type IpcSender } from './core/ipc-dispatch.js';

export function senderOf(event: IpcMainInvokeEvent): IpcSender {
  const frame = event.senderFrame;
  return { key: String(event.sender.id), url: frame?.url ?? null, topFrame: frame !== null && frame.parent === null };
}

export function registerIpcHandlers(handlers: IpcHandlers, isTrusted: (sender: IpcSender) => boolean): () => void {
  const dispatcher = createIpcDispatcher({ handlers, isTrusted });
  for (const name of IPC_REQUEST_NAMES) {
    ipcMain.handle(requestWireName(name), async (event, ...args: unknown[]) => {
      try {
        return await dispatcher.dispatch(name, senderOf(event), args);
      } catch (error) {
        // A rejected call gets a plain error; nothing of core leaks to the page.
        // eslint-disable-next-line preserve-caught-error -- the cause stays in main on purpose
        if (error instanceof IpcRejected) throw new Error(error.reason);
        throw error;
      }
    });
  }
  return () => {
    for (const name of IPC_REQUEST_NAMES) ipcMain.removeHandler(requestWireName(name));
  };
}

export function sendToWindow<E extends IpcEventName>(contents: WebContents, channel: E, payload: IpcEventPayloadOf<E>) {
  if (!contents.isDestroyed()) contents.send(eventWireName(channel), payload);
}
