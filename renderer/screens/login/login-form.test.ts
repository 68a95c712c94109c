import { describe, expect, it } from 'vitest';
import { ACCESS_DENIED_TOAST, SIGN_IN_FAILED_TOAST, hasCredentials, signInToast } from './login-form.js';

const user = { uid: 'u', email: 'a@b.c', displayName: null, photoURL: null, adminRole: 'owner' as const };

describe('login form', () => {
  it.each([
    ['', '', false],
    ['a@b.c', '', false],
    ['  ', 'pw', false],
    ['a@b.c', 'pw', true],
  ])('credentials %j / %j are complete: %s', (email, password, expected) => {
    expect(hasCredentials(email, password)).toBe(expected);
  });

  it('lets an admin in without a toast', () => {
    expect(signInToast({ ok: true, user: { ...user, isAdmin: true } })).toBeNull();
  });

  it('denies access to a signed-in non-admin for 3 s', () => {
    expect(signInToast({ ok: true, user: { ...user, isAdmin: false } })).toBe(ACCESS_DENIED_TOAST);
    expect(signInToast({ ok: false, reason: 'access-denied', message: '' })).toEqual({
      title: 'Access Denied',
      message: 'You are not an admin. Access denied.',
      intent: 'danger',
      timeout: 3000,
    });
  });

  it('says something went wrong for any other failure', () => {
    expect(signInToast({ ok: false, reason: 'invalid-credentials', message: 'x' })).toBe(SIGN_IN_FAILED_TOAST);
    expect(SIGN_IN_FAILED_TOAST.message).toBe('Something went wrong, please try again later.');
  });
});
