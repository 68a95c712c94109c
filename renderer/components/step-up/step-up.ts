// Step-up ("Confirm it's you"): the API refuses a refund, a ban or a deletion with 401
// `reauthenticationRequired` when the admin signed in too long ago. The app then asks for the
// password, main's session signs in again, and the call is tried once more. Cancelling leaves
// the call refused: nothing was done, and the action says so.
import type { ApiFailure, ApiResult } from '../../../shared/contract/market-api.js';

/** The refusal that asks for the password again (and never means "signed out"). */
export function isStepUpRefusal(error: ApiFailure): boolean {
  return error.status === 401 && error.code === 'reauthenticationRequired';
}

/** What a call reports when the admin cancelled the password prompt: not done, nothing changed. */
export const NOT_CONFIRMED: ApiFailure = {
  status: 401,
  code: 'reauthenticationRequired',
  message: 'Not done: your password was not confirmed, so nothing was changed.',
};

/**
 * Runs `call`; when it is refused for an old sign-in, `confirm` asks for the password (true once
 * main has signed in again) and the call runs once more. A second refusal is reported as it is.
 */
export async function withStepUp<T>(
  call: () => Promise<ApiResult<T>>,
  confirm: () => Promise<boolean>,
): Promise<ApiResult<T>> {
  const first = await call();
  if (first.ok || !isStepUpRefusal(first.error)) return first;
  if (!(await confirm())) return { ok: false, error: NOT_CONFIRMED };
  return call();
}

/**
 * One prompt for every call waiting on it: a bulk action whose rows are refused together asks for
 * the password once. `show` opens the dialog; the dialog calls `settle` with whether it worked.
 */
export function createStepUpPrompt(show: (open: boolean) => void) {
  let pending: { promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null = null;
  return {
    ask(): Promise<boolean> {
      if (!pending) {
        let resolve: (confirmed: boolean) => void = () => undefined;
        const promise = new Promise<boolean>((r) => (resolve = r));
        pending = { promise, resolve };
        show(true);
      }
      return pending.promise;
    },
    settle(confirmed: boolean): void {
      const settled = pending;
      pending = null;
      show(false);
      settled?.resolve(confirmed);
    },
  };
}
