// market-admin:// deep links: which links open which in-app route, and which open nothing.
import { describe, expect, it } from 'vitest';
import { deepLinkInArgs, routeOfDeepLink } from './deep-link.js';

describe('market-admin:// deep links', () => {
  it.each([
    ['market-admin://users/u1', '/dashboard/users/u1'],
    ['market-admin://listings/l-2/', '/dashboard/listings/active/l-2'],
    ['market-admin://orders/o_3', '/dashboard/listings/sold/o_3'],
    ['market-admin://dashboard/users/u1', '/dashboard/users/u1'],
    ['market-admin://dashboard/listings/sold/o_3', '/dashboard/listings/sold/o_3'],
    ['market-admin://dashboard/inbox/chats', '/dashboard/inbox/chats'],
    ['market-admin://dashboard/users/..%2F..%2Fetc', null],
    ['market-admin://dashboard//evil.example', null],
    ['market-admin://open?route=/dashboard/inbox/chats', '/dashboard/inbox/chats'],
    ['market-admin://users/a/b', null],
    ['market-admin://users/%3Cscript%3E', null],
    ['market-admin://open?route=https://evil.example', null],
    ['market-admin://shell/rm', null],
    ['https://users/u1', null],
    ['not a url', null],
  ])('%s → %s', (link, route) => {
    expect(routeOfDeepLink(link)).toBe(route);
  });

  it('finds the link among command-line arguments (Windows/Linux second instance)', () => {
    expect(deepLinkInArgs(['/opt/app', '--flag', 'market-admin://users/u1'])).toBe('market-admin://users/u1');
    expect(deepLinkInArgs(['/opt/app'])).toBeNull();
  });
});
