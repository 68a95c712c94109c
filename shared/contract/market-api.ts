// `window.market`: what the renderer may ask of the desktop app's main process. Preload
// (Electron) and the browser host's shim both build exactly this object from the IPC channel
// table (market-client.ts); the renderer never sees a token or ipcRenderer. Every method's
// arguments and answer are its channel's (ipc-table.ts) or its admin route's (admin-api.ts).
import type { AdminRouteInput, AdminRouteName, AdminRouteOutput } from './admin-api.js';
import type {
  AdminEvent,
  ApiResult,
  IpcEventName,
  IpcEventPayloadOf,
  OwnRequestInput,
  OwnRequestName,
  OwnRequestResult,
} from './ipc-table.js';
import type { AdminEventName } from './realtime-events.js';
import type { GroupedByRoute, PerRoute } from './route-map.js';

export type {
  AdminEvent,
  ApiFailure,
  ApiResult,
  ColorMode,
  ConnectionState,
  SignInResult,
  SystemNotice,
} from './ipc-table.js';

type Present<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };
/** The one argument of an admin call: `{params, query, body}`, each only where the route has it. */
export type AdminCallInput<N extends AdminRouteName> = Present<AdminRouteInput<N>>;
/**
 * The part of an `AbortSignal` an admin call uses. Spelled out because shared/ has neither DOM nor
 * Node types; the renderer's and main's AbortSignal fit it.
 */
export interface CallSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
/** What else an admin call may be given: the signal that aborts it (a search nobody will read). */
export interface AdminCallOptions {
  signal?: CallSignal | undefined;
}
/** An admin call's answer: the route's data, or the failure. */
export type AdminCallResult<N extends AdminRouteName> = ApiResult<AdminRouteOutput<N>>;
/** What a window passes to an admin call: its input (left out when the route needs none), then its options. */
export type AdminCallWindowArgs<N extends AdminRouteName> = keyof AdminCallInput<N> extends never
  ? [input?: AdminCallInput<N>, options?: AdminCallOptions]
  : [input: AdminCallInput<N>, options?: AdminCallOptions];
export type AdminCallOf<N extends AdminRouteName> = (...args: AdminCallWindowArgs<N>) => Promise<AdminCallResult<N>>;
/** Each admin route's method of `window.market.admin` (see PerRoute). */
export interface AdminCallPerRoute extends PerRoute {
  readonly value: AdminCallOf<this['route'] & AdminRouteName>;
}
/** `market.admin.users.list({query: {page: 1}})` and so on, one method per admin route. */
export type AdminApi = GroupedByRoute<AdminCallPerRoute>;

/** A window's call on one of the app's own channels: the channel's arguments and answer. */
type Invoke<N extends OwnRequestName> = (...args: OwnRequestInput<N>) => Promise<OwnRequestResult<N>>;
/** Listens to a main → window event channel until the returned function is called. */
type Listen<E extends IpcEventName> = (listener: (payload: IpcEventPayloadOf<E>) => void) => () => void;

export interface SessionApi {
  /** (email, password) */
  signIn: Invoke<'session.signIn'>;
  /** true when signed out; false when signing out failed. */
  signOut: Invoke<'session.signOut'>;
  /** The signed-in admin (restored after a restart), or null. */
  current: Invoke<'session.current'>;
  /** (password) Confirms it's the admin before a step-up action; the token stays in main. */
  reauthenticate: Invoke<'session.reauthenticate'>;
}

export interface EventsApi {
  /** Receive the named `/admin` events in this window until the returned function is called. */
  subscribe(names: readonly AdminEventName[], listener: (event: AdminEvent) => void): () => void;
  connectionState: Invoke<'events.connectionState'>;
  onConnectionState: Listen<'events.connectionState'>;
}

export interface WindowsApi {
  /** Open a route (e.g. `/dashboard/users?id=…`) in a window of its own. */
  open: Invoke<'windows.open'>;
  /** Called when the application menu switches the colour mode or routes this window. */
  onColorMode: Listen<'windows.colorMode'>;
  onNavigate: Listen<'windows.navigate'>;
  /** A system notification (Electron's in main, the Web Notification API in the browser host); a click opens `route`. */
  notify: Invoke<'windows.notify'>;
}

export interface ExportsApi {
  /**
   * (list, query, fileStem?): saves a table's (or the market series') CSV export (the OS save dialog
   * in the desktop app, a download in a browser), named `<fileStem or list>-<today>.csv`.
   */
  saveCsv: Invoke<'exports.saveCsv'>;
  /** The rows an export in this window has written so far. */
  onProgress: Listen<'exports.progress'>;
}

export interface MarketApi {
  session: SessionApi;
  admin: AdminApi;
  events: EventsApi;
  windows: WindowsApi;
  exports: ExportsApi;
}

declare global {
  /** Set by preload (Electron) or the browser host's shim; absent when the renderer runs outside both. */
  interface Window {
    market?: MarketApi;
  }
}
