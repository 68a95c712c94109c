// The Team screen's rules: each admin's status as the owner reads it, and the order of the list.
import type { TeamMember } from '../../../shared/contract/admin-team-routes.js';

/** Shown on the screen: a role lives in the ID token, so a change reaches the admin on their next one. */
export const ROLE_CHANGE_NOTE =
  'Role changes take effect on the admin’s next token (within the hour, or when they sign in again). ' +
  'Revoke sessions to end their current ones at once.';

export function memberStatus(member: Pick<TeamMember, 'disabled' | 'role'>): string {
  if (member.disabled) return 'Disabled';
  if (member.role === null) return 'No known role';
  return 'Active';
}

/** Owners first, then by email (no email last), so the list reads the same every time. */
export function teamOrder(members: readonly TeamMember[]): TeamMember[] {
  const rank = (member: TeamMember) => (member.role === 'owner' ? 0 : 1);
  return [...members].sort(
    (a, b) =>
      rank(a) - rank(b) || (a.email ?? '\uffff').localeCompare(b.email ?? '\uffff') || a.uid.localeCompare(b.uid),
  );
}
