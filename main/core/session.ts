// The admin's session: email + password sign-in, the admin claim
// gate, a fresh ID token per request saved as `accessToken`, a refresh every 59 minutes and
// sign-out that forgets every stored token.
import { adminRoleOf } from '../../shared/contract/admin-permissions.js';
import type { SignedInAdmin } from '../../shared/contract/entities.js';
import type { ReauthenticateResult } from '../../shared/contract/ipc-table.js';
import type { SignInResult } from '../../shared/contract/market-api.js';
import { IdentityError, type IdentityProvider, type IdentityUser } from './identity.js';
import { clearSecureStore, type SecureStore } from './secure-store.js';

/** The ID token is refreshed this often: a minute before its hour is up. */
export const ACCESS_TOKEN_REFRESH_MS = 3_540_000;
/** Where the fresh ID token is saved. */
export const ACCESS_TOKEN_KEY = 'accessToken';

export interface Logger {
  error(message: string, error?: unknown): void;
}

export const ACCESS_DENIED_MESSAGE = 'You are not an admin. Access denied.';
export const SIGN_IN_FAILED_MESSAGE = 'Something went wrong, please try again later.';
const INVALID_CREDENTIAL_CODES = new Set([
  'auth/invalid-credential',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/user-disabled',
  'auth/invalid-login-credentials',
]);
const PASSWORD_POLICY_CODE = 'auth/password-does-not-meet-requirements';

export interface SessionOptions {
  identity: IdentityProvider;
  store: SecureStore;
  log?: Logger;
  refreshMs?: number;
}

type TokenListener = (token: string | null) => void;

export class Session {
  private readonly identity: IdentityProvider;
  private readonly store: SecureStore;
  private readonly log: Logger;
  private readonly refreshMs: number;
  private admin: SignedInAdmin | null = null;
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private readonly tokenListeners = new Set<TokenListener>();
  private restored: Promise<SignedInAdmin | null> | null = null;

  constructor(options: SessionOptions) {
    this.identity = options.identity;
    this.store = options.store;
    this.log = options.log ?? { error: (message, error) => console.error(message, error) };
    this.refreshMs = options.refreshMs ?? ACCESS_TOKEN_REFRESH_MS;
  }

  /** Restores the session a previous run stored (once); non-admins found there are signed out. */
  restore(): Promise<SignedInAdmin | null> {
    this.restored ??= (async () => {
      await this.identity.ready();
      const user = this.identity.currentUser();
      if (!user) return null;
      try {
        return await this.admitIfAdmin(user);
      } catch (error) {
        this.log.error('Error restoring the session', error);
        return null;
      }
    })();
    return this.restored;
  }

  async signIn(email: string, password: string): Promise<SignInResult> {
    await this.restore();
    try {
      const user = await this.identity.signIn(email, password);
      const admin = await this.admitIfAdmin(user);
      if (!admin) return { ok: false, reason: 'access-denied', message: ACCESS_DENIED_MESSAGE };
      return { ok: true, user: admin };
    } catch (error) {
      this.log.error('Error signing in', error);
      const code = error instanceof IdentityError ? error.code : undefined;
      if (code === PASSWORD_POLICY_CODE) {
        // Section 5: run the password-policy check, then report the original error.
        try {
          await this.identity.checkPasswordPolicy(password);
        } catch (policyError) {
          this.log.error('Error checking the password policy', policyError);
        }
      }
      const message = error instanceof Error ? error.message : SIGN_IN_FAILED_MESSAGE;
      const reason = code && INVALID_CREDENTIAL_CODES.has(code) ? 'invalid-credentials' : 'error';
      return code ? { ok: false, reason, message, code } : { ok: false, reason, message };
    }
  }

  /**
   * Step-up: confirms the signed-in admin's password again, so the next ID token has a fresh
   * sign-in time (the API asks for one before refunds, bans and deletions). The new token is
   * saved and handed to listeners (the realtime socket) like a refresh; it never leaves main.
   */
  async reauthenticate(password: string): Promise<ReauthenticateResult> {
    await this.restore();
    if (!this.admin || !this.identity.currentUser()) {
      return { ok: false, reason: 'signed-out', message: 'You are signed out. Sign in again.' };
    }
    try {
      await this.identity.reauthenticate(password);
      const token = await this.identity.idToken();
      await this.store.set(ACCESS_TOKEN_KEY, token);
      this.emitToken(token);
      return { ok: true };
    } catch (error) {
      this.log.error('Error confirming the password', error);
      const code = error instanceof IdentityError ? error.code : undefined;
      if (code && INVALID_CREDENTIAL_CODES.has(code)) {
        return { ok: false, reason: 'invalid-credentials', message: 'That password is not right.' };
      }
      return { ok: false, reason: 'error', message: error instanceof Error ? error.message : SIGN_IN_FAILED_MESSAGE };
    }
  }

  /** true when signed out and every stored token forgotten; false when signing out failed. */
  async signOut(): Promise<boolean> {
    try {
      await this.identity.signOut();
      await this.forget();
      return true;
    } catch (error) {
      this.log.error('Error signing out', error);
      return false;
    }
  }

  async current(): Promise<SignedInAdmin | null> {
    await this.restore();
    return this.admin;
  }

  /**
   * The bearer token for one request: a fresh ID token when signed in (saved as `accessToken`),
   * otherwise the stored one, if any.
   */
  async accessToken(): Promise<string | null> {
    await this.restore();
    if (this.admin && this.identity.currentUser()) {
      const token = await this.identity.idToken();
      await this.store.set(ACCESS_TOKEN_KEY, token);
      return token;
    }
    return this.store.get(ACCESS_TOKEN_KEY);
  }

  /** Forces a new ID token now (the 59-minute timer calls this) and tells listeners. */
  async refreshToken(): Promise<string | null> {
    if (!this.admin) return null;
    try {
      const token = await this.identity.idToken(true);
      await this.store.set(ACCESS_TOKEN_KEY, token);
      this.emitToken(token);
      return token;
    } catch (error) {
      this.log.error('Error refreshing the access token', error);
      return null;
    }
  }

  /** Called with each new token after sign-in or refresh, and with null after sign-out. */
  onToken(listener: TokenListener): () => void {
    this.tokenListeners.add(listener);
    return () => this.tokenListeners.delete(listener);
  }

  /** Stops the refresh timer (app quit); the stored session stays for the next start. */
  dispose(): void {
    this.stopRefresh();
    this.tokenListeners.clear();
  }

  private async admitIfAdmin(user: IdentityUser): Promise<SignedInAdmin | null> {
    const claims = await this.identity.claims();
    if (claims.admin !== true) {
      await this.identity.signOut();
      await this.forget();
      return null;
    }
    this.admin = { ...user, isAdmin: true, adminRole: adminRoleOf(claims.adminRole) };
    const token = await this.identity.idToken();
    await this.store.set(ACCESS_TOKEN_KEY, token);
    this.startRefresh();
    this.emitToken(token);
    return this.admin;
  }

  private async forget(): Promise<void> {
    this.stopRefresh();
    this.admin = null;
    await clearSecureStore(this.store);
    this.emitToken(null);
  }

  private startRefresh(): void {
    this.stopRefresh();
    this.refreshTimer = setInterval(() => void this.refreshToken(), this.refreshMs);
    this.refreshTimer.unref?.();
  }

  private stopRefresh(): void {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
  }

  private emitToken(token: string | null): void {
    for (const listener of this.tokenListeners) listener(token);
  }
}
