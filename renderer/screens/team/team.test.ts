import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../../shared/contract/admin-team-routes.js';
import { memberStatus, teamOrder } from './team.js';

const member = (uid: string, email: string | null, role: TeamMember['role'], disabled = false): TeamMember => ({
  uid,
  email,
  role,
  lastSignInAt: null,
  disabled,
});

describe('team', () => {
  it.each([
    [{ disabled: false, role: 'support' as const }, 'Active'],
    [{ disabled: true, role: 'support' as const }, 'Disabled'],
    [{ disabled: false, role: null }, 'No known role'],
  ])('status of %j', (m, expected) => {
    expect(memberStatus(m)).toBe(expected);
  });

  it('lists owners first, then by email, the ones without email last', () => {
    const ordered = teamOrder([
      member('u3', null, 'finance'),
      member('u2', 'bob@market.test', 'support'),
      member('u1', 'zed@market.test', 'owner'),
      member('u4', 'ann@market.test', 'moderator'),
    ]);
    expect(ordered.map((m) => m.uid)).toEqual(['u1', 'u4', 'u2', 'u3']);
  });
});
