// A SecureStore that keeps only ciphertext on disk. The cipher and the disk are ports:
// Electron passes safeStorage and electron-store (main/secure-store-electron.ts), tests fakes.
import { MemorySecureStore, type SecureStore } from './secure-store.js';

export interface Cipher {
  /** Linux's safeStorage backend name; `basic_text` means a hard-coded key, i.e. no protection. */
  backend(): string | null;
  available(): Promise<boolean>;
  encrypt(plainText: string): Promise<Buffer>;
  decrypt(cipherText: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
}

export interface CiphertextDisk {
  get(key: string): unknown;
  set(key: string, value: string): void;
  delete(key: string): void;
  keys(): string[];
}

class EncryptedSecureStore implements SecureStore {
  readonly persistent = true;
  constructor(
    private readonly cipher: Cipher,
    private readonly disk: CiphertextDisk,
  ) {}

  async get(key: string): Promise<string | null> {
    const stored = this.disk.get(key);
    if (typeof stored !== 'string') return null;
    try {
      const { result, shouldReEncrypt } = await this.cipher.decrypt(Buffer.from(stored, 'base64'));
      if (shouldReEncrypt) await this.set(key, result);
      return result;
    } catch {
      // Unreadable (key rotated away, another OS user): forget it rather than fail every start.
      this.disk.delete(key);
      return null;
    }
  }
  async set(key: string, value: string): Promise<void> {
    this.disk.set(key, (await this.cipher.encrypt(value)).toString('base64'));
  }
  async delete(key: string): Promise<void> {
    this.disk.delete(key);
  }
  async keys(): Promise<string[]> {
    return this.disk.keys();
  }
}

/**
 * The encrypted store when the OS offers real protection; otherwise an in-memory store
 * (`persistent: false`): on Linux without a keyring the session ends with the app.
 */
export async function openEncryptedStore(
  cipher: Cipher,
  disk: () => CiphertextDisk,
  warn: (message: string) => void = console.warn,
): Promise<SecureStore> {
  if (cipher.backend() === 'basic_text' || !(await cipher.available())) {
    warn('No OS keyring for safeStorage: the session is kept in memory only and ends with the app.');
    return new MemorySecureStore(false);
  }
  return new EncryptedSecureStore(cipher, disk());
}
