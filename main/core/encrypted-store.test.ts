// The safeStorage-backed SecureStore's rules, with the cipher and the disk faked.
import { describe, expect, it } from 'vitest';
import { openEncryptedStore, type Cipher, type CiphertextDisk } from './encrypted-store.js';

function fakeCipher(backend: string | null, available = true): Cipher {
  return {
    backend: () => backend,
    available: async () => available,
    encrypt: async (text) => Buffer.from(`enc:${text}`),
    decrypt: async (data) => {
      const text = data.toString();
      if (!text.startsWith('enc:')) throw new Error('cannot decrypt');
      return { result: text.slice(4), shouldReEncrypt: false };
    },
  };
}
function fakeDisk() {
  const values = new Map<string, string>();
  const disk: CiphertextDisk = {
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
    keys: () => [...values.keys()],
  };
  return { disk, values };
}
const quiet = () => {};

describe('encrypted SecureStore', () => {
  it('writes only ciphertext to disk and reads it back', async () => {
    const { disk, values } = fakeDisk();
    const store = await openEncryptedStore(fakeCipher('gnome_libsecret'), () => disk, quiet);
    await store.set('accessToken', 'secret-token');
    expect(store.persistent).toBe(true);
    expect(values.get('accessToken')).toBe(Buffer.from('enc:secret-token').toString('base64'));
    expect([...values.values()].join()).not.toContain('secret-token');
    expect(await store.get('accessToken')).toBe('secret-token');
    await store.delete('accessToken');
    expect(await store.keys()).toEqual([]);
  });

  it.each([
    ['the basic_text backend (Linux without a keyring)', fakeCipher('basic_text')],
    ['no encryption at all', fakeCipher(null, false)],
  ])('refuses to persist with %s and keeps the session in memory', async (_, cipher) => {
    const { disk, values } = fakeDisk();
    const warnings: string[] = [];
    const store = await openEncryptedStore(
      cipher,
      () => disk,
      (m) => void warnings.push(m),
    );
    await store.set('firebaseUser', '{"refreshToken":"r"}');
    expect(store.persistent).toBe(false);
    expect(values.size).toBe(0);
    expect(await store.get('firebaseUser')).toBe('{"refreshToken":"r"}');
    expect(warnings).toHaveLength(1);
  });

  it('forgets a value it can no longer decrypt', async () => {
    const { disk, values } = fakeDisk();
    values.set('accessToken', Buffer.from('garbage').toString('base64'));
    const store = await openEncryptedStore(fakeCipher(null), () => disk, quiet);
    expect(await store.get('accessToken')).toBeNull();
    expect(values.has('accessToken')).toBe(false);
  });
});
