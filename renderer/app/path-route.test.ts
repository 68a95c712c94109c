import { describe, expect, it } from 'vitest';
import { hashRouteOfPath } from './path-route.js';

describe('a route in the path', () => {
  it.each([
    ['/dashboard/users/u1', '', '/#/dashboard/users/u1'],
    ['/auth/login', '', '/#/auth/login'],
    ['/', '', null],
    ['/dashboard/users', '#/dashboard/home', null],
    ['/assets/index.js', '', null],
  ])('%s (hash %s) moves to %s', (path, hash, moved) => {
    expect(hashRouteOfPath(path, hash)).toBe(moved);
  });
});
