// The rules of the one-time code that proves a user holds a phone number: how long it lives,
// how often it may be sent and how many wrong guesses it survives. Times are epoch milliseconds.

// The code's length is the contract's (the app's input has as many boxes).
export { PHONE_CODE_DIGITS } from '../../../../shared/contract/market/accounts.js';
export const PHONE_CODE_TTL_MS = 10 * 60_000;
/** A new code no sooner than this after the last one: the SMS may simply be slow. */
export const PHONE_CODE_RESEND_AFTER_MS = 30_000;
/** Codes per user per window: each one costs an SMS and is a chance to pester a stranger's phone. */
export const PHONE_CODE_MAX_SENDS = 5;
export const PHONE_CODE_SEND_WINDOW_MS = 60 * 60_000;
/** Wrong guesses before the code is void: 5 in a million leaves guessing hopeless. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** What the last code sent to the user left behind. */
export interface CodeSends {
  /** When the first code of the current window went out. */
  windowStartedAt: number;
  lastSentAt: number;
  sends: number;
}

export type SendDecision =
  { allowed: true; next: CodeSends } | { allowed: false; retryAfterMs: number; message: string };

const seconds = (ms: number) => Math.ceil(ms / 1000);

/** Whether another code may be sent now, and the send record that sending it leaves. */
export function codeSendDecision(previous: CodeSends | null, now: number): SendDecision {
  if (!previous || now - previous.windowStartedAt >= PHONE_CODE_SEND_WINDOW_MS) {
    return { allowed: true, next: { windowStartedAt: now, lastSentAt: now, sends: 1 } };
  }
  const cooldownLeft = previous.lastSentAt + PHONE_CODE_RESEND_AFTER_MS - now;
  if (cooldownLeft > 0) {
    return {
      allowed: false,
      retryAfterMs: cooldownLeft,
      message: `A code was just sent; ask for another in ${seconds(cooldownLeft)} s`,
    };
  }
  if (previous.sends >= PHONE_CODE_MAX_SENDS) {
    const windowLeft = previous.windowStartedAt + PHONE_CODE_SEND_WINDOW_MS - now;
    return {
      allowed: false,
      retryAfterMs: windowLeft,
      message: `Too many codes sent; ask for another in ${Math.ceil(windowLeft / 60_000)} min`,
    };
  }
  return { allowed: true, next: { ...previous, lastSentAt: now, sends: previous.sends + 1 } };
}

/** When the next code may be asked for, after the sends recorded in `sends`. */
export function nextCodeAllowedAt(sends: CodeSends): number {
  const cooldownOver = sends.lastSentAt + PHONE_CODE_RESEND_AFTER_MS;
  if (sends.sends < PHONE_CODE_MAX_SENDS) return cooldownOver;
  return Math.max(cooldownOver, sends.windowStartedAt + PHONE_CODE_SEND_WINDOW_MS);
}

export type CodeCheck =
  | { outcome: 'verified' }
  | { outcome: 'wrong'; attemptsLeft: number }
  | { outcome: 'expired' }
  | { outcome: 'exhausted' };

/** The answer to a submitted code; `matches` is whether it equals the code sent. */
export function phoneCodeCheck(
  pending: { expiresAt: number; attempts: number },
  now: number,
  matches: boolean,
): CodeCheck {
  // Order matters: an expired or exhausted code is void even when the guess is right.
  if (now >= pending.expiresAt) return { outcome: 'expired' };
  if (pending.attempts >= PHONE_CODE_MAX_ATTEMPTS) return { outcome: 'exhausted' };
  if (matches) return { outcome: 'verified' };
  return { outcome: 'wrong', attemptsLeft: PHONE_CODE_MAX_ATTEMPTS - pending.attempts - 1 };
}
