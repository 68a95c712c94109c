// One admin action's busy state and outcome: `run` calls the API, shows the success or failure
// toast (admin-action.ts) and logs where the specification says so. No failure is silent.
import { useCallback, useState } from 'react';
import type { ApiResult } from '../../../shared/contract/market-api.js';
import { showToast } from '../../app/toaster.js';
import { adminActionOutcome, thrownFailure, type AdminActionTexts } from './admin-action.js';

/** Runs an action outside a component (a bulk action's rows): its result, the outcome shown. */
export async function runAdminAction<T>(
  call: () => Promise<ApiResult<T>>,
  texts: AdminActionTexts<T>,
): Promise<ApiResult<T>> {
  let result: ApiResult<T>;
  try {
    result = await call();
  } catch (error) {
    result = { ok: false, error: thrownFailure(error) };
  }
  const outcome = adminActionOutcome(result, texts);
  if (outcome.log) console.error(outcome.log.message, outcome.log.error);
  if (outcome.toast) showToast(outcome.toast);
  return result;
}

export interface AdminAction {
  /** The action is running: its button shows a spinner. */
  busy: boolean;
  /** Runs the call with these texts; the data on success, undefined on failure (already shown). */
  run<T>(call: () => Promise<ApiResult<T>>, texts: AdminActionTexts<T>): Promise<T | undefined>;
}

export function useAdminAction(): AdminAction {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(call: () => Promise<ApiResult<T>>, texts: AdminActionTexts<T>) => {
    setBusy(true);
    try {
      const result = await runAdminAction(call, texts);
      return result.ok ? result.data : undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
