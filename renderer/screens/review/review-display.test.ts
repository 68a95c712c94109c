import { describe, expect, it } from 'vitest';
import { ageOf, highlightSegments, outcomesFor, subjectOf, timeLeftOf } from './review-display.js';

describe('highlightSegments', () => {
  it('cuts the excerpt into plain and matched pieces', () => {
    expect(
      highlightSegments('text me 555 two one two 4567', [
        { kind: 'messenger', text: 'text me' },
        { kind: 'phone', text: '555 two one two 4567' },
      ]),
    ).toEqual([
      { text: 'text me', kind: 'messenger' },
      { text: ' ', kind: null },
      { text: '555 two one two 4567', kind: 'phone' },
    ]);
  });

  it('keeps the first of overlapping matches and ignores what the excerpt lacks', () => {
    expect(
      highlightSegments('pay me on venmo', [
        { kind: 'payment', text: 'venmo' },
        { kind: 'payment', text: 'on venmo' },
        { kind: 'url', text: 'elsewhere.com' },
      ]),
    ).toEqual([
      { text: 'pay me on ', kind: null },
      { text: 'venmo', kind: 'payment' },
    ]);
    expect(highlightSegments('', [])).toEqual([]);
  });
});

describe('case display', () => {
  it('ages', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(ageOf('2026-11-24T11:59:30Z', now)).toBe('30s');
    expect(ageOf('2026-11-24T11:55:00Z', now)).toBe('5m');
    expect(ageOf('2026-11-24T09:00:00Z', now)).toBe('3h');
    expect(ageOf('2026-11-22T12:00:00Z', now)).toBe('2d');
  });

  it('offers content removal only where there is content', () => {
    expect(outcomesFor('chatMessage', false)).toContain('contentRemoved');
    expect(outcomesFor('user', false)).not.toContain('contentRemoved');
    expect(outcomesFor('order', true)).toEqual(['answered', 'refunded', 'dismissed', 'userWarned']);
  });

  it('names the subject', () => {
    const user = { id: 'u1', userName: 'jane', email: 'jane@x.test' };
    expect(subjectOf({ subjectType: 'chatMessage', subjectUser: user })).toBe('Chat message by jane');
    expect(subjectOf({ subjectType: 'listing', subjectUser: user })).toBe('Listing of jane');
    expect(subjectOf({ subjectType: 'none', subjectUser: null })).toBe('None');
    expect(subjectOf({ subjectType: 'listing', subjectUser: user, source: 'auctionIntegrity' })).toBe(
      'Auction, suspect: jane',
    );
  });
});

describe('timeLeftOf', () => {
  const now = Date.parse('2026-01-20T12:00:00Z');
  it.each([
    ['2026-01-20T12:45:00Z', { text: '45m', overdue: false }],
    ['2026-01-20T15:20:00Z', { text: '3h 20m', overdue: false }],
    ['2026-01-22T16:00:00Z', { text: '2d 4h', overdue: false }],
    ['2026-01-20T10:55:00Z', { text: 'overdue 1h 5m', overdue: true }],
    ['2026-01-20T11:59:30Z', { text: 'overdue 0m', overdue: true }],
  ])('due %s', (dueAt, expected) => {
    expect(timeLeftOf(dueAt, now)).toEqual(expected);
  });
});

describe('outcomesFor an appeal', () => {
  it('is granted or denied', () => {
    expect(outcomesFor('user', false, 'appeal')).toEqual(['appealGranted', 'appealDenied']);
  });
});
