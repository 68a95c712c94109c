// The identity provider as the server needs it: verify an ID token, and keep the provider's
// account in step when an admin changes a user's email or deletes the user. Tests can pass a
// fake; the app and the integration suite use Firebase (or its emulator).
import type { AdminRole } from '../../../shared/contract/admin-permissions.js';
import type { AdminTeamDirectory } from './admin-team.js';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  /**
   * The token's `email_verified`: the provider checked that the caller owns `email`. Without it
   * the email is only a claim (anyone can sign up with anyone's address), so it never links the
   * identity to an existing marketplace user (users.ts).
   */
  emailVerified: boolean;
  /** The `admin` custom claim. */
  admin: boolean;
  /**
   * The `adminRole` custom claim as a role (admin-permissions.ts): absent means the owner, null
   * a value no role has (allowed nothing).
   */
  adminRole?: AdminRole | null | undefined;
  /**
   * When the caller last signed in with a password (the token's `auth_time`), epoch seconds; a
   * refreshed token keeps it. The Firebase adapter always sets it; a test double without it is
   * a fresh sign-in.
   */
  authTime?: number | undefined;
}

export interface IdentityProvider {
  /**
   * Resolves the token's identity; rejects when it is malformed, expired or revoked, and with
   * `IdentityUnavailableError` when the provider cannot be asked (503, not 401).
   */
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
  updateEmail(uid: string, email: string): Promise<void>;
  disableAccount(uid: string): Promise<void>;
  /** Drops what this node remembers of the account's sessions (revoked or changed on another node). */
  forgetSessions?(uid: string): void;
  /** The team's admin rights (the Team routes); absent, they answer 503. */
  team?: AdminTeamDirectory;
  /**
   * Another account by uid (null when there is none): the review queue assigns a case only to an
   * admin whose role may work cases. Optional: a provider without it assigns to nobody else.
   */
  accountOf?(uid: string): Promise<Omit<VerifiedIdentity, 'emailVerified'> | null>;
}

/** The provider could not be reached or did not answer in time: 503 `identityUnavailable`. */
export class IdentityUnavailableError extends Error {
  constructor(reason: string) {
    super(`The identity provider is unavailable: ${reason}`);
    this.name = 'IdentityUnavailableError';
  }
}
