// The browser host serves the app at any path: a route in the path (a pasted
// http://host/dashboard/users/u1) moves after '#', where the hash router reads it.
export function hashRouteOfPath(pathname: string, hash: string): string | null {
  if (hash.length > 1) return null;
  return /^\/(dashboard|auth)(\/|$)/.test(pathname) ? `/#${pathname}` : null;
}

if (typeof window !== 'undefined') {
  const moved = hashRouteOfPath(window.location.pathname, window.location.hash);
  if (moved) window.history.replaceState(null, '', moved + window.location.search);
}
