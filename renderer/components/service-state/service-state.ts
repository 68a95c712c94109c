// Survival of faults: when the API answers 503 (its database or the identity provider does not
// answer), the window shows one "Service unavailable, retrying" state and reads again by itself,
// rather than a toast per row. A 503 never signs anyone out: only the session's own sign-out does.
import type { ApiFailure, ApiResult } from '../../../shared/contract/market-api.js';

const UNAVAILABLE_CODES = new Set(['databaseUnavailable', 'identityUnavailable']);

/** The API is up but cannot serve now (it recovers by itself): wait and try again. */
export function isServiceUnavailable(error: ApiFailure): boolean {
  return error.status === 503 && UNAVAILABLE_CODES.has(error.code);
}

/** The waits between the reads of a retried call: short first, then every 5 s. */
export const RETRY_DELAYS_MS = [1000, 2000, 3000, 5000];
/** How long a read keeps retrying before it reports the failure as it came. */
export const RETRY_BUDGET_MS = 60_000;

export interface RetryOptions {
  /** Reads are retried; a write reports the 503 at once (it may be tried again by hand). */
  retry: boolean;
  /** Told true at a 503, false at any answer that is not one. */
  onUnavailable: (unavailable: boolean) => void;
  sleep?: (ms: number) => Promise<void>;
  budgetMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `call`, retrying a read while the service is unavailable, within the budget. */
export async function whileUnavailable<T>(
  call: () => Promise<ApiResult<T>>,
  options: RetryOptions,
): Promise<ApiResult<T>> {
  const sleep = options.sleep ?? wait;
  const budget = options.budgetMs ?? RETRY_BUDGET_MS;
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    const result = await call();
    const unavailable = !result.ok && isServiceUnavailable(result.error);
    options.onUnavailable(unavailable);
    if (!unavailable || !options.retry) return result;
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
    if (waited + delay > budget) return result;
    await sleep(delay);
    waited += delay;
  }
}
