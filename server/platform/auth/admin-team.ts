// The team's admin rights as the identity provider keeps them: the `admin` claim and the
// `adminRole` claim (admin-permissions.ts; absent = owner) on each account, its last sign-in, and
// its sessions. The Team routes (modules/accounts/team-admin.ts) work through this port; the
// Firebase adapter is firebase-team.ts.
import type { AdminRole } from '../../../shared/contract/admin-permissions.js';

export interface TeamAccount {
  uid: string;
  email: string | null;
  admin: boolean;
  /** The account's role when it is an admin (null: a claim no role has). */
  role: AdminRole | null;
  lastSignInAt: string | null;
  disabled: boolean;
}

export interface AdminTeamDirectory {
  /** Every account with the admin claim, at most `limit`. */
  admins(limit: number): Promise<TeamAccount[]>;
  account(uid: string): Promise<TeamAccount | null>;
  accountByEmail(email: string): Promise<TeamAccount | null>;
  /** Gives the account the admin claim with `role`, or (null) takes admin rights away; other claims stay. */
  setAdminRole(uid: string, role: AdminRole | null): Promise<void>;
  /** Ends every session: tokens issued before now are refused from now on. */
  revokeSessions(uid: string): Promise<void>;
}
