// `window.market`: what the renderer may ask of the desktop app's main process. Preload
// (Electron) and the browser host's shim both build exactly this object from the IPC channel
// table; the renderer never sees a token or ipcRenderer.
import type { AdminRouteInput, AdminRouteName, AdminRouteOutput } from './admin-api.js';
import type { SignedInAdmin } from './entities.js';
import type { AdminEventName, AdminEventPayload } from './realtime-events.js';
import type { ExportQuery } from './admin-export-routes.js';
import type { ExportOutcome } from './ipc-workbench-channels.js';
import type { ListName } from './list-query.js';

/** A failed call, as the UI turns it into a toast. `message` is the server's message when it sent one. */
export interface ApiFailure {
  /** HTTP status; 0 when the server was not reached (offline, time-out). */
  status: number;
  message: string;
  /** 'timeout' | 'network' | 'invalid-response' | an HTTP reason such as 'Conflict'. */
  code: string;
}
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

type Present<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };
/** The one argument of an admin call: `{params, query, body}`, each only where the route has it. */
export type AdminCallInput<N extends AdminRouteName> = Present<AdminRouteInput<N>>;

type GroupOf<N> = N extends `${infer G}.${string}` ? G : never;
type CallsOf<G extends string> = {
  [N in AdminRouteName as N extends `${G}.${infer M}` ? M : never]: keyof AdminCallInput<N> extends never
    ? (input?: AdminCallInput<N>) => Promise<ApiResult<AdminRouteOutput<N>>>
    : (input: AdminCallInput<N>) => Promise<ApiResult<AdminRouteOutput<N>>>;
};
/** `market.admin.users.list({query: {page: 1}})` and so on, one method per admin route. */
export type AdminApi = { [G in GroupOf<AdminRouteName>]: CallsOf<G> };

export type SignInResult =
  | { ok: true; user: SignedInAdmin }
  | {
      ok: false;
      /** access-denied: signed in but no admin claim (already signed out again). */
      reason: 'access-denied' | 'invalid-credentials' | 'error';
      message: string;
      /** The identity provider's code, e.g. auth/wrong-password. */
      code?: string;
    };

export interface SessionApi {
  signIn(email: string, password: string): Promise<SignInResult>;
  /** true when signed out; false when signing out failed. */
  signOut(): Promise<boolean>;
  /** The signed-in admin (restored after a restart), or null. */
  current(): Promise<SignedInAdmin | null>;
}

export type ConnectionState = 'connected' | 'reconnecting' | 'offline';

export type AdminEvent = { [E in AdminEventName]: { name: E; payload: AdminEventPayload<E> } }[AdminEventName];

export interface EventsApi {
  /** Receive the named `/admin` events in this window until the returned function is called. */
  subscribe(names: readonly AdminEventName[], listener: (event: AdminEvent) => void): () => void;
  connectionState(): Promise<ConnectionState>;
  onConnectionState(listener: (state: ConnectionState) => void): () => void;
}

export type ColorMode = 'dark' | 'light';

export interface WindowsApi {
  /** Open a route (e.g. `/dashboard/users?id=…`) in a window of its own. */
  open(route: string): Promise<void>;
  /** Called when the application menu switches the colour mode or routes this window. */
  onColorMode(listener: (mode: ColorMode) => void): () => void;
  onNavigate(listener: (route: string) => void): () => void;
  /** A system notification (Electron's in main, the Web Notification API in the browser host); a click opens `route`. */
  notify(notice: { title: string; body: string; route: string }): Promise<void>;
}

export interface ExportsApi {
  /** Saves a table's CSV export (the OS save dialog in the desktop app, a download in a browser). */
  saveCsv(list: ListName, query: ExportQuery): Promise<ExportOutcome>;
  /** The rows an export in this window has written so far. */
  onProgress(listener: (progress: { list: ListName; rows: number }) => void): () => void;
}

export interface MarketApi {
  session: SessionApi;
  admin: AdminApi;
  events: EventsApi;
  windows: WindowsApi;
  exports: ExportsApi;
}
