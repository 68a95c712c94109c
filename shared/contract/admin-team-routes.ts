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
    method: 'GET',
    path: '/admin/team',
    response: z.object({ items: z.array(TeamMember).max(TEAM_SIZE_MAX) }),
  },
  'team.grant': { method: 'POST', path: '/admin/team', body: TeamGrantBody, response: TeamMember },
  'team.setRole': {
    method: 'PATCH',
    path: '/admin/team/:uid',
    params: byUid,
    body: TeamRoleBody,
    response: TeamMember,
  },
  'team.remove': { method: 'DELETE', path: '/admin/team/:uid', params: byUid, response: null },
  'team.revokeSessions': {
    method: 'POST',
    path: '/admin/team/:uid/revoke-sessions',
    params: byUid,
    response: null,
  },
} as const satisfies Record<string, RouteDef>;
