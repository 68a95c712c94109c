// The session's rules with the identity provider faked at the edge.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityError } from './identity.js';
import { MemorySecureStore } from './secure-store.js';
import { ACCESS_DENIED_MESSAGE, ACCESS_TOKEN_KEY, ACCESS_TOKEN_REFRESH_MS, Session } from './session.js';
import { FakeIdentity, silentLog } from '../../tests/desktop/fakes.js';

function setup() {
  const identity = new FakeIdentity();
  identity.addAccount('admin@market.test', 'admin-demo-pass', { admin: true });
  identity.addAccount('buyer@market.test', 'buyer-demo-pass', {});
  const store = new MemorySecureStore();
  const { lines, log } = silentLog();
  const session = new Session({ identity, store, log });
  return { identity, store, session, lines };
}

afterEach(() => vi.useRealTimers());

describe('Session', () => {
  it('signs an admin in, reads the admin claim and saves the ID token as accessToken', async () => {
    const { session, store } = setup();
    const result = await session.signIn('admin@market.test', 'admin-demo-pass');
    expect(result).toEqual({
      ok: true,
      user: {
        uid: 'uid-admin@market.test',
        email: 'admin@market.test',
        displayName: null,
        photoURL: null,
        isAdmin: true,
        // No adminRole claim: the owner, who may do everything.
        adminRole: 'owner',
      },
    });
    expect(await store.get(ACCESS_TOKEN_KEY)).toBe('token-uid-admin@market.test-1');
    expect((await session.current())?.email).toBe('admin@market.test');
  });

  it('signs a non-admin straight out again and reports access denied', async () => {
    const { session, identity, store } = setup();
    const result = await session.signIn('buyer@market.test', 'buyer-demo-pass');
    expect(result).toEqual({ ok: false, reason: 'access-denied', message: ACCESS_DENIED_MESSAGE });
    expect(identity.signedIn).toBeNull();
    expect(await session.current()).toBeNull();
    expect(await store.keys()).toEqual([]);
  });

  it('reports a wrong password as invalid credentials and logs "Error signing in"', async () => {
    const { session, lines } = setup();
    const result = await session.signIn('admin@market.test', 'nope');
    expect(result).toMatchObject({ ok: false, reason: 'invalid-credentials', code: 'auth/invalid-credential' });
    expect(lines).toContain('Error signing in');
  });

  it('runs the password-policy check on auth/password-does-not-meet-requirements, then reports the error', async () => {
    const { session, identity } = setup();
    identity.signInError = new IdentityError('auth/password-does-not-meet-requirements', 'weak');
    const result = await session.signIn('admin@market.test', 'short');
    expect(identity.policyChecks).toEqual(['short']);
    expect(result).toEqual({
      ok: false,
      reason: 'error',
      message: 'weak',
      code: 'auth/password-does-not-meet-requirements',
    });
  });

  it('sign-out clears every stored token and returns true', async () => {
    const { session, store } = setup();
    await session.signIn('admin@market.test', 'admin-demo-pass');
    await store.set('somethingElse', 'secret');
    expect(await session.signOut()).toBe(true);
    expect(await store.keys()).toEqual([]);
    expect(await session.current()).toBeNull();
    expect(await session.accessToken()).toBeNull();
  });

  it('a failed sign-out returns false and logs "Error signing out"', async () => {
    const { session, identity, lines } = setup();
    await session.signIn('admin@market.test', 'admin-demo-pass');
    identity.signOutError = new Error('offline');
    expect(await session.signOut()).toBe(false);
    expect(lines).toContain('Error signing out');
  });

  it('gives each request a fresh ID token and refreshes it every 3,540,000 ms', async () => {
    vi.useFakeTimers();
    const { session, store } = setup();
    const tokens: (string | null)[] = [];
    session.onToken((token) => tokens.push(token));
    await session.signIn('admin@market.test', 'admin-demo-pass');
    expect(await session.accessToken()).toBe('token-uid-admin@market.test-1');
    await vi.advanceTimersByTimeAsync(ACCESS_TOKEN_REFRESH_MS - 1);
    expect(tokens).toEqual(['token-uid-admin@market.test-1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(tokens).toEqual(['token-uid-admin@market.test-1', 'token-uid-admin@market.test-2']);
    expect(await store.get(ACCESS_TOKEN_KEY)).toBe('token-uid-admin@market.test-2');
    session.dispose();
  });

  it('restores a stored admin session after a restart and drops a non-admin one', async () => {
    const { identity, store } = setup();
    identity.signedIn = identity.accounts.get('admin@market.test')!;
    const restarted = new Session({ identity, store, log: silentLog().log });
    expect((await restarted.current())?.isAdmin).toBe(true);
    restarted.dispose();

    identity.signedIn = identity.accounts.get('buyer@market.test')!;
    const again = new Session({ identity, store, log: silentLog().log });
    expect(await again.current()).toBeNull();
    expect(identity.signedIn).toBeNull();
  });

  describe('reauthenticate (step-up)', () => {
    it('confirms the password, saves the fresh token and hands it to listeners', async () => {
      const { session, identity, store } = setup();
      await session.signIn('admin@market.test', 'admin-demo-pass');
      const tokens: (string | null)[] = [];
      session.onToken((token) => tokens.push(token));
      expect(await session.reauthenticate('admin-demo-pass')).toEqual({ ok: true });
      expect(identity.reauthentications).toBe(1);
      expect(tokens).toEqual(['token-uid-admin@market.test-2']);
      expect(await store.get(ACCESS_TOKEN_KEY)).toBe('token-uid-admin@market.test-2');
      expect(await session.accessToken()).toBe('token-uid-admin@market.test-2');
    });

    it('a wrong password keeps the session as it was', async () => {
      const { session, identity, lines } = setup();
      await session.signIn('admin@market.test', 'admin-demo-pass');
      expect(await session.reauthenticate('nope')).toMatchObject({ ok: false, reason: 'invalid-credentials' });
      expect(identity.signedIn?.user.email).toBe('admin@market.test');
      expect((await session.current())?.email).toBe('admin@market.test');
      expect(lines).toContain('Error confirming the password');
    });

    it('says signed out when there is no session to confirm', async () => {
      const { session } = setup();
      expect(await session.reauthenticate('admin-demo-pass')).toMatchObject({ ok: false, reason: 'signed-out' });
    });
  });
});
