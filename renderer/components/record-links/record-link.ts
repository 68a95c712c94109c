// What 'Copy link' puts on the clipboard for a record's route: in the desktop app a
// market-admin:// deep link (it opens the record in a colleague's app), in the browser host the
// page's own address with the route after '#'.

export const DEEP_LINK_SCHEME = 'market-admin';

/** `route` is an in-app route such as /dashboard/users/u1; `location` the window's address. */
export function shareableLinkOf(route: string, location: { protocol: string; origin: string; pathname: string }) {
  if (location.protocol === 'http:' || location.protocol === 'https:') {
    return `${location.origin}${location.pathname}#${route}`;
  }
  return `${DEEP_LINK_SCHEME}://${route.replace(/^\/+/, '')}`;
}

/** Copies text; the sandboxed desktop window may refuse the async clipboard, so fall back. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}
