import { describe, expect, it } from 'vitest';
import { enforcementBody, type EnforcementForm } from './enforcement-form.js';

const now = new Date('2026-03-01T12:00:00Z');
const base: EnforcementForm = { action: 'warn', preset: 'Spam', details: '', message: '', until: '' };
const later = new Date('2026-03-08T12:00:00Z');
const local = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

describe('enforcementBody', () => {
  it.each([
    ['a warning with a preset only', base, { ok: true, body: { action: 'warn', reason: 'Spam' } }],
    [
      'a preset with the admin’s words and a message',
      { ...base, details: ' copied listings ', message: ' Please stop ' },
      { ok: true, body: { action: 'warn', reason: 'Spam: copied listings', message: 'Please stop' } },
    ],
    ['no reason', { ...base, preset: '' }, { ok: false, message: 'Choose a reason' }],
    [
      'a suspension without a date',
      { ...base, action: 'suspend' },
      { ok: false, message: 'A suspension needs an end date' },
    ],
    [
      'a suspension ending in the past',
      { ...base, action: 'suspend', until: local(new Date('2026-02-01T12:00:00Z')) },
      { ok: false, message: 'The end date must be in the future' },
    ],
    [
      'a suspension with a date',
      { ...base, action: 'suspend', until: local(later) },
      { ok: true, body: { action: 'suspend', reason: 'Spam', until: later.toISOString() } },
    ],
    [
      'selling suspended until lifted',
      { ...base, action: 'suspendSelling' },
      { ok: true, body: { action: 'suspendSelling', reason: 'Spam' } },
    ],
    // A ban has no end: a date left in the form is not sent.
    ['a ban', { ...base, action: 'ban', until: local(later) }, { ok: true, body: { action: 'ban', reason: 'Spam' } }],
  ] as const)('%s', (_, form, expected) => {
    expect(enforcementBody(form, now)).toEqual(expected);
  });
});
