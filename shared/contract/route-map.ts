// One entry per admin route, built from the route table: the IPC channel table (`admin.<route>`),
// main's handlers for those channels and `window.market.admin.<group>.<method>` are all made here,
// so a route added to the table reaches every side without code of its own.
import { adminRoutes, type AdminRouteName, type AdminRoutes } from './admin-api.js';

/**
 * The type of one route's value, as a function of the route's name: extend it and declare
 * `value` in terms of `this['route']`, e.g.
 *   interface AdminCallPerRoute extends PerRoute { readonly value: AdminCallOf<this['route'] & AdminRouteName> }
 * (TypeScript has no type-level functions to pass around; this is the usual stand-in for one.)
 */
export interface PerRoute {
  readonly route: unknown;
  readonly value: unknown;
}
/** The value `F` gives route `N`. */
export type ValueOf<F extends PerRoute, N extends AdminRouteName> = (F & { readonly route: N })['value'];

/** `{ 'admin.users.list': value of users.list, … }` for the prefix `admin.`. */
export type KeyedByRoute<F extends PerRoute, P extends string> = {
  [N in AdminRouteName as `${P}${N}`]: ValueOf<F, N>;
};

/** The part of a route name before its dot: `users` for `users.list`. */
export type RouteGroup<N extends string> = N extends `${infer G}.${string}` ? G : never;

/** `{ users: { list: value of users.list, … }, … }`: the routes by group, then by method. */
export type GroupedByRoute<F extends PerRoute> = {
  [G in RouteGroup<AdminRouteName>]: {
    [N in AdminRouteName as N extends `${G}.${infer M}` ? M : never]: ValueOf<F, N>;
  };
};

/** Builds each route's value; the compiler checks it is `F`'s value for every route `N`. */
export type EachRoute<F extends PerRoute> = <N extends AdminRouteName>(name: N, route: AdminRoutes[N]) => ValueOf<F, N>;

const routeNames = Object.keys(adminRoutes) as AdminRouteName[];

/**
 * TypeScript types an object filled from a loop (or Object.fromEntries) as a plain string record:
 * it cannot see that a loop over every route name fills exactly the keys a mapped type over the
 * same names declares. That, and only that, is asserted here, for the two builders below; every
 * value in it was checked against its route's type by `EachRoute`.
 */
function asRouteTable<T>(built: Record<string, unknown>): T {
  return built as T;
}

/** One entry per route, keyed `${prefix}${name}` (the IPC channel table, main's handlers). */
export function keyedByRoute<F extends PerRoute, P extends string>(prefix: P, each: EachRoute<F>): KeyedByRoute<F, P> {
  return asRouteTable(
    Object.fromEntries(routeNames.map((name) => [`${prefix}${name}`, each(name, adminRoutes[name])])),
  );
}

/** One entry per route, grouped as `group.method` (`window.market.admin`). */
export function groupedByRoute<F extends PerRoute>(each: EachRoute<F>): GroupedByRoute<F> {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const name of routeNames) {
    const dot = name.indexOf('.');
    (groups[name.slice(0, dot)] ??= {})[name.slice(dot + 1)] = each(name, adminRoutes[name]);
  }
  return asRouteTable(groups);
}
