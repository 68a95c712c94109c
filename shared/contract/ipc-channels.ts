// The shape of the IPC channel table between the desktop app's main process and its
// windows. The table itself (which channels exist) belongs to the desktop shell; every
// channel is declared with zod so main parses whatever a window sends before acting on it.
import type { z } from 'zod';

/** A request/response channel: a window invokes, main answers. */
export interface IpcRequestChannel<Args extends z.ZodType = z.ZodType, Result extends z.ZodType = z.ZodType> {
  kind: 'request';
  args: Args;
  result: Result;
}

/** A main → window event channel. */
export interface IpcEventChannel<Payload extends z.ZodType = z.ZodType> {
  kind: 'event';
  payload: Payload;
}

export type IpcChannel = IpcRequestChannel | IpcEventChannel;
export type IpcChannelTable = Record<string, IpcChannel>;

/** Keeps each channel's literal types while checking the table's shape. */
export function defineIpcChannels<T extends IpcChannelTable>(table: T): T {
  return table;
}
