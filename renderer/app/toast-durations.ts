// How long the app's toasts stay on screen.

export const ADMIN_TOAST_MS = 3000;
/** The login form's "enter your email and password" toast, longer: nothing else is on screen. */
export const EMPTY_CREDENTIALS_TOAST_MS = 5000;
