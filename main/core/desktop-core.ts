// The main process's core, assembled: settings → identity (Firebase) → session → API client
// and realtime hub. Electron's main.ts and the browser host build exactly this.
import { createAdminApiClient } from './api-client.js';
import { createFirebaseIdentity } from './firebase-identity.js';
import type { IdentityProvider } from './identity.js';
import { RealtimeHub, type HubSocketFactory } from './realtime-hub.js';
import type { SecureStore } from './secure-store.js';
import { Session, type Logger } from './session.js';
import type { Settings } from './settings.js';
import type { DesktopCoreParts } from './ipc-handlers.js';

export interface DesktopCore extends DesktopCoreParts {
  settings: Settings;
  /** The whole API client: its calls, streamed answers and the HTTP client under them. */
  api: ReturnType<typeof createAdminApiClient>;
  /** Restores the stored session and connects the hub when it is an admin's. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface DesktopCoreOptions {
  settings: Settings;
  store: SecureStore;
  identity?: IdentityProvider;
  socketFactory?: HubSocketFactory;
  log?: Logger;
  refreshMs?: number;
}

export function createDesktopCore(options: DesktopCoreOptions): DesktopCore {
  const { settings, store, log } = options;
  const identity = options.identity ?? createFirebaseIdentity(settings.firebase, store);
  const session = new Session({
    identity,
    store,
    ...(log ? { log } : {}),
    ...(options.refreshMs ? { refreshMs: options.refreshMs } : {}),
  });
  const api = createAdminApiClient({ host: settings.apiHost, accessToken: () => session.accessToken() });
  const hub = new RealtimeHub({
    host: settings.apiHost,
    renewToken: () => session.refreshToken(),
    ...(options.socketFactory ? { socketFactory: options.socketFactory } : {}),
    ...(log ? { log } : {}),
  });
  const stopTokens = session.onToken((token) => hub.setToken(token));

  return {
    settings,
    session,
    api,
    hub,
    async start() {
      await session.restore();
    },
    async close() {
      stopTokens();
      session.dispose();
      hub.close();
      await identity.dispose();
    },
  };
}
