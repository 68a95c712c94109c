import { describe, expect, it } from 'vitest';
import { enforcementNotice, enforcementOutcome, type AccountRestrictions } from './enforcement-state.js';

const now = new Date('2026-03-01T12:00:00Z');
const later = new Date('2026-03-08T12:00:00Z');
const past = new Date('2026-02-01T12:00:00Z');
const clear: AccountRestrictions = { suspendedUntil: null, sellingSuspendedUntil: null };

describe('enforcementOutcome', () => {
  it.each([
    ['a warning changes nothing', clear, 'warn', null, { ok: true, next: clear }],
    [
      'suspending selling without a date lasts until lifted',
      clear,
      'suspendSelling',
      null,
      { ok: true, next: { suspendedUntil: null, sellingSuspendedUntil: 'forever' } },
    ],
    [
      'suspending selling with a date ends then',
      clear,
      'suspendSelling',
      later,
      { ok: true, next: { suspendedUntil: null, sellingSuspendedUntil: later } },
    ],
    [
      'a suspension ends at its date',
      clear,
      'suspend',
      later,
      { ok: true, next: { suspendedUntil: later, sellingSuspendedUntil: null } },
    ],
    [
      'a suspension without a date is refused',
      clear,
      'suspend',
      null,
      { ok: false, status: 400, message: 'a suspension needs an end date (until)' },
    ],
    [
      'a date in the past is refused',
      clear,
      'suspend',
      past,
      { ok: false, status: 400, message: 'until must be in the future' },
    ],
    [
      'a ban is forever and keeps a selling suspension',
      { suspendedUntil: null, sellingSuspendedUntil: 'forever' },
      'ban',
      null,
      { ok: true, next: { suspendedUntil: 'forever', sellingSuspendedUntil: 'forever' } },
    ],
    [
      'lift clears both',
      { suspendedUntil: later, sellingSuspendedUntil: 'forever' },
      'lift',
      null,
      { ok: true, next: clear },
    ],
    [
      'lift with nothing in effect is a conflict',
      clear,
      'lift',
      null,
      { ok: false, status: 409, message: 'Nothing to lift: no enforcement is in effect on this user' },
    ],
    [
      'a suspension that already ended is nothing to lift',
      { suspendedUntil: past, sellingSuspendedUntil: null },
      'lift',
      null,
      { ok: false, status: 409, message: 'Nothing to lift: no enforcement is in effect on this user' },
    ],
    [
      'an ended suspension is dropped when another action is applied',
      { suspendedUntil: past, sellingSuspendedUntil: null },
      'warn',
      null,
      { ok: true, next: clear },
    ],
  ] as const)('%s', (_, current, action, until, expected) => {
    expect(enforcementOutcome(current, action, until, now)).toEqual(expected);
  });
});

describe('enforcementNotice', () => {
  it.each([
    ['warn', null, 'You received a warning from the marketplace team'],
    ['suspendSelling', null, 'Selling is suspended on your account'],
    ['suspend', later, 'Your account is suspended until 2026-03-08 12:00 UTC'],
    ['ban', null, 'Your account is banned'],
    ['lift', null, 'The restrictions on your account were lifted'],
  ] as const)('%s', (action, until, text) => {
    expect(enforcementNotice(action, until)).toBe(text);
  });
});
