// What an admin action's outcome shows: the success toast, or the failure toast with the server's
// reason, and the console line where the specification says a failure is logged. A pure rule, so
// every action (a drawer's Save, a row's Delete, a star, a bulk resolve) words its outcome alike.
import type { ApiFailure, ApiResult } from '../../../shared/contract/market-api.js';
import type { ToastOptions } from '../../app/toaster.js';
import { isServiceUnavailable } from '../service-state/service-state.js';

/**
 * An action refused because the API is unavailable: the banner already says so, and a bulk
 * action's rows share this one toast (same key) instead of one error each.
 */
export const SERVICE_UNAVAILABLE_TOAST: ToastOptions = {
  message: 'Not done: the service is unavailable. Try again when it is back.',
  intent: 'warning',
  key: 'service-unavailable',
};

export interface AdminActionTexts<T> {
  /** The success toast, verbatim from the specification; none where the screen shows the change itself (a star). */
  success?: string | ((data: T) => string);
  /**
   * The failure toast's first line, verbatim from the specification where it names one ('Failed to
   * update seller fee'); the server's message follows it. A function words the whole toast itself
   * (cancel order: the server's message, else its fallback).
   */
  failure: string | ((error: ApiFailure) => string);
  /** The console line where the specification says the failure is logged ('Error approving request'). */
  log?: string;
}

export interface AdminActionOutcome {
  toast: ToastOptions | null;
  log: { message: string; error: ApiFailure } | null;
}

/** The failure toast: the action's line, then the server's reason when it sent one that says more. */
export function failureToastOf(failure: AdminActionTexts<never>['failure'], error: ApiFailure): ToastOptions {
  if (typeof failure === 'function') return { message: failure(error), intent: 'danger' };
  const reason = error.message.trim();
  return reason && reason !== failure
    ? { title: failure, message: reason, intent: 'danger' }
    : { message: failure, intent: 'danger' };
}

export function adminActionOutcome<T>(result: ApiResult<T>, texts: AdminActionTexts<T>): AdminActionOutcome {
  if (!result.ok) {
    return {
      toast: isServiceUnavailable(result.error)
        ? SERVICE_UNAVAILABLE_TOAST
        : failureToastOf(texts.failure, result.error),
      log: texts.log ? { message: texts.log, error: result.error } : null,
    };
  }
  const success = typeof texts.success === 'function' ? texts.success(result.data) : texts.success;
  return { toast: success ? { message: success, intent: 'success' } : null, log: null };
}

/** A call that threw (the host went away) fails like one the server refused. */
export function thrownFailure(error: unknown): ApiFailure {
  return { status: 0, code: 'network', message: error instanceof Error ? error.message : String(error) };
}

/** A call that answers nothing (a delete's 204), as a result `run` can tell from a failure. */
export async function wentThrough(call: Promise<ApiResult<unknown>>): Promise<ApiResult<true>> {
  const result = await call;
  return result.ok ? { ok: true, data: true } : result;
}
