// Firebase Auth (JS SDK, Node build) as the IdentityProvider. The SDK's own persistence is
// replaced by one backed by the SecureStore, so the signed-in user (with its refresh token)
// survives a restart encrypted at rest, and nowhere else.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  EmailAuthProvider,
  getIdTokenResult,
  initializeAuth,
  inMemoryPersistence,
  reauthenticateWithCredential,
  signInWithEmailAndPassword,
  signOut,
  validatePassword,
  type Auth,
  type Persistence,
} from 'firebase/auth';
import { IdentityError, type IdentityProvider, type IdentityUser } from './identity.js';
import type { SecureStore } from './secure-store.js';
import type { Settings } from './settings.js';

/** The SecureStore key of the persisted Firebase user (its JSON carries the refresh token). */
export const FIREBASE_USER_KEY = 'firebaseUser';
const USER_KEY_PREFIX = 'firebase:authUser:';

type PersistenceValue = Record<string, unknown> | string;

/**
 * A Firebase `Persistence` (the SDK's internal PersistenceInternal shape) over a SecureStore.
 * Only the signed-in user is written to the store; the SDK's scratch keys stay in memory.
 * The SDK instantiates persistence classes itself (one instance per class), hence a class per store.
 */
export function secureStorePersistence(store: SecureStore): Persistence {
  class SecureStorePersistence {
    static type = 'LOCAL' as const;
    readonly type = 'LOCAL' as const;
    private readonly scratch = new Map<string, PersistenceValue>();

    async _isAvailable(): Promise<boolean> {
      return true;
    }
    async _set(key: string, value: PersistenceValue): Promise<void> {
      if (key.startsWith(USER_KEY_PREFIX)) await store.set(FIREBASE_USER_KEY, JSON.stringify(value));
      else this.scratch.set(key, value);
    }
    async _get(key: string): Promise<PersistenceValue | null> {
      if (!key.startsWith(USER_KEY_PREFIX)) return this.scratch.get(key) ?? null;
      const text = await store.get(FIREBASE_USER_KEY);
      if (text === null) return null;
      try {
        return JSON.parse(text) as PersistenceValue;
      } catch {
        return null;
      }
    }
    async _remove(key: string): Promise<void> {
      if (key.startsWith(USER_KEY_PREFIX)) await store.delete(FIREBASE_USER_KEY);
      else this.scratch.delete(key);
    }
    _addListener(): void {}
    _removeListener(): void {}
  }
  return SecureStorePersistence;
}

let appCounter = 0;

function toIdentityError(error: unknown): IdentityError {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new IdentityError(typeof code === 'string' ? code : 'unknown', message);
}

export function createFirebaseIdentity(config: Settings['firebase'], store: SecureStore): IdentityProvider {
  const app: FirebaseApp = initializeApp(
    { apiKey: config.apiKey, projectId: config.projectId, authDomain: config.authDomain },
    `market-admin-${process.pid}-${appCounter++}`,
  );
  const auth: Auth = initializeAuth(app, {
    persistence: store.persistent ? secureStorePersistence(store) : inMemoryPersistence,
  });
  let disposed = false;
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  const user = () => {
    const current = auth.currentUser;
    if (!current) throw new IdentityError('auth/no-current-user', 'Not signed in');
    return current;
  };
  const toUser = (u: NonNullable<Auth['currentUser']>): IdentityUser => ({
    uid: u.uid,
    email: u.email,
    displayName: u.displayName,
    photoURL: u.photoURL,
  });

  return {
    ready: () => auth.authStateReady(),
    currentUser: () => (auth.currentUser ? toUser(auth.currentUser) : null),
    async signIn(email, password) {
      try {
        return toUser((await signInWithEmailAndPassword(auth, email, password)).user);
      } catch (error) {
        throw toIdentityError(error);
      }
    },
    async signOut() {
      try {
        await signOut(auth);
      } catch (error) {
        throw toIdentityError(error);
      }
    },
    async reauthenticate(password) {
      const current = user();
      if (!current.email) throw new IdentityError('auth/no-email', 'This account has no email to confirm');
      try {
        // Updates the user's tokens in place: the next ID token carries the new auth_time.
        await reauthenticateWithCredential(current, EmailAuthProvider.credential(current.email, password));
      } catch (error) {
        throw toIdentityError(error);
      }
    },
    async idToken(forceRefresh = false) {
      try {
        return await user().getIdToken(forceRefresh);
      } catch (error) {
        throw toIdentityError(error);
      }
    },
    async claims() {
      return (await getIdTokenResult(user())).claims;
    },
    checkPasswordPolicy: (password) => validatePassword(auth, password),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await deleteApp(app);
    },
  };
}
