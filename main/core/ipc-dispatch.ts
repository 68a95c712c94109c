// The checks every IPC call passes before reaching core, kept free of Electron so tests prove
// them: the sender must be one of our windows showing our own page (as GitHub Desktop's
// trusted-ipc-sender), the channel must be in the table and its args must parse with its zod
// schema. main/ipc.ts (Electron) and the browser bridge both call `dispatch`.
import type { AdminRouteName } from '../../shared/contract/admin-api.js';
import {
  ipcRequestChannels,
  type CallTag,
  type AdminChannelPrefix,
  type IpcRequestName,
  type OwnRequestArgs,
  type OwnRequestName,
  type OwnRequestResult,
} from '../../shared/contract/ipc-table.js';
import type { AdminCallInput, AdminCallResult } from '../../shared/contract/market-api.js';
import type { KeyedByRoute, PerRoute } from '../../shared/contract/route-map.js';

/** Who sent a call: `key` names the window (webContents id, or the browser page's client id). */
export interface IpcSender {
  key: string;
  /** The URL of the frame that sent it; null when unknown. */
  url: string | null;
  /** false for a sub-frame (an iframe is never trusted). */
  topFrame: boolean;
}

/** Main's answer to one of the app's own channels: its parsed args in, its declared result out. */
export type OwnHandlers = {
  [N in OwnRequestName]: (sender: IpcSender, args: OwnRequestArgs<N>) => Promise<OwnRequestResult<N>>;
};
/** An admin call's IPC arguments: its input, then its tag when the window may abort it. */
export type AdminCallIpcArgs<N extends AdminRouteName> = keyof AdminCallInput<N> extends never
  ? [input?: AdminCallInput<N>, tag?: CallTag]
  : [input: AdminCallInput<N>, tag?: CallTag];
/** Main's answer to `admin.<route>`: the route's input in, its ApiResult out. */
export type AdminHandler<N extends AdminRouteName> = (
  sender: IpcSender,
  args: AdminCallIpcArgs<N>,
) => Promise<AdminCallResult<N>>;
export interface AdminHandlerPerRoute extends PerRoute {
  readonly value: AdminHandler<this['route'] & AdminRouteName>;
}
/** One handler per request channel, each held to its channel's declared result type. */
export type IpcHandlers = OwnHandlers & KeyedByRoute<AdminHandlerPerRoute, AdminChannelPrefix>;
/**
 * What the dispatcher runs: handlers by channel name, whatever they answer. IpcHandlers (what
 * bindIpcHandlers builds) is such a table with every channel and each channel's types.
 */
export type IpcHandlerTable = Readonly<Record<string, (sender: IpcSender, args: never) => Promise<unknown>>>;

export class IpcRejected extends Error {
  readonly reason: 'untrusted-sender' | 'unknown-channel' | 'invalid-args';
  constructor(reason: IpcRejected['reason'], message: string) {
    super(message);
    this.name = 'IpcRejected';
    this.reason = reason;
  }
}

export interface TrustedPages {
  /** Is this one of the windows we opened? */
  isOurWindow(key: string): boolean;
  /** Origins our pages are served from (the Vite dev server, the browser host). */
  origins: readonly string[];
  /** The folder of the packaged renderer; pages loaded with file:// must be inside it. */
  rendererDir?: string | undefined;
}

function fileUrlInside(url: URL, dir: string): boolean {
  const root = new URL(`file://${dir.replace(/\\/g, '/').replace(/\/*$/, '/')}`);
  return (
    url.protocol === 'file:' &&
    url.host === '' &&
    decodeURIComponent(url.pathname).startsWith(decodeURIComponent(root.pathname))
  );
}

/** Our own page in one of our windows, top frame only. */
export function isTrustedSender(sender: IpcSender, pages: TrustedPages): boolean {
  if (!sender.topFrame || !sender.url || !pages.isOurWindow(sender.key)) return false;
  let url: URL;
  try {
    url = new URL(sender.url);
  } catch {
    return false;
  }
  if (url.protocol === 'file:') return pages.rendererDir !== undefined && fileUrlInside(url, pages.rendererDir);
  return (url.protocol === 'http:' || url.protocol === 'https:') && pages.origins.includes(url.origin);
}

export interface IpcDispatcher {
  dispatch(channel: string, sender: IpcSender, args: unknown): Promise<unknown>;
}

export function createIpcDispatcher(options: {
  handlers: IpcHandlerTable;
  isTrusted: (sender: IpcSender) => boolean;
  log?: (message: string) => void;
}): IpcDispatcher {
  const log = options.log ?? ((message: string) => console.warn(message));
  return {
    async dispatch(channel, sender, args) {
      if (!Object.hasOwn(ipcRequestChannels, channel)) {
        log(`IPC: unknown channel ${channel}`);
        throw new IpcRejected('unknown-channel', `Unknown channel ${channel}`);
      }
      if (!options.isTrusted(sender)) {
        log(`IPC: dropped ${channel} from an untrusted sender (${sender.url ?? 'no url'})`);
        throw new IpcRejected('untrusted-sender', `Untrusted sender for ${channel}`);
      }
      const name = channel as IpcRequestName;
      const parsed = ipcRequestChannels[name].args.safeParse(args);
      if (!parsed.success) {
        throw new IpcRejected('invalid-args', `Invalid arguments for ${channel}`);
      }
      const handler = options.handlers[name];
      if (!handler) throw new Error(`No handler for ${channel}`);
      // The args were just parsed with this channel's own schema: they are what its handler takes.
      return (handler as (sender: IpcSender, args: unknown) => Promise<unknown>)(sender, parsed.data);
    },
  };
}
