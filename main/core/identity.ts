// The identity provider as the session sees it: email + password sign-in, ID tokens and their
// claims. Firebase implements it (firebase-identity.ts); unit tests fake it at this edge.

export interface IdentityUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

/** An identity provider failure; `code` is the provider's, e.g. auth/wrong-password. */
export class IdentityError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'IdentityError';
    this.code = code;
  }
}

export interface IdentityProvider {
  /** Resolves once a session stored by a previous run has been restored (or found absent). */
  ready(): Promise<void>;
  currentUser(): IdentityUser | null;
  signIn(email: string, password: string): Promise<IdentityUser>;
  signOut(): Promise<void>;
  /**
   * Confirms the signed-in user's password again (step-up): afterwards the current ID token is a
   * new one whose sign-in time is now. Throws an IdentityError for a wrong password.
   */
  reauthenticate(password: string): Promise<void>;
  /** The current user's ID token; `forceRefresh` asks the provider for a new one. */
  idToken(forceRefresh?: boolean): Promise<string>;
  /** The claims of the current ID token. */
  claims(): Promise<Record<string, unknown>>;
  /** The project's password policy check; resolves to what the provider reports. */
  checkPasswordPolicy(password: string): Promise<unknown>;
  dispose(): Promise<void>;
}
