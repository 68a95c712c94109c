// One Socket.IO connection to `/admin` per session (ARCHITECTURE.md, "Realtime"): windows
// subscribe to the events they show, payloads are parsed with the shared event map, and the
// connection is re-made with the new ID token after every refresh. A token the server refuses
// is renewed and tried again with backoff: socket.io-client never retries a handshake its
// server refused, and a moderator must not sit on 'offline' until the hourly refresh because
// the identity service blinked once.
import { io, type Socket } from 'socket.io-client';
import { ADMIN_CONNECT_ERRORS, ADMIN_NAMESPACE, adminEvents } from '../../shared/contract/realtime-events.js';
import type { AdminEventName } from '../../shared/contract/realtime-events.js';
import type { AdminEvent, ConnectionState } from '../../shared/contract/market-api.js';
import type { Logger } from './session.js';

/** The part of a socket.io-client Socket the hub uses (tests fake it). */
export interface HubSocket {
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
}
export type HubSocketFactory = (url: string, auth: (cb: (data: { token: string }) => void) => void) => HubSocket;

export const socketIoFactory: HubSocketFactory = (url, auth) =>
  io(url, { auth, transports: ['websocket'], autoConnect: false, reconnectionDelayMax: 10_000 }) as Socket;

type Listener = (event: AdminEvent) => void;

export interface RealtimeHubOptions {
  /** The API host, e.g. http://127.0.0.1:4000 (Socket.IO shares its port). */
  host: string;
  socketFactory?: HubSocketFactory;
  log?: Logger;
  /** Gets a fresh ID token after the server refused one (the session's refresh, which calls
   * setToken itself); null when none could be had. Without it the same token is tried again. */
  renewToken?: () => Promise<string | null>;
}

/** First wait after a refused handshake; doubles on each refusal in a row up to the cap. */
export const REFUSED_RETRY_FIRST_MS = 1_000;
export const REFUSED_RETRY_MAX_MS = 30_000;

export class RealtimeHub {
  private readonly url: string;
  private readonly socketFactory: HubSocketFactory;
  private readonly log: Logger;
  private socket: HubSocket | null = null;
  private token: string | null = null;
  private current: ConnectionState = 'offline';
  private readonly subscriptions = new Map<number, { names: ReadonlySet<AdminEventName>; listener: Listener }>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private nextId = 1;
  private readonly renewToken: (() => Promise<string | null>) | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private refusalsInARow = 0;

  constructor(options: RealtimeHubOptions) {
    this.url = `${options.host.replace(/\/+$/, '')}${ADMIN_NAMESPACE}`;
    this.socketFactory = options.socketFactory ?? socketIoFactory;
    this.log = options.log ?? { error: (message, error) => console.error(message, error) };
    this.renewToken = options.renewToken;
  }

  get state(): ConnectionState {
    return this.current;
  }

  /** A new token (sign-in, refresh) connects or reconnects; null (sign-out) disconnects. */
  setToken(token: string | null): void {
    this.token = token;
    this.cancelRetry();
    if (token === null) {
      this.refusalsInARow = 0;
      this.socket?.disconnect();
      this.socket = null;
      this.setState('offline');
      return;
    }
    if (!this.socket) this.socket = this.createSocket();
    else {
      this.socket.disconnect();
      this.setState('reconnecting');
    }
    this.socket.connect();
  }

  subscribe(names: readonly AdminEventName[], listener: Listener): () => void {
    const id = this.nextId++;
    this.subscriptions.set(id, { names: new Set(names), listener });
    return () => void this.subscriptions.delete(id);
  }

  onState(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  }

  close(): void {
    this.setToken(null);
    this.subscriptions.clear();
    this.stateListeners.clear();
  }

  private createSocket(): HubSocket {
    const socket = this.socketFactory(this.url, (cb) => cb({ token: this.token ?? '' }));
    socket.on('connect', () => {
      this.refusalsInARow = 0;
      this.setState('connected');
    });
    socket.on('disconnect', ((reason: string) => {
      this.setState(reason === 'io client disconnect' ? 'offline' : 'reconnecting');
    }) as (...args: never[]) => void);
    socket.on('connect_error', ((error: Error) => {
      const refused =
        error.message === ADMIN_CONNECT_ERRORS.unauthorized || error.message === ADMIN_CONNECT_ERRORS.forbidden;
      if (refused) this.log.error(`Realtime connection refused: ${error.message}`);
      // 'forbidden' is final (no admin claim: the session signs out); an 'unauthorized' token
      // may only be stale, or the server could not reach the identity service to check it.
      if (error.message === ADMIN_CONNECT_ERRORS.unauthorized && this.token !== null) {
        this.setState('reconnecting');
        this.scheduleRetry();
        return;
      }
      this.setState(refused || !socket.active ? 'offline' : 'reconnecting');
    }) as (...args: never[]) => void);
    socket.onAny((event, payload) => this.deliver(event, payload));
    return socket;
  }

  private scheduleRetry(): void {
    this.cancelRetry();
    const delay = Math.min(REFUSED_RETRY_FIRST_MS * 2 ** this.refusalsInARow, REFUSED_RETRY_MAX_MS);
    this.refusalsInARow++;
    this.retryTimer = setTimeout(() => void this.retry(), delay);
    this.retryTimer.unref?.();
  }

  private async retry(): Promise<void> {
    this.retryTimer = null;
    if (this.token === null || !this.socket) return;
    if (!this.renewToken) {
      this.socket.connect();
      return;
    }
    const before = this.token;
    const renewed = await this.renewToken();
    if (this.token === null || this.retryTimer) return; // signed out, or already handled meanwhile
    if (renewed === null) this.scheduleRetry();
    // The session hands a renewed token to setToken, which reconnects; connect here only when
    // it did not (the same token came back).
    else if (this.token === before) this.socket.connect();
  }

  private cancelRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private deliver(event: string, payload: unknown): void {
    if (!Object.hasOwn(adminEvents, event)) return;
    const name = event as AdminEventName;
    const parsed = adminEvents[name].safeParse(payload);
    if (!parsed.success) {
      this.log.error(`Dropped a malformed ${name} event`, parsed.error);
      return;
    }
    const message = { name, payload: parsed.data } as AdminEvent;
    for (const { names, listener } of this.subscriptions.values()) {
      if (names.has(name)) listener(message);
    }
  }

  private setState(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.stateListeners) listener(state);
  }
}
