import { describe, expect, it, vi } from 'vitest';
import type { SessionApi } from '../../shared/contract/market-api.js';
import { createSessionStore } from './session-store.js';

const admin = {
  uid: 'a1',
  email: 'admin@example.com',
  displayName: null,
  photoURL: null,
  isAdmin: true,
  adminRole: 'owner' as const,
};

function fakeSession(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    signIn: vi.fn(async () => ({ ok: true as const, user: admin })),
    signOut: vi.fn(async () => true),
    current: vi.fn(async () => null),
    reauthenticate: vi.fn(async () => ({ ok: true as const })),
    ...overrides,
  };
}

describe('sign-in store', () => {
  it('stores the user after a successful sign-in', async () => {
    const store = createSessionStore(() => fakeSession());
    await store.getState().signIn('admin@example.com', 'pw');
    expect(store.getState().user).toEqual(admin);
  });

  it('keeps no user when access is denied', async () => {
    const session = fakeSession({
      signIn: async () => ({ ok: false, reason: 'access-denied', message: 'no admin claim' }),
    });
    const store = createSessionStore(() => session);
    const result = await store.getState().signIn('u@example.com', 'pw');
    expect(result.ok).toBe(false);
    expect(store.getState().user).toBeUndefined();
  });

  it('logs and re-throws a sign-in failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createSessionStore(() => fakeSession({ signIn: async () => Promise.reject(new Error('down')) }));
    await expect(store.getState().signIn('a@b.c', 'pw')).rejects.toThrow('down');
    expect(error).toHaveBeenCalledWith('Error signing in', expect.any(Error));
    error.mockRestore();
  });

  it('is loading during sign-out, then clears the user and returns true', async () => {
    let release: (ok: boolean) => void = () => {};
    const store = createSessionStore(() =>
      fakeSession({ signOut: () => new Promise<boolean>((resolve) => (release = resolve)) }),
    );
    await store.getState().signIn('admin@example.com', 'pw');
    const signingOut = store.getState().signOut();
    expect(store.getState().loading).toBe(true);
    release(true);
    expect(await signingOut).toBe(true);
    expect(store.getState()).toMatchObject({ loading: false, user: undefined });
  });

  it('returns false and keeps the user when sign-out fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createSessionStore(() => fakeSession({ signOut: async () => Promise.reject(new Error('x')) }));
    await store.getState().signIn('admin@example.com', 'pw');
    expect(await store.getState().signOut()).toBe(false);
    expect(error).toHaveBeenCalledWith('Error signing out', expect.any(Error));
    expect(store.getState().user).toEqual(admin);
    error.mockRestore();
  });

  it('restores a stored admin session', async () => {
    const store = createSessionStore(() => fakeSession({ current: async () => admin }));
    await store.getState().restore();
    expect(store.getState()).toMatchObject({ restored: true, user: admin });
  });
});
