// Where the desktop app keeps its secrets (refresh credential, access token). Main's Electron
// adapter encrypts with safeStorage (main/secure-store-electron.ts); tests and the browser host
// use the in-memory store.

export interface SecureStore {
  /** false when values live only in memory (e.g. Linux without a keyring): the session then ends with the app. */
  readonly persistent: boolean;
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

export class MemorySecureStore implements SecureStore {
  readonly persistent: boolean;
  private readonly values = new Map<string, string>();

  /** `persistent` only says what the store claims; a test sharing one instance simulates a restart. */
  constructor(persistent = true) {
    this.persistent = persistent;
  }

  async get(key: string): Promise<string | null> {
    return this.values.get(key) ?? null;
  }
  async set(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
  async keys(): Promise<string[]> {
    return [...this.values.keys()];
  }
}

/** Removes every stored secret (sign-out). */
export async function clearSecureStore(store: SecureStore): Promise<void> {
  for (const key of await store.keys()) await store.delete(key);
}
