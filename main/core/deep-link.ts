// `market-admin://` deep links → in-app routes, so a link in a ticket opens the record:
// market-admin://dashboard/<route> (the app's own routes, e.g. dashboard/users/<id>, what 'Copy
// link' gives), the short market-admin://users/<id>, market-admin://listings/<id>,
// market-admin://orders/<id>, or market-admin://open?route=/dashboard/... . Anything else is ignored.

export const DEEP_LINK_PROTOCOL = 'market-admin';

const RECORD_ROUTES: Record<string, (id: string) => string> = {
  users: (id) => `/dashboard/users/${id}`,
  listings: (id) => `/dashboard/listings/active/${id}`,
  orders: (id) => `/dashboard/listings/sold/${id}`,
};

const ROUTE = /^\/dashboard(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9\-._~=&%]*)?$/;

/** The route a deep link points at, or null when it is not one of ours. */
export function routeOfDeepLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_PROTOCOL}:`) return null;
  if (url.hostname === 'dashboard') {
    const route = `/dashboard${url.pathname.replace(/\/+$/, '')}`;
    return ROUTE.test(route) && !route.includes('//') ? route : null;
  }
  if (url.hostname === 'open') {
    const route = url.searchParams.get('route');
    return route && ROUTE.test(route) ? route : null;
  }
  const record = RECORD_ROUTES[url.hostname];
  const id = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!record || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  return record(id);
}

/** The deep link among a process's arguments (Windows/Linux pass it on the command line). */
export function deepLinkInArgs(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.startsWith(`${DEEP_LINK_PROTOCOL}://`)) ?? null;
}
