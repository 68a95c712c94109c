// One entry per admin route: every route once, under its channel name or its group and method,
// and the types each side sees are the route's own.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { adminRoutes } from './admin-api.js';
import { ipcRequestChannels } from './ipc-table.js';
import type { AdminCallInput, AdminCallOptions, AdminCallResult, MarketApi } from './market-api.js';
import { groupedByRoute, keyedByRoute, type PerRoute } from './route-map.js';

interface NamePerRoute extends PerRoute {
  readonly value: this['route'];
}
const routeNames = Object.keys(adminRoutes);

describe('route map', () => {
  it('keys every route once under its prefix', () => {
    const keyed = keyedByRoute<NamePerRoute, 'admin.'>('admin.', (name) => name);
    expect(Object.keys(keyed)).toEqual(routeNames.map((name) => `admin.${name}`));
    expect(keyed['admin.users.list']).toBe('users.list');
  });

  it('groups every route once by the part before its dot', () => {
    const grouped = groupedByRoute<NamePerRoute>((name) => name);
    expect(
      Object.entries(grouped).flatMap(([group, methods]) => Object.keys(methods).map((m) => `${group}.${m}`)),
    ).toEqual(expect.arrayContaining(routeNames));
    expect(Object.values(grouped).flatMap((methods) => Object.keys(methods))).toHaveLength(routeNames.length);
    expect(grouped.reviewCases.counts).toBe('reviewCases.counts');
  });

  it('gives the IPC channel table one channel per admin route', () => {
    const adminChannels = Object.keys(ipcRequestChannels).filter((name) => name.startsWith('admin.'));
    expect(adminChannels.sort()).toEqual(routeNames.map((name) => `admin.${name}`).sort());
  });

  it("types window.market.admin by each route's input and answer", () => {
    type Admin = MarketApi['admin'];
    expectTypeOf<Parameters<Admin['users']['list']>>().toEqualTypeOf<
      [input: AdminCallInput<'users.list'>, options?: AdminCallOptions]
    >();
    expectTypeOf<Parameters<Admin['statistics']['get']>>().toEqualTypeOf<
      [input?: AdminCallInput<'statistics.get'>, options?: AdminCallOptions]
    >();
    expectTypeOf<ReturnType<Admin['reviewCases']['counts']>>().toEqualTypeOf<
      Promise<AdminCallResult<'reviewCases.counts'>>
    >();
  });
});
