import { describe, expect, it } from 'vitest';
import { shareableLinkOf } from './record-link.js';
import { recordRouteOf } from './record-route.js';

describe('record links', () => {
  it.each([
    ['/dashboard/users', 'u1', '/dashboard/users/u1'],
    ['/dashboard/listings/sold', 'a b', '/dashboard/listings/sold/a%20b'],
  ])('the record route of %s and %s is %s', (screen, id, route) => {
    expect(recordRouteOf(screen, id)).toBe(route);
  });

  it('is the page address with the route after # in the browser host', () => {
    const location = { protocol: 'http:', origin: 'http://127.0.0.1:5173', pathname: '/' };
    expect(shareableLinkOf('/dashboard/users/u1', location)).toBe('http://127.0.0.1:5173/#/dashboard/users/u1');
  });

  it('is a market-admin:// deep link in the desktop app', () => {
    const location = { protocol: 'file:', origin: 'null', pathname: '/app/index.html' };
    expect(shareableLinkOf('/dashboard/listings/active/l7', location)).toBe(
      'market-admin://dashboard/listings/active/l7',
    );
  });
});
