// The SecureStore of the installed app: values encrypted with Electron safeStorage (Keychain,
// DPAPI, libsecret/kwallet), ciphertext kept in electron-store. The rules (refuse `basic_text`,
// keep the session in memory then) live in core/encrypted-store.ts.
import { safeStorage } from 'electron';
import Store from 'electron-store';
import { openEncryptedStore } from './core/encrypted-store.js';
import type { SecureStore } from './core/secure-store.js';

/** Call after `app.whenReady()`: safeStorage only knows its backend then. */
export function openSecureStore(): Promise<SecureStore> {
  return openEncryptedStore(
    {
      backend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null),
      available: () => safeStorage.isAsyncEncryptionAvailable(),
      encrypt: (plainText) => safeStorage.encryptStringAsync(plainText),
      decrypt: (cipherText) => safeStorage.decryptStringAsync(cipherText),
    },
    () => {
      const store = new Store<Record<string, string>>({ name: 'secure-store' });
      return {
        get: (key) => store.get(key),
        set: (key, value) => store.set(key, value),
        delete: (key) => store.delete(key),
        keys: () => Object.keys(store.store),
      };
    },
  );
}
