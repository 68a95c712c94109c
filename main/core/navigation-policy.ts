// Where our windows may go (plain Node so it is tested): in-app navigation only, external
// links to the system browser when https, everything else denied.

export interface AppPages {
  /** Dev server or browser-host origin, e.g. http://127.0.0.1:5173; absent when packaged. */
  devOrigin?: string | undefined;
  /** The packaged renderer's index.html as a file:// URL. */
  indexFileUrl?: string | undefined;
}

export function isAppPage(target: string, pages: AppPages): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (pages.devOrigin && url.origin === new URL(pages.devOrigin).origin) return true;
  if (pages.indexFileUrl && url.protocol === 'file:') {
    const index = new URL(pages.indexFileUrl);
    return url.host === index.host && url.pathname === index.pathname;
  }
  return false;
}

/** Links leaving the app open in the system browser only when they are https. */
export function isSafeExternalLink(target: string): boolean {
  try {
    const url = new URL(target);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The strict CSP of every window: no eval, no inline script, API and Auth only. */
export function contentSecurityPolicy(connectOrigins: readonly string[]): string {
  const connect = ["'self'", ...connectOrigins].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    'media-src https:',
    // A listing's video plays in a <video> element; nothing is framed.
    "frame-src 'none'",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The API's and Auth's origins (http and ws) for connect-src. */
export function connectOriginsOf(urls: readonly (string | null | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const value of urls) {
    if (!value) continue;
    const url = new URL(value);
    origins.add(url.origin);
    origins.add(`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`);
  }
  return [...origins];
}
