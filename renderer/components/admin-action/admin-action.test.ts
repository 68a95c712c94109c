import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../shared/contract/market-api.js';
import { adminActionOutcome, failureToastOf, SERVICE_UNAVAILABLE_TOAST } from './admin-action.js';

const refused = (message: string): ApiFailure => ({ status: 409, message, code: 'Conflict' });

describe('admin action outcome', () => {
  it.each([
    [
      'the server gave a reason',
      'Username is taken',
      { title: 'Failed to update username', message: 'Username is taken' },
    ],
    ['the server gave none', '', { message: 'Failed to update username' }],
    ['the reason is the line itself', 'Failed to update username', { message: 'Failed to update username' }],
  ])('a failure toast when %s', (_, message, shown) => {
    expect(failureToastOf('Failed to update username', refused(message))).toEqual({ ...shown, intent: 'danger' });
  });

  it('a worded failure is the whole toast', () => {
    const toast = failureToastOf((error) => error.message || 'Failed to cancel order', refused('Already delivered'));
    expect(toast).toEqual({ message: 'Already delivered', intent: 'danger' });
  });

  it('shows the success toast, from the data when it is worded from it', () => {
    expect(adminActionOutcome({ ok: true, data: 2 }, { success: (n) => `${n} cases resolved`, failure: 'x' })).toEqual({
      toast: { message: '2 cases resolved', intent: 'success' },
      log: null,
    });
    expect(adminActionOutcome({ ok: true, data: 1 }, { failure: 'x' })).toEqual({ toast: null, log: null });
  });

  it('logs a failure only where the specification says so, and toasts it either way', () => {
    const error = refused('Not found');
    const logged = adminActionOutcome(
      { ok: false, error },
      { failure: 'Failed to approve request', log: 'Error approving request' },
    );
    expect(logged.log).toEqual({ message: 'Error approving request', error });
    expect(logged.toast).toMatchObject({ title: 'Failed to approve request', message: 'Not found' });
    expect(adminActionOutcome({ ok: false, error }, { failure: 'Failed to delete chat' }).log).toBeNull();
  });

  it('a 503 is one shared "not done" toast, never a toast per row', () => {
    const error: ApiFailure = { status: 503, code: 'databaseUnavailable', message: 'The database does not answer' };
    const rows = [1, 2, 3].map(() => adminActionOutcome({ ok: false, error }, { failure: 'Failed to delete chat' }));
    expect(new Set(rows.map((row) => row.toast?.key))).toEqual(new Set(['service-unavailable']));
    expect(rows[0]!.toast).toBe(SERVICE_UNAVAILABLE_TOAST);
  });
});
