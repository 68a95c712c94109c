import { describe, expect, it } from 'vitest';
import {
  codeSendDecision,
  nextCodeAllowedAt,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_MAX_SENDS,
  PHONE_CODE_RESEND_AFTER_MS,
  PHONE_CODE_SEND_WINDOW_MS,
  phoneCodeCheck,
} from './phone-code.js';

const T = 1_700_000_000_000;

describe('codeSendDecision', () => {
  it.each([
    ['the first code', null, T, { allowed: true, sends: 1, windowStartedAt: T }],
    [
      'a resend after the cooldown',
      { windowStartedAt: T, lastSentAt: T, sends: 1 },
      T + PHONE_CODE_RESEND_AFTER_MS,
      { allowed: true, sends: 2, windowStartedAt: T },
    ],
    [
      'a resend within the cooldown',
      { windowStartedAt: T, lastSentAt: T, sends: 1 },
      T + PHONE_CODE_RESEND_AFTER_MS - 1,
      { allowed: false, retryAfterMs: 1, message: 'A code was just sent; ask for another in 1 s' },
    ],
    [
      'a sixth code within the hour',
      { windowStartedAt: T, lastSentAt: T + 600_000, sends: PHONE_CODE_MAX_SENDS },
      T + 1_800_000,
      { allowed: false, retryAfterMs: 1_800_000, message: 'Too many codes sent; ask for another in 30 min' },
    ],
    [
      'a code once the hour is over',
      { windowStartedAt: T, lastSentAt: T + 600_000, sends: PHONE_CODE_MAX_SENDS },
      T + PHONE_CODE_SEND_WINDOW_MS,
      { allowed: true, sends: 1, windowStartedAt: T + PHONE_CODE_SEND_WINDOW_MS },
    ],
  ] as const)('%s', (_case, previous, now, expected) => {
    const decision = codeSendDecision(previous, now);
    if (expected.allowed) {
      expect(decision).toEqual({
        allowed: true,
        next: { windowStartedAt: expected.windowStartedAt, lastSentAt: now, sends: expected.sends },
      });
    } else {
      expect(decision).toEqual(expected);
    }
  });
});

describe('nextCodeAllowedAt', () => {
  it.each([
    ['after the first code', { windowStartedAt: T, lastSentAt: T, sends: 1 }, T + PHONE_CODE_RESEND_AFTER_MS],
    [
      'after the fourth code',
      { windowStartedAt: T, lastSentAt: T + 600_000, sends: PHONE_CODE_MAX_SENDS - 1 },
      T + 600_000 + PHONE_CODE_RESEND_AFTER_MS,
    ],
    [
      'after the last code of the hour',
      { windowStartedAt: T, lastSentAt: T + 600_000, sends: PHONE_CODE_MAX_SENDS },
      T + PHONE_CODE_SEND_WINDOW_MS,
    ],
  ] as const)('%s', (_case, sends, at) => {
    expect(nextCodeAllowedAt(sends)).toBe(at);
    // What the decision itself says at that moment and just before.
    expect(codeSendDecision(sends, at).allowed).toBe(true);
    expect(codeSendDecision(sends, at - 1).allowed).toBe(false);
  });
});

describe('phoneCodeCheck', () => {
  const live = { expiresAt: T + 1000, attempts: 0 };
  it.each([
    ['the right code in time', live, T, true, { outcome: 'verified' }],
    ['a wrong first guess', live, T, false, { outcome: 'wrong', attemptsLeft: PHONE_CODE_MAX_ATTEMPTS - 1 }],
    [
      'the last wrong guess',
      { ...live, attempts: PHONE_CODE_MAX_ATTEMPTS - 1 },
      T,
      false,
      { outcome: 'wrong', attemptsLeft: 0 },
    ],
    [
      'the right code after the last guess',
      { ...live, attempts: PHONE_CODE_MAX_ATTEMPTS },
      T,
      true,
      { outcome: 'exhausted' },
    ],
    ['the right code at expiry', live, T + 1000, true, { outcome: 'expired' }],
  ] as const)('%s', (_case, pending, now, matches, expected) => {
    expect(phoneCodeCheck(pending, now, matches)).toEqual(expected);
  });
});
