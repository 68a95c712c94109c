// The role × route matrix, derived from the admin route table: every route, called by every
// role, answers 403 exactly when the permission table (shared/contract/admin-permissions.ts)
// leaves the role out, and is let through to its own checks otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoutes, fillPath, type AdminRouteName } from '../../shared/contract/admin-api.js';
import {
  ADMIN_ROLES,
  ADMIN_ROUTE_ROLES,
  EXPORT_LIST_ROUTES,
  mayDo,
  mayUseRoute,
  type AdminRole,
} from '../../shared/contract/admin-permissions.js';
import type { ListName } from '../../shared/contract/list-query.js';
import { type AccountabilityApp, startAccountabilityApp } from './accountability-app.js';

const ROUTES = Object.keys(adminRoutes) as AdminRouteName[];
const ROLE_MESSAGE = /^Your admin role \((moderator|support|finance|unknown)\) does not allow this$/;

describe('scoped admin roles', () => {
  let t: AccountabilityApp;

  beforeAll(async () => {
    t = await startAccountabilityApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('names every route of the table for the scoped roles, and lets the owner do everything', () => {
    expect(Object.keys(ADMIN_ROUTE_ROLES).sort()).toEqual([...ROUTES].sort());
    for (const route of ROUTES) expect(mayUseRoute('owner', route)).toBe(true);
    for (const route of ROUTES) expect(mayUseRoute(null, route)).toBe(false);
  });

  it('follows the contract: moderators read users, support and finance do not moderate, only finance refunds', () => {
    expect(mayUseRoute('moderator', 'users.get')).toBe(true);
    expect(mayUseRoute('moderator', 'users.update')).toBe(false);
    expect(mayUseRoute('moderator', 'messages.delete')).toBe(true);
    expect(mayUseRoute('support', 'orders.get')).toBe(true);
    expect(mayUseRoute('support', 'orders.cancel')).toBe(false);
    expect(mayUseRoute('support', 'notes.create')).toBe(true);
    expect(mayUseRoute('finance', 'transactions.refund')).toBe(true);
    expect(mayUseRoute('finance', 'auditLog.list')).toBe(true);
    expect(mayUseRoute('finance', 'listings.delete')).toBe(false);
    expect(mayDo('moderator', 'refundOrder')).toBe(false);
    expect(mayDo('finance', 'refundOrder')).toBe(true);
  });

  // The owner (token-admin) and a claim no role has ('role-root') alongside the scoped roles.
  const callers = [
    ...ADMIN_ROLES.filter((role) => role !== 'owner').map((role) => ({ token: `role-${role}`, role })),
    { token: 'admin', role: 'owner' as const },
    { token: 'role-root', role: null },
  ];
  // An export is checked twice: the route for the role, then the exported table's own list route.
  const exportListFor = (role: AdminRole | null) =>
    (Object.keys(EXPORT_LIST_ROUTES) as ListName[]).find((list) => mayUseRoute(role, EXPORT_LIST_ROUTES[list])) ??
    'users';

  it('exports only the tables the role may list', async () => {
    for (const [token, role] of [
      ['role-finance', 'finance'],
      ['role-moderator', 'moderator'],
    ] as const) {
      for (const list of Object.keys(EXPORT_LIST_ROUTES) as ListName[]) {
        const answer = await t.call(token, 'GET', `/admin/export/${list}`, undefined);
        const forbidden = answer.status === 403 && ROLE_MESSAGE.test(String(answer.body.message));
        expect(forbidden, `${role} exporting ${list}`).toBe(!mayUseRoute(role, EXPORT_LIST_ROUTES[list]));
      }
    }
  });

  it.each(callers)('answers $token on every route as the table says', async ({ token, role }) => {
    const wrong: string[] = [];
    for (const name of ROUTES) {
      const route = adminRoutes[name];
      // An unknown id and an empty body: a permitted call stops at its own 400 or 404 (or lists).
      const answer = await t.call(
        token,
        route.method,
        fillPath(route.path, { id: 'no-such-id', uid: 'no-such-uid', list: exportListFor(role) }),
        'body' in route ? {} : undefined,
      );
      const forbidden = answer.status === 403 && ROLE_MESSAGE.test(String(answer.body.message));
      if (forbidden === mayUseRoute(role, name)) wrong.push(`${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
      if (!forbidden && answer.status >= 500) wrong.push(`${name}: ${answer.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
