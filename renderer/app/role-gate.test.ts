import { describe, expect, it } from 'vitest';
import { screenRefusal } from './role-gate.js';

describe('screenRefusal', () => {
  it.each([
    ['finance', 'openUsers', 'Users', 'Your role, finance, cannot open Users'],
    ['support', 'openUsers', 'Users', null],
    ['owner', 'openAuditLog', 'Audit log', null],
    ['moderator', 'openAuditLog', 'Audit log', 'Your role, moderator, cannot open Audit log'],
    ['support', 'openTeam', 'Team', 'Your role, support, cannot open Team'],
    [null, 'openRatings', 'Ratings', 'Your account has no admin role that can open Ratings'],
  ] as const)('%s opening %s', (role, action, screen, expected) => {
    expect(screenRefusal(role, action, screen)).toBe(expected);
  });
});
