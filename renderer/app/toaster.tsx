// The one toaster of the back-office: every toast is closable and lasts 3 s unless the
// product names another duration (empty credentials: 5 s).
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { ADMIN_TOAST_MS } from './toast-durations.js';

let toaster: Promise<Toaster> | undefined;

function getToaster(): Promise<Toaster> {
  // Blueprint 6 mounts its toaster asynchronously (React 18 createRoot).
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

export interface ToastOptions {
  message: string;
  /** A bold first line, e.g. 'Access Denied'. */
  title?: string;
  intent?: 'success' | 'danger' | 'warning' | 'primary';
  timeout?: number;
  /** Toasts with the same key replace each other: one per cause, not one per row. */
  key?: string;
}

export function showToast({ message, title, intent = 'primary', timeout = ADMIN_TOAST_MS, key }: ToastOptions): void {
  const body: ReactNode = title ? (
    <span>
      <strong className="toast-title">{title}</strong>
      <br />
      {message}
    </span>
  ) : (
    message
  );
  void getToaster().then((t) =>
    t.show(
      {
        message: body,
        intent:
          intent === 'success'
            ? Intent.SUCCESS
            : intent === 'danger'
              ? Intent.DANGER
              : intent === 'warning'
                ? Intent.WARNING
                : Intent.PRIMARY,
        icon: intent === 'success' ? 'tick-circle' : intent === 'danger' ? 'error' : undefined,
        timeout,
        isCloseButtonShown: true,
      },
      key,
    ),
  );
}

export const toastSuccess = (message: string) => showToast({ message, intent: 'success' });
export const toastError = (message: string) => showToast({ message, intent: 'danger' });
