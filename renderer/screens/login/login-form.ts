// What the Login screen tells the admin after each outcome.
import type { SignInResult } from '../../../shared/contract/market-api.js';
import { ADMIN_TOAST_MS, EMPTY_CREDENTIALS_TOAST_MS } from '../../app/toast-durations.js';
import type { ToastOptions } from '../../app/toaster.js';

export const EMPTY_CREDENTIALS_TOAST: ToastOptions = {
  message: 'Please fill in your credentials',
  intent: 'danger',
  timeout: EMPTY_CREDENTIALS_TOAST_MS,
};
export const ACCESS_DENIED_TOAST: ToastOptions = {
  title: 'Access Denied',
  message: 'You are not an admin. Access denied.',
  intent: 'danger',
  timeout: ADMIN_TOAST_MS,
};
export const SIGN_IN_FAILED_TOAST: ToastOptions = {
  message: 'Something went wrong, please try again later.',
  intent: 'danger',
  timeout: ADMIN_TOAST_MS,
};

export function hasCredentials(email: string, password: string): boolean {
  return email.trim() !== '' && password !== '';
}

/** The toast for a sign-in answer; null when the admin is in. */
export function signInToast(result: SignInResult): ToastOptions | null {
  if (result.ok) return result.user.isAdmin ? null : ACCESS_DENIED_TOAST;
  return result.reason === 'access-denied' ? ACCESS_DENIED_TOAST : SIGN_IN_FAILED_TOAST;
}
