// The team (owner only): who has admin rights, with which role; granting them to an existing
// account by email, changing a role, removing the rights, revoking an admin's sessions. A role
// lives in the ID token's claims, so a change takes effect on the admin's next token; revoking
// ends the current ones at once. Spread into the admin route table.
import { z } from 'zod';
import type { RouteDef } from './route-def.js';
import { isoDate } from './entities.js';
import { ADMIN_ROLES } from './enums.js';
import { withoutControlCharacters } from './text.js';

/** Firebase uids are at most 128 characters. */
const byUid = z.strictObject({
  uid: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a uid'),
});
const role = z.enum(ADMIN_ROLES);
/** The most team members listed (admins, not users: a directory of a few dozen). */
export const TEAM_SIZE_MAX = 500;

export const TeamMember = z.object({
  uid: z.string().max(128),
  email: z.string().max(320).nullable(),
  /** null: an `adminRole` claim no role has (allowed nothing). */
  role: role.nullable(),
  lastSignInAt: isoDate.nullable(),
  disabled: z.boolean(),
});
export type TeamMember = z.output<typeof TeamMember>;

export const TeamGrantBody = z.strictObject({ email: withoutControlCharacters(z.email().max(320)), role });
export const TeamRoleBody = z.strictObject({ role });

export const adminTeamRoutes = {
  'team.list': {
    description: 'Lists every admin of the team with their role, last sign-in and status (owner only).',
    method: 'GET',
    path: '/admin/team',
    response: z.object({ items: z.array(TeamMember).max(TEAM_SIZE_MAX) }),
  },
  'team.grant': {
    description: 'Grants the admin claim and a role to an existing account, found by email (owner only).',
    method: 'POST',
    path: '/admin/team',
    body: TeamGrantBody,
    // No account has the email the body names.
    errors: [404],
    response: TeamMember,
  },
  'team.setRole': {
    description: "Changes a team member's role; it takes effect on their next ID token (owner only).",
    method: 'PATCH',
    path: '/admin/team/:uid',
    params: byUid,
    body: TeamRoleBody,
    response: TeamMember,
  },
  'team.remove': {
    description: "Removes a member's admin rights and revokes their sessions (owner only).",
    method: 'DELETE',
    path: '/admin/team/:uid',
    params: byUid,
    response: null,
  },
  'team.revokeSessions': {
    description: "Revokes a member's sessions: their current ID tokens answer 401 from then on (owner only).",
    method: 'POST',
    path: '/admin/team/:uid/revoke-sessions',
    params: byUid,
    response: null,
  },
} as const satisfies Record<string, RouteDef>;
